import { IMPUESTO } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/impuesto';

describe('c_Impuesto', () => {
	it('holds ISR, IVA and IEPS by their SAT codes and names', () => {
		expect(IMPUESTO.map((entry) => [entry.code, entry.spanish])).toEqual([
			['001', 'ISR'],
			['002', 'IVA'],
			['003', 'IEPS'],
		]);
	});
});
