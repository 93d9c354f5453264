/**
 * The SAT schemas' limits (cfdv40.xsd, Pagos20.xsd, tdCFDI.xsd in test/support/sat-xsd/) refused
 * before sending: each wrong value gives exactly one error naming its full path, the limit and the
 * fix. The data module is generated from the schemas.
 * The data module kept in step with the schemas: xsdFacets.test.ts beside this one.
 */

import type { Voucher } from '../../../../../nodes/CfdiEmision/cfdi/types';
import { formatFinding } from '../../../../../nodes/CfdiEmision/cfdi/validation/formatFinding';
import { parseDecimal } from '../../../../../nodes/CfdiEmision/cfdi/decimal';
import { boundOf } from '../../../../../nodes/CfdiEmision/cfdi/validation/schemaFacets';
import { XSD_ELEMENTS } from '../../../../../nodes/CfdiEmision/cfdi/validation/xsdFacets';
import { invoiceVoucher } from '../../../../support/vouchers';
import {
	changed,
	expectOnlyError,
	paymentReceipt,
	type Mutable,
	validateWithKinds,
} from '../../../../support/kindFixtures';

function invoice(): Voucher {
	return invoiceVoucher() as unknown as Voucher;
}

describe('lengths over the schema maximum are refused', () => {
	const long = (count: number) => 'A'.repeat(count);
	it.each([
		['serie', 25, (v: Mutable, text: string) => (v.serie = text), 'serie'],
		['folio', 40, (v: Mutable, text: string) => (v.folio = text), 'folio'],
		[
			'condicionesDePago',
			1000,
			(v: Mutable, text: string) => (v.condicionesDePago = text),
			'condicionesDePago',
		],
		['emisor.nombre', 300, (v: Mutable, text: string) => (v.emisor.nombre = text), 'emisor.nombre'],
		[
			'receptor.nombre',
			300,
			(v: Mutable, text: string) => (v.receptor.nombre = text),
			'receptor.nombre',
		],
		[
			'descripcion',
			1000,
			(v: Mutable, text: string) => (v.conceptos[1].descripcion = text),
			'conceptos[1].descripcion',
		],
		[
			'noIdentificacion',
			100,
			(v: Mutable, text: string) => (v.conceptos[0].noIdentificacion = text),
			'conceptos[0].noIdentificacion',
		],
		[
			'unidad',
			20,
			(v: Mutable, text: string) => (v.conceptos[0].unidad = text),
			'conceptos[0].unidad',
		],
	])('%s: %d characters pass, one more is refused', (_name, max, set, path) => {
		expect(validateWithKinds(changed(invoice(), (v) => set(v, long(max)))).errors).toEqual([]);
		const voucher = changed(invoice(), (v) => set(v, long(max + 1)));
		expectOnlyError(voucher, 'XSD_MAX_LENGTH', path);
		const [error] = validateWithKinds(voucher).errors;
		expect(error.message).toContain(
			`has ${max + 1} characters; at most ${max} are allowed by the SAT's schema (cfdv40.xsd,`,
		);
		expect(error.fix).toContain(`${max} characters or fewer`);
	});

	it('counts characters, not UTF-16 units or bytes: 25 accented letters and emoji fit a serie', () => {
		expect(
			validateWithKinds(changed(invoice(), (v) => (v.serie = 'Ñ'.repeat(20) + '😀'.repeat(5))))
				.errors,
		).toEqual([]);
	});

	it('numOperacion of a payment over 100 characters', () => {
		const receipt = changed(
			paymentReceipt(),
			(v) => (v.complemento.complementoPago20.pago[0].numOperacion = 'N'.repeat(101)),
		);
		expectOnlyError(
			receipt,
			'XSD_MAX_LENGTH',
			'complemento.complementoPago20.pago[0].numOperacion',
		);
		expect(validateWithKinds(receipt).errors[0].message).toContain(
			'(Pagos20.xsd, Pago@NumOperacion)',
		);
	});

	it('names the item when formatted for the user', () => {
		const [error] = validateWithKinds(changed(invoice(), (v) => (v.serie = long(26)))).errors;
		expect(formatFinding(error, 3)).toMatch(
			/^Item 3: serie "A{26}" has 26 characters; at most 25 are allowed by the SAT's schema \(cfdv40\.xsd, Comprobante@Serie\)\. Shorten serie to 25 characters or fewer\.$/,
		);
	});
});

