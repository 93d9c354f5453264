/**
 * The settings of the order conversion that choose the recipient, as a user sees their effect on the
 * invoice: the recipient read from the checkout's note attributes (names compared loosely, later
 * blanks, codes guessed only at the start), the recipient data in the settings, and the gateway's
 * fallbacks. The payment terms, issuer settings and product codes: settings.test.ts.
 */
import { orderToVoucher } from '../../../../nodes/CfdiEmision/orders/orderToVoucher';
import type { OrderSettings } from '../../../../nodes/CfdiEmision/orders/settings';
import { refusal } from '../../../support/refusal';
import { exampleOrder, paymentTerms, SETTINGS_ISSUER } from '../../../support/orderSettingsKit';

describe('recipient from the note attributes', () => {
	const ATTRIBUTES = [
		{ name: 'RFC', value: 'URE180429TM6' },
		{ name: 'Razon social', value: 'UNIVERSIDAD ROBOTICA ESPAÑOLA' },
		{ name: 'Regimen fiscal', value: '601' },
		{ name: 'Codigo postal', value: '65000' },
	];
	const receptor = (attributes: unknown[], settings: Partial<OrderSettings> = {}) =>
		orderToVoucher(exampleOrder({ note_attributes: attributes }), {
			...SETTINGS_ISSUER,
			...settings,
		});

	it('the default attribute names, compared without case, accents or extra spaces; the second name of a datum when the first is blank', () => {
		const result = receptor([
			{ name: 'rfc', value: ' ure-180429.tm6 ' },
			{ name: 'Razón  Social', value: '  ' },
			{ name: 'NOMBRE FISCAL', value: '  universidad   robotica  española ' },
			{ name: 'Régimen fiscal', value: '601 - General de Ley Personas Morales' },
			{ name: 'cp', value: 'CP 65000, Monterrey' },
			{ name: 'uso  cfdi', value: 'i04 Computer equipment' },
		]);
		expect(result.voucher?.receptor).toEqual({
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			usoCFDI: 'I04',
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '65000',
		});
	});

	it('entries Shopify would not send are skipped; key works as name; numbers are read as text', () => {
		const result = receptor([
			'RFC=URE180429TM6',
			null,
			{ name: 'RFC', value: null },
			{ key: 'RFC', value: 'URE180429TM6' },
			...ATTRIBUTES.slice(1, 3),
			{ name: 'Codigo postal', value: 65000 },
		]);
		expect(result.voucher?.receptor).toMatchObject({
			rfc: 'URE180429TM6',
			domicilioFiscalReceptor: '65000',
		});
		expect(
			receptor({ RFC: 'URE180429TM6' } as unknown as unknown[], { withoutTaxData: 'skip' }).skipped
				?.missing,
		).toEqual(['RFC', 'Razon social', 'Regimen fiscal', 'Codigo postal']);
	});

	it('typed values that are not codes are kept as typed, trimmed and upper-cased', () => {
		const result = receptor([
			...ATTRIBUTES.slice(0, 2),
			{ name: 'Regimen fiscal', value: '  Sueldos ' },
			{ name: 'Codigo postal', value: ' 6500 ' },
			{ name: 'Uso CFDI', value: ' d01x ' },
		]);
		expect(result.voucher?.receptor).toMatchObject({
			regimenFiscalReceptor: 'SUELDOS',
			domicilioFiscalReceptor: '6500',
			usoCFDI: 'D01X',
		});
	});

	it.each([
		['RFC', 0],
		['Razon social', 1],
		['Regimen fiscal', 2],
		['Codigo postal', 3],
	])('without %s the order is not invoiced (skip), and that is what is missing', (name, index) => {
		const attributes = ATTRIBUTES.filter((_, position) => position !== index);
		const result = receptor(attributes);
		expect(result.voucher).toBeUndefined();
		expect(result.skipped?.missing).toEqual([name]);
	});

	it('recipient data from the settings: blank members do not count', () => {
		const result = receptor([], {
			recipient: {
				rfc: '  ',
				nombre: 'X',
				regimenFiscalReceptor: '601',
				domicilioFiscalReceptor: '65000',
			},
		});
		expect(result.skipped?.missing).toEqual(['RFC']);
	});
});

describe('recipient and gateway: later blanks, fallbacks and guesses', () => {
	const ATTRIBUTES = [
		{ name: 'RFC', value: 'URE180429TM6' },
		{ name: 'Razon social', value: 'UNIVERSIDAD ROBOTICA ESPAÑOLA' },
		{ name: 'Regimen fiscal', value: '601' },
		{ name: 'Codigo postal', value: '65000' },
	];

	it('a later attribute that is blank, null or missing its value does not erase an earlier one', () => {
		const attributes = [
			...ATTRIBUTES,
			{ name: 'RFC', value: null },
			{ name: 'Razon social' },
			{ name: 'Regimen fiscal', value: '  ' },
		];
		expect(
			orderToVoucher(exampleOrder({ note_attributes: attributes }), SETTINGS_ISSUER).voucher
				?.receptor,
		).toMatchObject({
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			regimenFiscalReceptor: '601',
		});
	});

	it('a code that is not at the start of what was typed is not guessed', () => {
		const attributes = [
			...ATTRIBUTES.slice(0, 2),
			{ name: 'Regimen fiscal', value: 'General 601' },
			ATTRIBUTES[3],
		];
		expect(
			orderToVoucher(exampleOrder({ note_attributes: attributes }), SETTINGS_ISSUER).voucher
				?.receptor.regimenFiscalReceptor,
		).toBe('GENERAL 601');
	});

	it('recipient data completes the attributes with its use of the CFDI; a null member is missing', () => {
		const data = {
			rfc: 'URE180429TM6',
			nombre: 'X',
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '65000',
			usoCFDI: 'I04',
		};
		expect(
			orderToVoucher(exampleOrder({ note_attributes: ATTRIBUTES }), {
				...SETTINGS_ISSUER,
				recipient: data,
			}).voucher?.receptor.usoCFDI,
		).toBe('I04');
		expect(
			orderToVoucher(exampleOrder({ note_attributes: [] }), {
				...SETTINGS_ISSUER,
				recipient: { ...data, rfc: null as unknown as string },
			}).skipped?.missing,
		).toEqual(['RFC']);
	});

	it('the order gateway counts only when no gateway names are given', () => {
		expect(paymentTerms({ payment_gateway_names: undefined, gateway: 'Cash' }).formaPago).toBe(
			'01',
		);
		expect(
			paymentTerms({ payment_gateway_names: ['gift_card'], gateway: 'Bank Deposit' }).formaPago,
		).toBe('01');
	});

	it('a general-public voucher without a date says how to give it', () => {
		expect(
			refusal(() =>
				orderToVoucher(exampleOrder({ note_attributes: [], created_at: undefined }), {
					...SETTINGS_ISSUER,
					withoutTaxData: 'generalPublic',
				}),
			).fix,
		).toBe('Give created_at as a date such as 2026-11-20.');
	});
});
