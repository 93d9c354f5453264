import { withSatNames } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/satNames';

describe('withSatNames', () => {
	it('adds the SAT Spanish name to each code the SAT catalog has, keeping a name already given', () => {
		const entries = withSatNames('c_MetodoPago', [
			{ code: 'PUE', description: 'at once' },
			{ code: 'PPD', description: 'later', spanish: 'mine' },
			{ code: 'XXX', description: 'not in the catalog' },
		]);
		expect(entries).toEqual([
			{ code: 'PUE', description: 'at once', spanish: 'Pago en una sola exhibición' },
			{ code: 'PPD', description: 'later', spanish: 'mine' },
			{ code: 'XXX', description: 'not in the catalog' },
		]);
	});

	it('leaves the entries of a catalog it has no names for as they are', () => {
		const entries = [{ code: '01', description: 'one' }];
		expect(withSatNames('c_NoSuchCatalog', entries)).toEqual(entries);
	});
});
