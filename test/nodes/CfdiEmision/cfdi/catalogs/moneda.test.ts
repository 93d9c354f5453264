import {
	amountDecimals,
	currencyDecimals,
	MONEDA,
} from '../../../../../nodes/CfdiEmision/cfdi/catalogs/moneda';

describe('catalogs', () => {
	it('knows the decimals of each currency', () => {
		expect(MONEDA.length).toBeGreaterThan(170);
		for (const code of ['MXN', 'USD', 'EUR', 'GBP']) expect(currencyDecimals(code)).toBe(2);
		for (const code of ['JPY', 'KRW', 'CLP', 'XXX']) expect(currencyDecimals(code)).toBe(0);
		for (const code of ['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'LYD', 'IQD'])
			expect(currencyDecimals(code)).toBe(3);
		expect(currencyDecimals('CLF')).toBe(4);
		expect(currencyDecimals('MXP')).toBeUndefined();
		for (const entry of MONEDA) expect(entry.code).toMatch(/^[A-Z]{3}$/);
	});

	it("gives an amount's decimals, 2 when the currency is unknown", () => {
		expect(amountDecimals('CLP')).toBe(0);
		expect(amountDecimals('BHD')).toBe(3);
		expect(amountDecimals('nope')).toBe(2);
		expect(amountDecimals(undefined)).toBe(2);
	});
});
