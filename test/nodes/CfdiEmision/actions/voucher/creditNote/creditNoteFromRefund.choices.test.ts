/** Shopify refunds -> credit notes (actions/voucher/creditNote/creditNoteFromRefund.ts): choosing the refund, the currency, and what the output says. */
import type { Voucher } from '../../../../../../nodes/CfdiEmision/cfdi/types';
import { creditNoteFromRefund } from '../../../../../../nodes/CfdiEmision/actions/voucher/creditNote/creditNoteFromRefund';
import { refusal } from '../../../../../support/refusal';
import { corpusOrder, type Order } from '../../../../../support/corpusOrder';
import {
	SETTINGS,
	refundedOrder,
	withRefund,
	refundPaid,
} from '../../../../../support/refundedOrder';
describe('refund → credit note: choosing the refund, the currency, and what the output says', () => {
	it('Refund ID: trimmed; blank or null means the last refund; an unknown one is refused with the fix', () => {
		const order = refundedOrder();
		const second = structuredClone(order.refunds[0]);
		second.id = 990002;
		order.refunds.push(second);
		expect(creditNoteFromRefund(order, { ...SETTINGS, refundId: ' 990001 ' }).voucher?.folio).toBe(
			'1021-R1',
		);
		expect(creditNoteFromRefund(order, { ...SETTINGS, refundId: '  ' }).voucher?.folio).toBe(
			'1021-R2',
		);
		expect(
			creditNoteFromRefund(order, { ...SETTINGS, refundId: null as unknown as string }).voucher
				?.folio,
		).toBe('1021-R2');
		const error = refusal(() => creditNoteFromRefund(order, { ...SETTINGS, refundId: 5 }));
		expect([error.path, error.message, error.fix]).toEqual([
			'refunds',
			'order #1021 has no refund with id 5.',
			"Give the id of one of the order's refunds, or leave Refund ID empty for the last one.",
		]);
		expect(
			refusal(() =>
				creditNoteFromRefund(withRefund(corpusOrder('partial-refund'), {}), {
					...SETTINGS,
					refundId: 1,
				}),
			).message,
		).toBe('order #1021 has no refund with id 1.');
	});

	it('a normal refund: only the note of the IVA rounded up, and a source that says what to fix', () => {
		const result = creditNoteFromRefund(refundedOrder(), SETTINGS);
		// The one note is the IVA rounded up so that the line lands on 1,804.05.
		expect(result.notes).toEqual([
			'refunds[0].refund_line_items[0]: its IVA is 248.84 (1555.21 × 0.16 = 248.8336, rounded up: the SAT accepts either rounding), so the line carries exactly what was charged.',
		]);
		expect(result.source).toEqual({
			amount: '1804.05',
			currency: 'MXN',
			from: "the money refunded (refunds[0]'s successful refund transactions)",
			field: 'refunds[0].transactions',
			fix: "refunds[0]'s items, shipping and transactions",
		});
		expect(result.voucher).not.toHaveProperty('informacionGlobal');
		expect(result.voucher).not.toHaveProperty('tipoCambio');
	});

	it('a shipping adjustment of 0 adds nothing; one that is not an amount is refused, naming it', () => {
		const order = refundedOrder();
		order.refunds[0].order_adjustments = [
			{ kind: 'shipping_refund', amount: '0.00', tax_amount: '0.00' },
		];
		const result = creditNoteFromRefund(order, SETTINGS);
		expect(result.voucher?.conceptos).toHaveLength(1);
		expect(result.notes).toEqual([
			'refunds[0].refund_line_items[0]: its IVA is 248.84 (1555.21 × 0.16 = 248.8336, rounded up: the SAT accepts either rounding), so the line carries exactly what was charged.',
		]);
		order.refunds[0].order_adjustments = [{ kind: 'shipping_refund', amount: 'all' }];
		expect(refusal(() => creditNoteFromRefund(order, SETTINGS))).toMatchObject({
			path: 'refunds[0].order_adjustments[0].amount',
			message: 'refunds[0].order_adjustments[0].amount "all" is not an amount.',
		});
		order.refunds[0].order_adjustments = [];
		order.refunds[0].refund_shipping_lines = [{ subtotal_amount: 'all' }];
		expect(refusal(() => creditNoteFromRefund(order, SETTINGS)).path).toBe(
			'refunds[0].refund_shipping_lines[0].subtotal_amount',
		);
	});

	it('a refund line is read with its own paths: its item, its quantity, its refund line in the errors', () => {
		const badPrice = refundedOrder();
		badPrice.refunds[0].refund_line_items[0].line_item.price = 'n/a';
		delete badPrice.refunds[0].refund_line_items[0].line_item.price_set;
		expect(refusal(() => creditNoteFromRefund(badPrice, SETTINGS))).toMatchObject({
			path: 'refunds[0].refund_line_items[0].line_item.price',
		});
		const noQuantity = refundedOrder();
		noQuantity.refunds[0].refund_line_items[0].quantity = 0;
		expect(refusal(() => creditNoteFromRefund(noQuantity, SETTINGS))).toMatchObject({
			path: 'refunds[0].refund_line_items[0].quantity',
			message: 'refunds[0].refund_line_items[0].quantity 0 is not a quantity above 0.',
		});
		const notALine = refundedOrder();
		notALine.refunds[0].refund_line_items = ['x'];
		expect(refusal(() => creditNoteFromRefund(notALine, SETTINGS)).fix).toBe(
			'Give refund line items as Shopify sends them.',
		);
		const notARefund = refundedOrder();
		notARefund.refunds = [7];
		expect(refusal(() => creditNoteFromRefund(notARefund, SETTINGS)).fix).toBe(
			'Give refunds as Shopify sends them.',
		);
	});

	it('a refund of an order with prices without tax: the unit price as listed, its discount, the tax on top', () => {
		// The chair mat: 599.99 − 60.00 discount = 539.99 + IVA 86.40 = 626.39.
		const order = withRefund(corpusOrder('tax-excluded'), {
			refund_line_items: [
				{ line_item_id: 1001, quantity: 1, subtotal: '539.99', total_tax: '86.40' },
			],
			transactions: [refundPaid('626.39')],
		});
		const result = creditNoteFromRefund(order, SETTINGS);
		const voucher = result.voucher as Voucher;
		expect(voucher.conceptos).toEqual([
			expect.objectContaining({
				descripcion: 'Chair mat',
				valorUnitario: 599.99,
				importe: 599.99,
				descuento: 60,
			}),
		]);
		expect(voucher.impuestos?.traslados).toEqual([
			{ base: 539.99, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 86.4 },
		]);
		expect([result.orderTotal, result.voucherTotal, voucher.total]).toEqual([
			626.39, 626.39, 626.39,
		]);
	});

	it('money returned without items: untaxed items follow Untaxed Lines; items at 16 % and 8 % are different taxes; a bad item rate is named', () => {
		const untaxed = corpusOrder('partial-refund');
		for (const item of untaxed.line_items) item.tax_lines = [];
		const exempt = creditNoteFromRefund(
			withRefund(untaxed, { transactions: [refundPaid('250.00')] }),
			{ ...SETTINGS, untaxedLines: 'exempt' },
		).voucher as Voucher;
		expect(exempt.conceptos[0].impuestos?.traslados).toEqual([
			{ impuesto: '002', tipoFactor: 'Exento', base: 250 },
		]);

		const mixed = corpusOrder('partial-refund');
		mixed.line_items[1].tax_lines[0].rate = 0.08;
		const error = refusal(() =>
			creditNoteFromRefund(withRefund(mixed, { transactions: [refundPaid('250.00')] }), SETTINGS),
		);
		expect(error.path).toBe('refunds[0].refund_line_items');
		expect(error.fix).toBe(
			'Refund the items in Shopify (choose the items and quantities), so each refunded item keeps its own tax.',
		);

		const bad = corpusOrder('partial-refund');
		bad.line_items[1].tax_lines[0].rate = 0.06;
		expect(
			refusal(() =>
				creditNoteFromRefund(withRefund(bad, { transactions: [refundPaid('250.00')] }), SETTINGS),
			).path,
		).toBe('line_items[1].tax_lines[0].rate');
	});

	it('shipping refunded on an order whose shipping was untaxed follows Untaxed Lines', () => {
		const order = corpusOrder('partial-refund');
		order.shipping_lines[0].tax_lines = [];
		const voucher = creditNoteFromRefund(
			withRefund(order, {
				order_adjustments: [{ kind: 'shipping_refund', amount: '-149.00' }],
				transactions: [refundPaid('149.00')],
			}),
			{ ...SETTINGS, untaxedLines: 'exempt' },
		).voucher as Voucher;
		expect(voucher.conceptos[0].impuestos?.traslados).toEqual([
			{ impuesto: '002', tipoFactor: 'Exento', base: 149 },
		]);
	});

	it("a customer paying in dollars: the note is in USD at the order's own rate, or in pesos with Currency Shop", () => {
		const order = withRefund(corpusOrder('usd-presentment'), {
			transactions: [refundPaid('10.00')],
		});
		const voucher = creditNoteFromRefund(order, SETTINGS).voucher as Voucher;
		expect(voucher).toMatchObject({ moneda: 'USD', tipoCambio: 17.250058, total: 10 });
		const inPesos = creditNoteFromRefund(order, { ...SETTINGS, currency: 'shop' })
			.voucher as Voucher;
		expect(inPesos.moneda).toBe('MXN');
		expect(inPesos).not.toHaveProperty('tipoCambio');
	});

	it('the refusals name what is missing: every missing attribute, the document, and the date of a general-public note', () => {
		const order = refundedOrder();
		order.note_attributes = order.note_attributes.filter(
			(a: Order) => !['RFC', 'Codigo postal'].includes(a.name),
		);
		expect(refusal(() => creditNoteFromRefund(order, SETTINGS)).message).toBe(
			"order #1021 has no complete recipient tax data (RFC, Codigo postal missing); a credit note goes to the invoice's recipient.",
		);
		delete order.created_at;
		expect(
			refusal(() => creditNoteFromRefund(order, { ...SETTINGS, withoutTaxData: 'generalPublic' }))
				.path,
		).toBe('created_at');
		const noUuid = refundedOrder();
		noUuid.note_attributes = noUuid.note_attributes.filter((a: Order) => a.name !== 'CFDI UUID');
		expect(refusal(() => creditNoteFromRefund(noUuid, SETTINGS)).message).toBe(
			'order #1021 does not say which invoice the credit note refers to: no Invoice UUID is given and note attribute "CFDI UUID" is empty.',
		);
	});
});
