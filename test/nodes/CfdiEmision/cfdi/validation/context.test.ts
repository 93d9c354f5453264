import { decimalToString } from '../../../../../nodes/CfdiEmision/cfdi/decimal';
import {
	amountOf,
	isPresent,
	textOf,
	ValidationContext,
	viewOf,
} from '../../../../../nodes/CfdiEmision/cfdi/validation/context';
import { isRecord } from '../../../../../nodes/CfdiEmision/cfdi/voucherShape';

describe('reading members of an unknown voucher', () => {
	it('takes an object that is not an array or null as a record', () => {
		expect(isRecord({})).toBe(true);
		expect(isRecord([])).toBe(false);
		expect(isRecord(null)).toBe(false);
		expect(isRecord('x')).toBe(false);
	});

	it('reads a non-blank string, an amount that is a JSON number, and presence', () => {
		const record = { a: 'G03', blank: '  ', n: 0.1, s: '0.1', none: null };
		expect(textOf(record, 'a')).toBe('G03');
		expect(textOf(record, 'blank')).toBeUndefined();
		expect(textOf(record, 'n')).toBeUndefined();
		expect(decimalToString(amountOf(record, 'n')!)).toBe('0.1');
		expect(amountOf(record, 's')).toBeUndefined();
		expect(isPresent(record, 'n')).toBe(true);
		expect(isPresent(record, 'none')).toBe(false);
		expect(isPresent(undefined, 'a')).toBe(false);
	});

	it('resolves the parts the checks navigate, leaving out what is not an object', () => {
		const view = viewOf({
			tipoDeComprobante: 'I',
			moneda: 'MXN',
			emisor: 'not an object',
			receptor: { rfc: 'XAXX010101000' },
			conceptos: [{ importe: 1 }, 'x'],
		});
		expect(view.tipo).toBe('I');
		expect(view.moneda).toBe('MXN');
		expect(view.emisor).toBeUndefined();
		expect(view.receptor).toEqual({ rfc: 'XAXX010101000' });
		expect(view.conceptos).toEqual([{ importe: 1 }, undefined]);
		expect(viewOf({ conceptos: {} }).conceptos).toEqual([]);
	});
});

describe('collecting findings', () => {
	it('keeps a value when given, and knows the currency decimals', () => {
		const ctx = new ValidationContext(viewOf({ moneda: 'JPY' }), true);
		ctx.error(
			'CFDI40104',
			'formaPago',
			'formaPago "07" is not a c_FormaPago code.',
			'Use "03".',
			'07',
		);
		ctx.warn('W', 'total', 'message', 'fix');
		expect(ctx.errors).toEqual([
			{
				code: 'CFDI40104',
				path: 'formaPago',
				message: 'formaPago "07" is not a c_FormaPago code.',
				fix: 'Use "03".',
				value: '07',
			},
		]);
		expect(ctx.warnings).toEqual([{ code: 'W', path: 'total', message: 'message', fix: 'fix' }]);
		expect(ctx.decimals).toBe(0);
		expect(new ValidationContext(viewOf({ moneda: 'XYZ' }), true).decimals).toBeUndefined();
	});

	it('reports a missing member as an error when stamping and as a warning for a pending save', () => {
		const stamping = new ValidationContext(viewOf({}), true);
		stamping.missing('receptor.usoCFDI', 'Add it.');
		expect(stamping.errors.map((f) => [f.code, f.message])).toEqual([
			['REQUIRED', 'receptor.usoCFDI is missing.'],
		]);
		const pending = new ValidationContext(viewOf({}), false);
		pending.missing('receptor.usoCFDI', 'Add it.');
		expect(pending.errors).toEqual([]);
		expect(pending.warnings.map((f) => f.path)).toEqual(['receptor.usoCFDI']);
	});

	it('skips checks on a path with an error, its parents and its children, not its siblings', () => {
		const ctx = new ValidationContext(viewOf({}), true);
		ctx.error('X', 'conceptos[0].importe', 'm', 'f');
		expect(ctx.isClean('conceptos[0].importe')).toBe(false);
		expect(ctx.isClean('conceptos[0]')).toBe(false);
		expect(ctx.isClean('conceptos')).toBe(false);
		expect(ctx.isClean('conceptos[0].importe.x')).toBe(false);
		expect(ctx.isClean('conceptos[1].importe')).toBe(true);
		expect(ctx.isClean('conceptos[0].importeX')).toBe(true);
		ctx.warn('W', 'total', 'm', 'f');
		expect(ctx.isClean('total')).toBe(true);
	});
});
