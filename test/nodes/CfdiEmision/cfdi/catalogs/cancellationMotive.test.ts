import { CANCELLATION_MOTIVE } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/cancellationMotive';

describe('catalogs', () => {
	it('requires the replacement UUID only for cancellation motive 01', () => {
		expect(
			CANCELLATION_MOTIVE.filter((m) => m.requiresFolioSustitucion).map((m) => m.code),
		).toEqual(['01']);
	});
});
