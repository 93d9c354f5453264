/**
 * The recipient of an order's invoice (orders/orderRecipient.ts), through orderToVoucher: the tax data the
 * customer typed at checkout (note attributes, read without regard to case or accents), custom
 * attribute names, recipient data from a lookup, and the three ways without tax data.
 */
import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';
import { orderToVoucher } from '../../../../nodes/CfdiEmision/orders/orderToVoucher';
import type { OrderSettings } from '../../../../nodes/CfdiEmision/orders/settings';
import { corpusOrder } from '../../../support/corpusOrder';

const ISSUER: OrderSettings = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
	serie: 'A',
};

/** Settings a case needs beyond the issuer (what a user would set in the node). */
const CASE_SETTINGS: Record<string, Partial<OrderSettings>> = {
	'usd-shop': { exchangeRate: '17.1234' },
	'no-tax-data-general-public': { withoutTaxData: 'generalPublic' },
};

function convert(key: string, settings: Partial<OrderSettings> = {}) {
	return orderToVoucher(corpusOrder(key), { ...ISSUER, ...CASE_SETTINGS[key], ...settings });
}

describe('recipient tax data', () => {
	it('reads note attributes without regard to case or accents, and cleans typed codes', () => {
		const voucher = convert('shipping-untaxed').voucher as Voucher;
		expect(voucher.receptor).toEqual({
			rfc: 'XOJI740919U48',
			nombre: 'INGRID XODAR JIMENEZ',
			usoCFDI: 'G03',
			regimenFiscalReceptor: '612',
			domicilioFiscalReceptor: '88965',
		});
	});

	it('custom attribute names and a default use', () => {
		const order = corpusOrder('example-1');
		order.note_attributes = [
			{ name: 'tax_id', value: 'ure-180429-tm6' },
			{ name: 'company', value: 'Universidad Robotica Española' },
			{ name: 'regime', value: '601' },
			{ name: 'zip', value: 'CP 65000' },
		];
		const voucher = orderToVoucher(order, {
			...ISSUER,
			recipientAttributes: {
				rfc: ['tax_id'],
				nombre: ['company'],
				regimenFiscal: ['regime'],
				codigoPostal: ['zip'],
			},
			defaultUsoCfdi: 'I04',
		}).voucher as Voucher;
		expect(voucher.receptor).toEqual({
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			usoCFDI: 'I04',
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '65000',
		});
	});

	it('recipient data from a lookup fills in when the order has no RFC, and completes the same RFC', () => {
		const order = corpusOrder('no-tax-data-general-public');
		const lookup = {
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '65000',
		};
		expect(orderToVoucher(order, { ...ISSUER, recipient: lookup }).voucher?.receptor).toMatchObject(
			{ rfc: 'URE180429TM6', usoCFDI: 'G03' },
		);
		order.note_attributes = [{ name: 'RFC', value: 'URE180429TM6' }];
		expect(orderToVoucher(order, { ...ISSUER, recipient: lookup }).voucher?.receptor).toMatchObject(
			{ nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', domicilioFiscalReceptor: '65000' },
		);
		// A lookup row for another RFC does not complete the attributes.
		order.note_attributes = [{ name: 'RFC', value: 'XOJI740919U48' }];
		expect(orderToVoucher(order, { ...ISSUER, recipient: lookup }).skipped?.missing).toEqual([
			'Razon social',
			'Regimen fiscal',
			'Codigo postal',
		]);
	});

	it('without tax data: skip (the default) with a clear output', () => {
		const result = convert('no-tax-data-general-public', { withoutTaxData: 'skip' });
		expect(result.voucher).toBeUndefined();
		expect(result.skipped).toEqual({
			reason: 'noTaxData',
			message:
				'order #1016 was not invoiced: it has no complete recipient tax data (note attribute "RFC", "Razon social", "Regimen fiscal", "Codigo postal" missing).',
			missing: ['RFC', 'Razon social', 'Regimen fiscal', 'Codigo postal'],
		});
		expect(result.orderTotal).toBe(598);
	});

	it('without tax data: the general public, with the informacionGlobal of the order month', () => {
		const voucher = convert('no-tax-data-general-public').voucher as Voucher;
		expect(voucher.receptor).toEqual({
			rfc: 'XAXX010101000',
			nombre: 'PUBLICO EN GENERAL',
			usoCFDI: 'S01',
			regimenFiscalReceptor: '616',
			domicilioFiscalReceptor: '64000',
		});
		expect(voucher.informacionGlobal).toEqual({ periodicidad: '01', meses: '11', anio: 2026 });
	});

	it('without tax data: fail, naming what is missing and the fix', () => {
		expect(() => convert('no-tax-data-general-public', { withoutTaxData: 'fail' })).toThrow(
			expect.objectContaining({
				name: 'OrderInputError',
				path: 'note_attributes',
				message: expect.stringContaining('"RFC"'),
				fix: expect.stringContaining('Without Tax Data'),
			}),
		);
	});
});
