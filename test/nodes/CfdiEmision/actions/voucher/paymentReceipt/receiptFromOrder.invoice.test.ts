/** A paid order's payment receipt (actions/voucher/paymentReceipt/receiptFromOrder.ts): the invoice it pays (its UUID, PPD only, its currency and taxes), and each refusal in words. */
import type { Voucher } from '../../../../../../nodes/CfdiEmision/cfdi/types';
import type { ReceiptSettings } from '../../../../../../nodes/CfdiEmision/orders/invoiceLink';
import { orderToVoucher } from '../../../../../../nodes/CfdiEmision/orders/orderToVoucher';
import { receiptFromOrder } from '../../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt/receiptFromOrder';
import { refusal } from '../../../../../support/refusal';
import { corpusOrder } from '../../../../../support/corpusOrder';
import { validateWithKinds } from '../../../../../support/kindFixtures';
import { INVOICE_UUID, SETTINGS, paidOrder } from '../../../../../support/paidOrder';
import { firstPago } from '../../../../../support/receiptKit';

describe('paid order → payment receipt: the payment, the invoice it pays, and every refusal in words', () => {
	it('the invoice UUID: trimmed and upper-cased, from the settings or the note attribute Invoice UUID Attribute names', () => {
		const spaced = receiptFromOrder(paidOrder(), {
			...SETTINGS,
			invoiceUuid: `  ${INVOICE_UUID.toLowerCase()} `,
		}).voucher as Voucher;
		expect(firstPago(spaced).doctoRelacionado[0].idDocumento).toBe(INVOICE_UUID);
		const order = paidOrder();
		order.note_attributes.push({
			name: 'Factura  UUID',
			value: ` ${INVOICE_UUID.toLowerCase()}  `,
		});
		const fromAttribute = receiptFromOrder(order, {
			...SETTINGS,
			invoiceUuid: ' ',
			invoiceUuidAttribute: 'factura uuid',
		}).voucher as Voucher;
		expect(firstPago(fromAttribute).doctoRelacionado[0].idDocumento).toBe(INVOICE_UUID);
	});

	it.each([
		['a UUID with text before it', `x${INVOICE_UUID}`],
		['a UUID with text after it', `${INVOICE_UUID}0`],
		['a UUID one digit short', INVOICE_UUID.slice(1)],
	])('%s is not a UUID, and the refusal quotes it', (_name, uuid) => {
		const error = refusal(() => receiptFromOrder(paidOrder(), { ...SETTINGS, invoiceUuid: uuid }));
		expect([error.path, error.message]).toEqual([
			'settings.invoiceUuid',
			`The invoice UUID ${JSON.stringify(uuid)} is not a UUID.`,
		]);
	});

	it('no UUID anywhere: the refusal names the order, the document and the attribute read', () => {
		const error = refusal(() =>
			receiptFromOrder(paidOrder(), {
				...SETTINGS,
				invoiceUuid: undefined,
				invoiceUuidAttribute: 'Folio fiscal',
			}),
		);
		expect(error.path).toBe('note_attributes');
		expect(error.message).toBe(
			'order #1015 does not say which invoice the payment receipt refers to: no Invoice UUID is given and note attribute "Folio fiscal" is empty.',
		);
		expect(error.fix).toBe(
			`Give Invoice UUID (e.g. looked up in the table the invoicing workflow writes), or the invoice's UUID in the order's note attribute "Folio fiscal".`,
		);
		const order = paidOrder();
		order.note_attributes.push({ name: 'CFDI UUID', value: 'pending' });
		expect(
			refusal(() => receiptFromOrder(order, { ...SETTINGS, invoiceUuid: undefined })),
		).toMatchObject({
			path: 'note_attributes',
			message: 'The invoice UUID "pending" is not a UUID.',
		});
	});

	it('an order that is not invoiced has no invoice to pay: the refusal says why', () => {
		const cancelled = paidOrder();
		cancelled.cancelled_at = '2026-11-26T10:00:00-06:00';
		expect(refusal(() => receiptFromOrder(cancelled, SETTINGS))).toMatchObject({
			path: '',
			message: 'order #1015 has no invoice to pay: order #1015 was cancelled; it is not invoiced.',
			fix: 'Issue the payment receipt with the same settings as the invoice.',
		});
		const anonymous = paidOrder();
		anonymous.note_attributes = [];
		expect(refusal(() => receiptFromOrder(anonymous, SETTINGS)).message).toMatch(
			/^order #1015 has no invoice to pay: order #1015 was not invoiced: it has no complete recipient tax data/,
		);
		expect(refusal(() => receiptFromOrder('order 1015', SETTINGS))).toMatchObject({
			path: '',
			message: 'The order is not an order object.',
		});
	});

	it('PUE: the refusal tells which invoices take receipts', () => {
		expect(
			refusal(() => receiptFromOrder(paidOrder(), { ...SETTINGS, paymentMethod: 'PUE' })).fix,
		).toBe(
			'Issue payment receipts only for orders invoiced PPD (pending or partially paid when invoiced, or Payment Method PPD), with the same settings as the invoice.',
		);
	});

	it('an invoice in US dollars: the payment is in USD at the invoice exchange rate', () => {
		const order = corpusOrder('usd-shop');
		order.financial_status = 'paid';
		order.transactions = [
			{
				id: 7,
				kind: 'capture',
				status: 'success',
				gateway: 'stripe',
				amount: '210.00',
				processed_at: '2026-11-30T11:00:00-06:00',
			},
		];
		const settings: ReceiptSettings = {
			...SETTINGS,
			paymentMethod: 'PPD',
			exchangeRate: '17.1234',
		};
		expect(orderToVoucher(order, settings).voucher).toMatchObject({
			metodoPago: 'PPD',
			moneda: 'USD',
			tipoCambio: 17.1234,
			total: 210,
		});
		const voucher = receiptFromOrder(order, settings).voucher as Voucher;
		expect(firstPago(voucher)).toMatchObject({
			monedaP: 'USD',
			tipoCambioP: 17.1234,
			monto: 210,
			formaDePagoP: '04',
		});
		expect(firstPago(voucher).doctoRelacionado[0]).toMatchObject({
			monedaDR: 'USD',
			impSaldoAnt: 210,
			impPagado: 210,
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('an invoice with an exempt line: the receipt prorates its exempt base without rate or amount', () => {
		const order = corpusOrder('exempt-books');
		order.financial_status = 'paid';
		order.transactions = [
			{
				id: 8,
				kind: 'sale',
				status: 'success',
				gateway: 'shopify_payments',
				amount: '1077.50',
				processed_at: '2026-11-30T11:00:00-06:00',
			},
		];
		const voucher = receiptFromOrder(order, { ...SETTINGS, paymentMethod: 'PPD' })
			.voucher as Voucher;
		const taxes = firstPago(voucher).doctoRelacionado[0].impuestosDR.trasladosDR;
		expect(taxes).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ baseDR: 900, impuestoDR: '002', tipoFactorDR: 'Exento' }),
			]),
		);
		const exempt = taxes.find((tax: Record<string, unknown>) => tax.tipoFactorDR === 'Exento');
		expect(exempt).not.toHaveProperty('tasaOCuotaDR');
		expect(exempt).not.toHaveProperty('importeDR');
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});
});
