/**
 * What every kind's body shares, whatever built it (voucherInput/voucherBody.ts): the normalisations
 * that make the same voucher give the same body, and the Voucher Date option as the CFDI writes it.
 * The invoice's body through the engine: test/nodes/CfdiEmision/actions/voucher/invoice/voucherFromInput.engine.test.ts.
 */
import {
	normalizeVoucher,
	voucherDateOption,
	withoutEmpty,
} from '../../../../nodes/CfdiEmision/voucherInput/voucherBody';

describe('normalizeVoucher', () => {
	test('a line quantity given as a number is sent as text (spec 2.4); text and other members are kept', () => {
		expect(
			normalizeVoucher({
				serie: 'F',
				conceptos: [{ cantidad: 2, descripcion: 'A' }, { cantidad: '1.5' }],
			}),
		).toEqual({
			serie: 'F',
			version: '4.0',
			conceptos: [{ cantidad: '2', descripcion: 'A' }, { cantidad: '1.5' }],
		});
	});

	test('a version given is kept, and the voucher passed in is not changed', () => {
		const given = { version: '4.0', conceptos: [{ cantidad: 3 }] };
		expect(normalizeVoucher(given).conceptos).toEqual([{ cantidad: '3' }]);
		expect(given.conceptos).toEqual([{ cantidad: 3 }]);
	});
});

describe('voucherDateOption', () => {
	test('off unless Use Voucher Date is on', () => {
		expect(voucherDateOption({ fecha: '2026-11-01T05:30:00Z' })).toBeUndefined();
	});

	test("an instant is Mexico City's wall clock at that instant; a zone-less text is kept", () => {
		expect(voucherDateOption({ noCalcularFecha: true, fecha: '2026-11-01T05:30:00Z' })).toBe(
			'2026-10-31T23:30:00',
		);
		expect(voucherDateOption({ noCalcularFecha: true, fecha: '2026-10-31T10:00:00' })).toBe(
			'2026-10-31T10:00:00',
		);
		expect(voucherDateOption({ noCalcularFecha: true, fecha: '' })).toBeUndefined();
	});
});

test('withoutEmpty drops undefined and empty text, keeps zero and false', () => {
	expect(withoutEmpty({ a: '', b: undefined, c: 0, d: false, e: 'x' })).toEqual({
		c: 0,
		d: false,
		e: 'x',
	});
});