describe('patterns of the schemas', () => {
	it.each([
		[
			'descripcion',
			(v: Mutable) => (v.conceptos[0].descripcion = 'Keyboard | USB'),
			'conceptos[0].descripcion',
		],
		['serie', (v: Mutable) => (v.serie = 'A|B'), 'serie'],
		[
			'receptor.nombre',
			(v: Mutable) => (v.receptor.nombre = 'UNIVERSIDAD|ROBOTICA'),
			'receptor.nombre',
		],
		[
			'noIdentificacion',
			(v: Mutable) => (v.conceptos[1].noIdentificacion = 'SKU|1'),
			'conceptos[1].noIdentificacion',
		],
	])('"|" in %s is refused and the fix says why', (_name, set, path) => {
		const voucher = changed(invoice(), set);
		expectOnlyError(voucher, 'XSD_PATTERN', path);
		const [error] = validateWithKinds(voucher).errors;
		expect(error.message).toContain('contains "|"');
		expect(error.fix).toContain('original chain');
	});

	it.each([['ABC1'], ['ABC-1'], ['ABCDE1'], ['ÁBCDE']])(
		'confirmacion %s is refused (5 letters or digits)',
		(code) => {
			expectOnlyError(
				changed(invoice(), (v) => (v.confirmacion = code)),
				'XSD_PATTERN',
				'confirmacion',
			);
		},
	);

	it('confirmacion of 5 letters or digits passes', () => {
		expect(validateWithKinds(changed(invoice(), (v) => (v.confirmacion = 'ECVH1'))).errors).toEqual(
			[],
		);
	});

	it.each([['012345678'], ['0123-4567-89'], ['ab0123456789']])(
		'ctaBeneficiario %s is refused',
		(account) => {
			const receipt = changed(paymentReceipt(), (v) =>
				Object.assign(v.complemento.complementoPago20.pago[0], {
					rfcEmisorCtaBen: 'BBA830831LJ2',
					ctaBeneficiario: account,
				}),
			);
			const result = validateWithKinds(receipt);
			expect(result.errors.map((error) => `${error.code} ${error.path}`)).toEqual([
				expect.stringMatching(
					/^XSD_(PATTERN|MIN_LENGTH) complemento\.complementoPago20\.pago\[0\]\.ctaBeneficiario$/,
				),
			]);
		},
	);

	it('a CLABE as ctaBeneficiario passes', () => {
		const receipt = changed(paymentReceipt(), (v) =>
			Object.assign(v.complemento.complementoPago20.pago[0], {
				rfcEmisorCtaBen: 'BBA830831LJ2',
				ctaBeneficiario: '002180700845632176',
			}),
		);
		expect(validateWithKinds(receipt).errors).toEqual([]);
	});

	it.each([[1000], [0]])('numParcialidad %d is refused (1 to 999)', (number) => {
		const receipt = changed(
			paymentReceipt(),
			(v) => (v.complemento.complementoPago20.pago[0].doctoRelacionado[0].numParcialidad = number),
		);
		const result = validateWithKinds(receipt);
		expect(result.errors.map((error) => error.path)).toContain(
			'complemento.complementoPago20.pago[0].doctoRelacionado[0].numParcialidad',
		);
	});

	it('numParcialidad 999 passes', () => {
		const receipt = changed(
			paymentReceipt(),
			(v) => (v.complemento.complementoPago20.pago[0].doctoRelacionado[0].numParcialidad = 999),
		);
		expect(validateWithKinds(receipt).errors).toEqual([]);
	});

	it('numParcialidad 1000 gives the schema error with its fix', () => {
		const receipt = changed(
			paymentReceipt(),
			(v) => (v.complemento.complementoPago20.pago[0].doctoRelacionado[0].numParcialidad = 1000),
		);
		expectOnlyError(
			receipt,
			'XSD_PATTERN',
			'complemento.complementoPago20.pago[0].doctoRelacionado[0].numParcialidad',
		);
		expect(validateWithKinds(receipt).errors[0].fix).toBe('Use a whole number from 1 to 999.');
	});

	it.each([['2009-12-31T23:59:59'], ['2100-01-01T00:00:00']])(
		'fecha %s is outside the years the schema allows',
		(fecha) => {
			const voucher = changed(invoice(), (v) => (v.fecha = fecha));
			expectOnlyError(voucher, 'XSD_PATTERN', 'fecha');
			expect(validateWithKinds(voucher).errors[0].fix).toContain('2010 to 2099');
		},
	);

	it('fechaPago in 2009 is refused, naming the payment', () => {
		const receipt = changed(
			paymentReceipt(),
			(v) => (v.complemento.complementoPago20.pago[0].fechaPago = '2009-05-09T12:00:00'),
		);
		expect(
			validateWithKinds(receipt).errors.map((error) => `${error.code} ${error.path}`),
		).toContain('XSD_PATTERN complemento.complementoPago20.pago[0].fechaPago');
	});

	it('a customs document number needs its two-space groups', () => {
		const ok = changed(
			invoice(),
			(v) => (v.conceptos[0].informacionAduanera = [{ numeroPedimento: '21  47  3807  8003832' }]),
		);
		expect(validateWithKinds(ok).errors).toEqual([]);
		expectOnlyError(
			changed(
				invoice(),
				(v) => (v.conceptos[0].informacionAduanera = [{ numeroPedimento: '21 47 3807 8003832' }]),
			),
			'XSD_PATTERN',
			'conceptos[0].informacionAduanera[0].numeroPedimento',
		);
	});

	it('whitespace is collapsed first, as the schema says: a serie of spaces around a short text passes', () => {
		expect(
			validateWithKinds(changed(invoice(), (v) => (v.serie = `   A${' '.repeat(30)}`))).errors,
		).toEqual([]);
	});
});

