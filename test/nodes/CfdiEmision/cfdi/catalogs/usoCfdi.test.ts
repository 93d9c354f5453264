import { catalogCodes, findEntry } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/lookup';
import { REGIMEN_FISCAL } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/regimenFiscal';
import { USO_CFDI } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/usoCfdi';

describe('catalogs', () => {
	it('lists the recipient regimes each use code allows', () => {
		const uso = (code: string) => findEntry(USO_CFDI, code);
		expect(uso('G01')?.regimes).toEqual([
			'601',
			'603',
			'606',
			'612',
			'620',
			'621',
			'622',
			'623',
			'624',
			'625',
			'626',
		]);
		expect(uso('G02')?.regimes).toContain('616');
		expect(uso('G03')?.regimes).not.toContain('616');
		expect(uso('D01')).toMatchObject({
			fisica: true,
			moral: false,
			regimes: ['605', '606', '607', '608', '611', '612', '614', '615', '625'],
		});
		expect(uso('S01')?.regimes).toEqual(catalogCodes(REGIMEN_FISCAL));
		expect(uso('CN01')?.regimes).toEqual(['605']);
		const regimes = new Set(catalogCodes(REGIMEN_FISCAL));
		for (const entry of USO_CFDI)
			for (const regime of entry.regimes) expect(regimes.has(regime)).toBe(true);
	});
});
