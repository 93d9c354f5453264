/**
 * The default subject and message of E-mail → Send in the buyer's language (issue 41 item 4): the
 * invoice named by its series and folio, issuer and total, exactly as the item gives them.
 */
import {
	amountText,
	defaultMessage,
	defaultSubject,
	emailLanguage,
} from '../../../../../nodes/CfdiEmision/actions/email/buyerMessage';

const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
const INVOICE = {
	uuid: UUID.toLowerCase(),
	voucherKind: 'invoice',
	series: 'A',
	folio: '1001',
	issuerName: 'MI TIENDA',
	total: 1160,
	currency: 'MXN',
};

describe('the buyer e-mail written by the node', () => {
	test('Spanish: subject and message name the issuer, the folio and the total', () => {
		expect(defaultSubject(INVOICE, 'es')).toBe('Tu factura A-1001 de MI TIENDA por $1,160.00 MXN');
		expect(defaultMessage(INVOICE, 'es')).toBe(
			`Hola:\n\nAdjuntamos el XML y el PDF de tu factura A-1001 de MI TIENDA por $1,160.00 MXN (folio fiscal ${UUID}).\n\nGracias.`,
		);
	});

	test('English', () => {
		expect(defaultSubject(INVOICE, 'en')).toBe(
			'Your invoice A-1001 from MI TIENDA for $1,160.00 MXN',
		);
		expect(defaultMessage(INVOICE, 'en')).toContain('your invoice A-1001 from MI TIENDA');
	});

	test.each([
		[1160, 'MXN', '$1,160.00 MXN'],
		['1234567.891', 'MXN', '$1,234,567.891 MXN'],
		['99.5', '', '$99.50'],
		[-5, 'MXN', '-$5.00 MXN'],
		[12, 'XXX', '$12 XXX'],
		['abc', 'MXN', ''],
		[null, 'MXN', ''],
	])('amount %p %p reads %p (never rounded into another figure)', (total, currency, shown) => {
		expect(amountText(total, currency)).toBe(shown);
	});

	test('a content-code folio is left out; an item naming nothing is named by its UUID, as a CFDI of no known kind', () => {
		expect(defaultSubject({ ...INVOICE, folio: 'C-488C0590' }, 'es')).toBe(
			'Tu factura de MI TIENDA por $1,160.00 MXN',
		);
		expect(defaultSubject({ uuid: UUID, series: null, folio: undefined }, 'es')).toBe(
			`Tu comprobante fiscal ${UUID}`,
		);
		expect(defaultMessage({ uuid: UUID }, 'en')).toBe(
			`Hello,\n\nAttached are the XML and PDF files of your CFDI ${UUID}.\n\nThank you.`,
		);
	});

	test.each([
		[{ voucherKind: 'creditNote' }, 'Tu nota de crédito', 'Your credit note'],
		[{ voucherKind: 'paymentReceipt' }, 'Tu recibo electrónico de pago', 'Your payment receipt'],
		[{ voucherKind: 'globalInvoice' }, 'Factura global', 'Global invoice'],
		// A SAT type code names the kind when voucherKind is absent (Voucher → Get's body, Get Many's sale vouchers).
		[{ voucherKind: undefined, voucherType: 'E' }, 'Tu nota de crédito', 'Your credit note'],
		[
			{ voucherKind: undefined, tipoDeComprobante: 'p' },
			'Tu recibo electrónico de pago',
			'Your payment receipt',
		],
		[{ voucherKind: 'constructor' }, 'Tu comprobante fiscal', 'Your CFDI'],
		[{ voucherKind: undefined, voucherType: 'T' }, 'Tu comprobante fiscal', 'Your CFDI'],
	])('the kind %p is named "%s" / "%s"', (kind, es, en) => {
		expect(defaultSubject({ ...INVOICE, ...kind }, 'es')).toBe(
			`${es} A-1001 de MI TIENDA por $1,160.00 MXN`,
		);
		expect(defaultSubject({ ...INVOICE, ...kind }, 'en')).toBe(
			`${en} A-1001 from MI TIENDA for $1,160.00 MXN`,
		);
	});

	test('Spanish unless English is asked for (a version 1 node has no Language)', () => {
		expect([emailLanguage('en'), emailLanguage('es'), emailLanguage(undefined)]).toEqual([
			'en',
			'es',
			'es',
		]);
	});
});