describe('ranges and decimals of the schemas', () => {
	it('a negative voucher discount is refused', () => {
		const result = validateWithKinds(changed(invoice(), (v) => (v.conceptos[0].descuento = -1)));
		expect(result.valid).toBe(false);
		expect(result.errors.map((error) => error.path)).toContain('conceptos[0].descuento');
	});

	it('a value another check already reported is not reported again (montoTotalPagos with 3 decimals)', () => {
		const receipt = changed(
			paymentReceipt(),
			(v) => (v.complemento.complementoPago20.totales.montoTotalPagos = 580.001),
		);
		expectOnlyError(
			receipt,
			'AMOUNT_DECIMALS',
			'complemento.complementoPago20.totales.montoTotalPagos',
		);
	});

	it('a part (Parte) of a concept with 7 decimals in its quantity is refused', () => {
		const parte = {
			claveProdServ: '43232408',
			cantidad: '1.1234567',
			descripcion: 'Key cap',
			valorUnitario: 1,
		};
		expectOnlyError(
			changed(invoice(), (v) => (v.conceptos[0].parte = [parte])),
			'XSD_DECIMALS',
			'conceptos[0].parte[0].cantidad',
		);
	});
});

describe('RFCs with a date that does not exist', () => {
	it.each([
		['emisor.rfc', 'EKU900230AB1', 'February has 28 days'],
		['emisor.rfc', 'EKU960230AB1', 'February has 29 days'],
		['emisor.rfc', 'EKU900631AB1', 'June has 30 days'],
		['receptor.rfc', 'URE190229TM6', 'February has 28 days (1919 and 2019 are not leap years)'],
		['receptor.rfc', 'PEGJ800431AB1', 'April has 30 days'],
	])('%s %s is refused: %s', (path, rfc, reason) => {
		const voucher = changed(invoice(), (v) =>
			path === 'emisor.rfc' ? (v.emisor.rfc = rfc) : (v.receptor.rfc = rfc),
		);
		const result = validateWithKinds(voucher);
		const error = result.errors.find((item) => item.path === path);
		expect(error?.code).toBe('RFC_PATTERN');
		expect(error?.fix).toContain(reason);
	});

	it('29 February of a leap year passes (2000 and 1980 are leap years)', () => {
		expect(
			validateWithKinds(changed(invoice(), (v) => (v.receptor.rfc = 'URE000229TM6'))).errors,
		).toEqual([]);
		expect(
			validateWithKinds(changed(invoice(), (v) => (v.receptor.rfc = 'URE800229TM6'))).errors,
		).toEqual([]);
	});

	it('an account-holder RFC in a payment with an impossible date is refused', () => {
		const receipt = changed(paymentReceipt(), (v) =>
			Object.assign(v.complemento.complementoPago20.pago[0], {
				rfcEmisorCtaBen: 'BBA830230LJ2',
				ctaBeneficiario: '002180700845632176',
			}),
		);
		expect(
			validateWithKinds(receipt).errors.map((error) => `${error.code} ${error.path}`),
		).toContain('RFC_DATE complemento.complementoPago20.pago[0].rfcEmisorCtaBen');
	});
});

describe('the schema bounds, parsed once', () => {
	it('every minInclusive and maxInclusive of the schemas reads as parseDecimal reads it, first and later', () => {
		const bounds = XSD_ELEMENTS.flatMap((element) =>
			element.attributes.flatMap((attribute) =>
				[attribute.minInclusive, attribute.maxInclusive].filter(
					(bound): bound is string => bound !== undefined,
				),
			),
		);
		expect(bounds.length).toBeGreaterThan(10);
		for (const bound of bounds) {
			expect(boundOf(bound)).toEqual(parseDecimal(bound));
			expect(boundOf(bound)).toEqual(parseDecimal(bound));
		}
	});

	it('a quantity of 0 is refused alike however often the check runs', () => {
		const voucher = changed(invoice(), (v) => (v.conceptos[0].cantidad = 0));
		const first = validateWithKinds(voucher).errors;
		expect(first.length).toBeGreaterThan(0);
		expect(validateWithKinds(voucher).errors).toEqual(first);
	});

	it('26 characters with emoji are 26, not their UTF-16 units', () => {
		const voucher = changed(invoice(), (v) => (v.serie = 'A'.repeat(21) + '😀'.repeat(5)));
		expect(validateWithKinds(voucher).errors.map((error) => error.message)).toEqual([
			expect.stringContaining('has 26 characters; at most 25'),
		]);
	});
});
