import { OBJETO_IMP } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/objetoImp';

describe('c_ObjetoImp', () => {
	it('holds codes 01 to 08 with their SAT names', () => {
		expect(OBJETO_IMP.map((entry) => entry.code)).toEqual([
			'01',
			'02',
			'03',
			'04',
			'05',
			'06',
			'07',
			'08',
		]);
		expect(OBJETO_IMP.slice(0, 2).map((entry) => entry.spanish)).toEqual([
			'No objeto de impuesto',
			'Sí objeto de impuesto',
		]);
	});
});
