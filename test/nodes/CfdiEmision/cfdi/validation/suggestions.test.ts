import { METODO_PAGO } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/metodoPago';
import { MONEDA } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/moneda';
import { FORMA_PAGO } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/formaPago';
import {
	catalogFix,
	obviousCode,
} from '../../../../../nodes/CfdiEmision/cfdi/validation/suggestions';

describe('the code a value was meant to be', () => {
	it('finds a code written in another case or without its leading zeros', () => {
		expect(obviousCode(METODO_PAGO, ' pue ')).toBe('PUE');
		expect(obviousCode(FORMA_PAGO, '3')).toBe('03');
		expect(obviousCode(FORMA_PAGO, '07')).toBeUndefined();
	});
});

describe('the fix offered for a value outside a catalog', () => {
	it('names the obvious code with its description', () => {
		const entry = METODO_PAGO.find((e) => e.code === 'PPD');
		expect(catalogFix(METODO_PAGO, 'c_MetodoPago', 'ppd')).toBe(
			`Use "PPD" (${entry?.description}).`,
		);
	});

	it('lists a short catalog in full', () => {
		expect(catalogFix(METODO_PAGO, 'c_MetodoPago', 'PPE')).toBe(
			'Use a c_MetodoPago code: "PUE" or "PPD".',
		);
	});

	it('gives the three closest codes of a long catalog', () => {
		expect(MONEDA.length).toBeGreaterThan(25);
		// MXN and MXV are one letter off and share "MX"; MOP is one letter off and shares "M".
		expect(catalogFix(MONEDA, 'c_Moneda', 'MXP')).toBe(
			'Use a c_Moneda code; the closest are "MXN", "MXV" or "MOP".',
		);
	});
});
