/**
 * Shopify refunds → credit notes (type E) related to the order's invoice.
 * The link from a refund to its order's stamped invoice: orders/invoiceLink.test.ts.
 */
import Decimal from 'decimal.js';
import type { Voucher } from '../../../../../../nodes/CfdiEmision/cfdi/types';
import { creditNoteFromRefund } from '../../../../../../nodes/CfdiEmision/actions/voucher/creditNote/creditNoteFromRefund';
import { refusal } from '../../../../../support/refusal';
import { type Order } from '../../../../../support/corpusOrder';
import { satTaxLimits } from '../../../../../support/satLimits';
import { validateWithKinds } from '../../../../../support/kindFixtures';
import { INVOICE_UUID, SETTINGS, refundedOrder } from '../../../../../support/refundedOrder';

describe('refund → credit note', () => {
	it('one returned pair of shoes: a credit note related to the invoice as a return, for exactly the money refunded (before: a cent below)', () => {
		const result = creditNoteFromRefund(refundedOrder(), SETTINGS);
		const voucher = result.voucher as Voucher;
		// 1 of 2 pairs at 1,899.00 with its half of the 189.90 discount: 1,804.05 refunded. Rounded to the
		// nearest cent no base reaches it (1,555.21 + IVA 248.83 = 1,804.04; 1,555.22 + 248.84 = 1,804.06);
		// 1,555.21 × 0.16 = 248.8336 rounded up, 248.84, is within the SAT's limits: 1,804.05 exactly.
		expect([result.orderTotal, result.voucherTotal]).toEqual([1804.05, 1804.05]);
		expect(result.roundingNote).toBeUndefined();
		expect(voucher).toMatchObject({
			tipoDeComprobante: 'E',
			serie: 'NC',
			folio: '1021-R1',
			formaPago: '04',
			metodoPago: 'PUE',
			moneda: 'MXN',
			cfdiRelacionados: [{ tipoRelacion: '03', cfdiRelacionado: [{ uuid: INVOICE_UUID }] }],
			receptor: { rfc: 'URE180429TM6' },
		});
		expect(voucher.conceptos).toEqual([
			expect.objectContaining({
				noIdentificacion: 'RS-27',
				cantidad: '1',
				descripcion: 'Running shoes - 27 cm',
				importe: 1637.07,
				descuento: 81.86,
			}),
		]);
		expect(voucher.impuestos?.traslados).toEqual([
			{ base: 1555.21, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 248.84 },
		]);
		expect(satTaxLimits('1555.21', '0.16')).toEqual({
			lower: new Decimal('248.83'),
			upper: new Decimal('248.84'),
		});
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('shoes and shipping refunded: two concepts balance the rounding, so the credit note returns exactly the money refunded; without a restock the relation is 01', () => {
		const order = refundedOrder();
		const refund = order.refunds[0];
		refund.refund_line_items[0].restock_type = 'no_restock';
		refund.order_adjustments = [
			{
				id: 1,
				kind: 'shipping_refund',
				amount: '-149.00',
				tax_amount: '-20.55',
				reason: 'Shipping refund',
			},
		];
		refund.transactions[0].amount = '1953.05';
		const result = creditNoteFromRefund(order, SETTINGS);
		const voucher = result.voucher as Voucher;
		expect([result.orderTotal, result.voucherTotal, result.roundingNote]).toEqual([
			1953.05,
			1953.05,
			undefined,
		]);
		expect(voucher.conceptos[1]).toMatchObject({
			claveProdServ: '78102203',
			claveUnidad: 'E48',
			descripcion: 'Shipping refund',
		});
		expect(voucher.cfdiRelacionados).toEqual([
			{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: INVOICE_UUID }] },
		]);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('money returned without items is one "Refund" concept at the order rate', () => {
		const order = refundedOrder();
		const refund = order.refunds[0];
		refund.refund_line_items = [];
		refund.transactions[0].amount = '580.00';
		const voucher = creditNoteFromRefund(order, SETTINGS).voucher as Voucher;
		expect(voucher.conceptos).toEqual([
			expect.objectContaining({
				claveProdServ: '84111506',
				claveUnidad: 'ACT',
				descripcion: 'Refund',
				valorUnitario: 500,
				objetoImp: '02',
			}),
		]);
		expect([voucher.subTotal, voucher.impuestos?.totalImpuestosTrasladados, voucher.total]).toEqual(
			[500, 80, 580],
		);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('a refund transaction that differs from the refunded items shows both figures', () => {
		const order = refundedOrder();
		order.refunds[0].transactions[0].amount = '1800.00';
		const result = creditNoteFromRefund(order, SETTINGS);
		expect([result.orderTotal, result.voucherTotal]).toEqual([1800, 1804.05]);
		expect(result.roundingNote).not.toContain('per-line tax rounding');
		expect(result.roundingNote).toBe(
			"The voucher total is 1804.05 MXN, the amount charged is 1800.00; the difference is -4.05 that the source's lines, shipping and taxes do not add up to (they sum to 1804.05).",
		);
	});

	it('picks a refund by id; the invoice UUID may come from the settings', () => {
		const order = refundedOrder();
		order.note_attributes = order.note_attributes.filter((a: Order) => a.name !== 'CFDI UUID');
		const second = structuredClone(order.refunds[0]);
		second.id = 990002;
		second.refund_line_items[0].quantity = 1;
		order.refunds.push(second);
		const byId = creditNoteFromRefund(order, {
			...SETTINGS,
			refundId: '990001',
			invoiceUuid: INVOICE_UUID,
		});
		expect(byId.voucher?.folio).toBe('1021-R1');
		expect(
			creditNoteFromRefund(order, { ...SETTINGS, invoiceUuid: INVOICE_UUID }).voucher?.folio,
		).toBe('1021-R2');
		expect(
			refusal(() => creditNoteFromRefund(order, { ...SETTINGS, refundId: 5 })).message,
		).toContain('no refund with id 5');
	});

	it("a credit note above the invoice's total is refused by the credit-note builder", () => {
		const order = refundedOrder();
		const refund = order.refunds[0];
		refund.refund_line_items = [];
		refund.transactions[0].amount = '5000.00';
		const error = refusal(() => creditNoteFromRefund(order, SETTINGS));
		expect(error.path).toBe('lines');
		expect(error.message).toContain("more than the related invoice's total (4204.10 MXN)");
	});

	it.each([
		[
			'no invoice UUID',
			(o: Order) =>
				(o.note_attributes = o.note_attributes.filter((a: Order) => a.name !== 'CFDI UUID')),
			'note_attributes',
			'CFDI UUID',
		],
		[
			'an invoice UUID that is not one',
			(o: Order) => (o.note_attributes.at(-1).value = 'pending'),
			'note_attributes',
			'not a UUID',
		],
		['no refunds', (o: Order) => (o.refunds = []), 'refunds', 'no refunds'],
		[
			'a refund gateway with no payment form',
			(o: Order) => (o.refunds[0].transactions[0].gateway = 'Kueski Pay'),
			'refunds[0].transactions',
			'kueski pay',
		],
		[
			'a refund line for an item not in the order',
			(o: Order) => {
				delete o.refunds[0].refund_line_items[0].line_item;
				o.refunds[0].refund_line_items[0].line_item_id = 42;
			},
			'refunds[0].refund_line_items[0].line_item_id',
			'not a line item',
		],
	])('%s is refused, naming the member', (_name, spoil, path, words) => {
		const order = refundedOrder();
		spoil(order);
		const error = refusal(() => creditNoteFromRefund(order, SETTINGS));
		expect(error.path).toBe(path);
		expect(error.message).toContain(words);
		expect(error.fix.length).toBeGreaterThan(10);
	});

	it('never more units than were bought, counting earlier refunds: a second refund of the last pair is fine, a third is refused', () => {
		const order = refundedOrder();
		// Refund 2 of the same line (the other pair): 1 + 1 = the 2 bought.
		const second = structuredClone(order.refunds[0]);
		second.id = 880099;
		order.refunds.push(second);
		expect(creditNoteFromRefund(order, { ...SETTINGS, refundId: 880099 }).voucher).toBeDefined();
		const third = structuredClone(order.refunds[0]);
		third.id = 880100;
		order.refunds.push(third);
		const refused = refusal(() => creditNoteFromRefund(order, { ...SETTINGS, refundId: 880100 }));
		expect(refused.path).toBe('refunds[2].refund_line_items[0].quantity');
		expect(refused.message).toBe(
			'refunds[2].refund_line_items[0] refunds 1 of line item 1000 ("Running shoes"), but 2 were bought and 2 were refunded before.',
		);
		expect(refused.fix).toBe('Refund at most 0 of that line.');
	});

	it('one refund of more units than the line had is refused, naming it', () => {
		const order = refundedOrder();
		order.refunds[0].refund_line_items[0].quantity = 3;
		expect(refusal(() => creditNoteFromRefund(order, SETTINGS)).message).toBe(
			'refunds[0].refund_line_items[0] refunds 3 of line item 1000 ("Running shoes"), but 2 were bought.',
		);
	});
});
describe('refund → credit note: amounts returned', () => {
	it('a negative refund transaction is not an amount', () => {
		const order = refundedOrder();
		order.refunds[0].transactions[0].amount = '-1804.05';
		expect(refusal(() => creditNoteFromRefund(order, SETTINGS))).toMatchObject({
			path: 'refunds[0].transactions[0].amount',
			message: 'refunds[0].transactions[0].amount "-1804.05" is not an amount.',
		});
	});
});
