/** The Order and Line Items input modes' fields: the order, the document made of it, and what a missing tax datum does. */
import type { INodeProperties } from 'n8n-workflow';

const inModes = (modes: string[], extra: Record<string, string[]> = {}) => ({
	show: { inputMode: modes, ...extra },
});
export const showLines = inModes(['lineItems']);

/**
 * A field of the Order input mode, shown in the given Input Modes. Build From Order, which has no
 * Input Mode, shows it without that condition (withoutInputMode: n8n checks a hidden Input Mode by
 * its default, "Fields").
 */
export function orderField(
	property: INodeProperties,
	modes: string[] = ['order'],
	extra: Record<string, string[]> = {},
): INodeProperties {
	return { ...property, displayOptions: inModes(modes, extra) };
}

/** Order fields as Build From Order shows them: without the Input Mode condition. */
export function withoutInputMode(fields: INodeProperties[]): INodeProperties[] {
	return fields.map((field) => {
		const show = { ...field.displayOptions?.show };
		delete show.inputMode;
		return { ...field, displayOptions: { ...field.displayOptions, show } };
	});
}

export const orderDocument = orderField({
	displayName: 'Document',
	name: 'orderDocument',
	type: 'options',
	options: [
		{ name: 'Invoice', value: 'invoice', description: 'The invoice (type I) of the order' },
		{
			name: 'Payment Receipt',
			value: 'paymentReceipt',
			description:
				'For a paid order whose invoice was issued PPD (paid later): the payment receipt (type P, Pagos 2.0) of its last payment',
		},
		{
			name: 'Credit Note',
			value: 'creditNote',
			description:
				'For a refunded order: the credit note (type E) of its refund, related to the invoice',
		},
	],
	default: 'invoice',
});

export const invoiceUuid = orderField(
	{
		displayName: 'Invoice UUID',
		name: 'invoiceUuid',
		type: 'string',
		default: '',
		placeholder: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
		description:
			'The UUID of the order\'s stamped invoice, e.g. looked up in the table the invoicing workflow writes; empty reads the order\'s note attribute "CFDI UUID"',
	},
	['order'],
	{ orderDocument: ['paymentReceipt', 'creditNote'] },
);

export const refundId = orderField(
	{
		displayName: 'Refund ID',
		name: 'refundId',
		type: 'string',
		default: '',
		description:
			"Which of the order's refunds; empty takes the last one (the one a refunds/create trigger announces)",
	},
	['order'],
	{ orderDocument: ['creditNote'] },
);

export const paymentOptions = orderField(
	{
		displayName: 'Payment Options',
		name: 'paymentOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Invoice Series',
				name: 'invoiceSerie',
				type: 'string',
				default: '',
				description:
					'The series of the invoice when receipts have their own (Series); empty: the same',
			},
			{
				displayName: 'Payment Date',
				name: 'paymentDate',
				type: 'string',
				default: '',
				placeholder: '2026-11-21T16:05:00',
				description:
					"When the order carries no transactions: the date of the payment, Mexico City time (a date with a zone or offset, e.g. {{ $now }}, is converted to it); empty uses the order's updated_at",
			},
			{
				displayName: 'Transaction ID',
				name: 'transactionId',
				type: 'string',
				default: '',
				description: 'Which payment of the order; empty takes the last successful one',
			},
		],
	},
	['order'],
	{ orderDocument: ['paymentReceipt'] },
);

export const order = orderField({
	displayName: 'Order',
	name: 'order',
	type: 'json',
	default: '={{ $json }}',
	required: true,
	description:
		"The order as Shopify sends it (Shopify Trigger, or the Shopify node's Get): line_items, tax_lines, discounts, shipping_lines, currency, note_attributes, payment_gateway_names, order_number",
});

/** Create only, every version (a sale declared twice is not versioned): an order's invoice whose sale is already in a stamped global invoice. */
export const saleInGlobalInvoice: INodeProperties = {
	displayName: 'Sale in a Global Invoice',
	name: 'saleInGlobalInvoice',
	type: 'options',
	options: [
		{
			name: 'Fail',
			value: 'fail',
			description:
				"Stop with an error naming the global invoice (UUID, period) that holds the sale and the SAT's procedure; nothing is sent",
		},
		{
			name: 'Replace the Global Invoice',
			value: 'replace',
			description:
				"The SAT's procedure, cancelling last: stamp the global invoice again without this sale, then the buyer's invoice, then cancel the global invoice with motive 04; a re-run goes on from the step it stopped at",
		},
	],
	default: 'fail',
	description:
		"What to do when the order's sale is already in a stamped global invoice (its ticket number is the order's folio), or in the order's own invoice to the general public. The global invoices are found in the Duplicate Check's list read: with Duplicate Check Off they are not looked for.",
	displayOptions: {
		show: {
			inputMode: ['order'],
			orderDocument: ['invoice'],
		},
	},
};

export const lineItems: INodeProperties = {
	displayName: 'Line Items',
	name: 'lineItems',
	type: 'json',
	default: '={{ $json.lines }}',
	required: true,
	description:
		'A list of sale lines, each with quantity, unitPrice, taxRate (0.16, 16, "16%", "exempt" or "none"), priceIncludesTax, discount (for the whole line), sku and description; optional claveProdServ, claveUnidad, taxAmount',
	displayOptions: showLines,
};

export const withoutTaxData = orderField(
	{
		displayName: 'Without Tax Data',
		name: 'withoutTaxData',
		type: 'options',
		options: [
			{
				name: 'Skip the Item',
				value: 'skip',
				description: 'Send nothing; the output item says which data is missing',
			},
			{
				name: 'Invoice the General Public',
				value: 'generalPublic',
				description:
					'Issue it to XAXX010101000 (PUBLICO EN GENERAL), as a daily global invoice of that sale',
			},
			{ name: 'Fail', value: 'fail', description: 'Stop with an error naming the missing data' },
		],
		default: 'skip',
		description: "What to do when the recipient's RFC, name, tax regime or postal code is missing",
	},
	['order', 'lineItems'],
);

export const skippedItems = orderField(
	{
		displayName: 'Skipped Items',
		name: 'skippedItems',
		type: 'options',
		options: [
			{
				name: 'Pass On',
				value: 'passOn',
				description:
					'Output the item with status "skipped" and why; later CFDI nodes pass it on unchanged, without a request',
			},
			{
				name: 'Drop',
				value: 'drop',
				description:
					'Output nothing for an item that is skipped (no tax data, cancelled, nothing to invoice)',
			},
		],
		default: 'passOn',
		description: 'What to output for an item that gets no voucher on purpose',
	},
	['order', 'lineItems'],
);
