/**
 * Voucher → Create Credit Note: a type E voucher relating the invoices it corrects (or crediting a
 * sale of a global invoice), stamped or saved as pending. Traced from here:
 * - Fields: `description` below: its own here; Stamp, the Duplicate Check's, Options and Output in
 *   ../fields/stamping.fields.ts; the parties in ../fields/relatedParties.fields.ts, Use, Series
 *   and Place of Issue by name from ../fields/voucherForm.fields.ts; the tax rates, Related
 *   Vouchers and Fiscal Legends in ../fields/voucherKind.fields.ts.
 * - Requests (api/runClient.ts says each one's method and path): before planning, each related
 *   invoice's XML (`downloadVoucherXml`, api/relatedInvoices.ts), a global sale's global invoice
 *   and earlier notes (../globalInvoice/saleCreditFromFields.ts); the body from
 *   creditNoteFromFields.ts; the ledger's list read and XML (stamping/saleLedger.ts); then the
 *   stamping run: the Duplicate Check's `readWholeWindow` (the run's one list read),
 *   `createVoucher` (Two-Phase: saved pending, then `stampPendingVoucher`), an unclear stamp read
 *   back by `readVoucher` and `findVoucherOnList`. When each goes out: stamping/sendJob.ts.
 * - Rules, in the order they apply: the fields read (creditNoteFromFields.ts), the note against its
 *   invoices (buildCreditNote.ts; a global sale's: ../globalInvoice/buildSaleCreditNote.ts); before
 *   the voucher is sent, voucherInput/prepareVoucher.ts (Compute Totals, cfdi/reconcile.ts,
 *   cfdi/validateVoucher.ts, a global sale's note also ../globalInvoice/globalInvoiceRules.ts);
 *   then, after the Duplicate Check, more than the invoices' balance less earlier notes
 *   (ledger/ledgerRules.ts, its creditRefusal, run by stamping/saleLedger.ts).
 * - Test:
 *   test/nodes/CfdiEmision/actions/voucher/creditNote/createCreditNote.operation.engine.test.ts.
 */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { TIPO_RELACION } from '../../../cfdi/catalogs/tipoRelacion';
import { catalogOptions, showFor } from '../../common.fields';
import { readRelatedInvoices, readRelatedXmlField } from '../../../api/relatedInvoices';
import { runStamping } from '../../../stamping/runStamping';
import { readStampingSettings } from '../../../stamping/runSettings';
import { relatedPartyFields } from '../fields/relatedParties.fields';
import { options, output, stampingFields } from '../fields/stamping.fields';
import { voucherField } from '../fields/voucherForm.fields';
import { fiscalLegends, relatedVouchers, taxRateFields } from '../fields/voucherKind.fields';
import { GLOBAL_SALE_TICKET, GlobalSaleCredits } from '../globalInvoice/saleCreditFromFields';
import { SaleLedger } from '../../../stamping/saleLedger';
import { RunVoucherList } from '../../../stamping/runVoucherList';
import { CREDITED_INVOICES, creditNoteOf } from './creditNoteFromFields';
import { VOUCHER_KINDS } from '../kindsTable';

const OPERATION = 'createCreditNote';
const show = showFor('voucher', [OPERATION]);
const only = (conditions: Record<string, unknown[]>) => ({
	show: { resource: ['voucher'], operation: [OPERATION], ...conditions },
});
const INVOICES = CREDITED_INVOICES;

const creditNoteFields: INodeProperties[] = [
	...relatedPartyFields(show, 'the customer of the related invoice'),
	voucherField('receptorUsoCfdi', show, {
		default: 'G02',
		description:
			'What the customer will use the credit note for; usually G02 (returns, discounts or rebates)',
	}),
	voucherField('serie', show),
	voucherField('lugarExpedicion', show),
	{
		displayName: 'Relation Type',
		name: 'creditRelationType',
		type: 'options',
		options: catalogOptions(
			TIPO_RELACION.filter((entry) => ['01', '03', '07'].includes(entry.code)),
		),
		default: '01',
		description: 'How the credit note relates to the invoices it corrects (tipoRelacion)',
		displayOptions: show,
	},
	readRelatedXmlField(
		"Whether to download each related invoice's XML and take its recipient, currency, total and taxes from it",
		show,
	),
	{
		displayName: 'Ticket in the Global Invoice',
		name: GLOBAL_SALE_TICKET,
		type: 'string',
		default: '',
		placeholder: '1001',
		description:
			"For a refund or discount on a sale that went into a global invoice: its ticket number (the global invoice concept's NoIdentificacion). The note then goes to the general public (XAXX010101000, regime 616, use S01, the issuer's postal code), relates the global invoice given as the one Related Invoice (01), and credits at most the ticket's amount less earlier credit notes of it. Empty: a credit note to the related invoice's customer.",
		displayOptions: show,
	},
	{
		displayName: 'Related Invoices',
		name: 'creditedInvoices',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Invoice',
		default: {},
		required: true,
		description: 'The invoices this credit note corrects',
		displayOptions: show,
		options: [
			{
				displayName: 'Invoice',
				name: 'invoice',
				values: [
					{
						displayName: 'Invoice UUID',
						name: 'uuid',
						type: 'string',
						default: '',
						placeholder: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
					},
					{
						displayName: 'Balance',
						name: 'balance',
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 2 },
						default: 0,
						description:
							'What is still owed on the invoice, when less than its total; 0: the total is the limit of the credit',
					},
					{
						displayName: 'Invoice Total',
						name: 'total',
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 2 },
						default: 0,
						description: 'The invoice total, the most the note may credit; 0: not checked',
						displayOptions: { show: { '/readRelatedXml': [false] } },
					},
				],
			},
		],
	},
	voucherField('formaPago', show, {
		default: '03',
		description:
			'How the credit is given: 03 transfer, 01 cash, 04 card, or 15 (debt forgiveness) for an invoice not yet paid',
	}),
	voucherField('moneda', only({ readRelatedXml: [false] })),
	...taxRateFields('credit', 'the related invoice', only({ readRelatedXml: [false] })),
	{
		displayName: 'Exchange Rate',
		name: 'creditExchangeRate',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 6 },
		default: 0,
		description:
			"MXN per unit of the currency, for a note not in MXN; 0: the related invoice's rate",
		displayOptions: show,
	},
	{
		displayName: 'Credit',
		name: 'creditBy',
		type: 'options',
		options: [
			{
				name: 'An Amount',
				value: 'amount',
				description: 'One concept for the whole amount, with the taxes of the related invoice',
			},
			{
				name: 'Line Items',
				value: 'lines',
				description: 'The credited items one by one, e.g. the goods returned',
			},
		],
		default: 'amount',
		displayOptions: show,
	},
	{
		displayName: 'Amount',
		name: 'creditAmount',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: 0,
		required: true,
		description: 'The amount to credit',
		displayOptions: only({ creditBy: ['amount'] }),
	},
	{
		displayName: 'Amount Includes Taxes',
		name: 'creditAmountIncludesTax',
		type: 'boolean',
		default: true,
		description:
			'Whether the amount is what the customer gets back, taxes included (otherwise taxes are added on top)',
		displayOptions: only({ creditBy: ['amount'] }),
	},
	{
		displayName: 'Concept Description',
		name: 'creditDescription',
		type: 'string',
		default: '',
		description: 'Description of the credited concept; empty: one that fits the relation type',
		displayOptions: only({ creditBy: ['amount'] }),
	},
	{
		displayName: 'Line Items',
		name: 'creditLines',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Line Item',
		default: {},
		displayOptions: only({ creditBy: ['lines'] }),
		options: [
			{
				displayName: 'Line Item',
				name: 'line',
				values: [
					{ displayName: 'Description', name: 'descripcion', type: 'string', default: '' },
					{
						displayName: 'Product or Service Code',
						name: 'claveProdServ',
						type: 'string',
						default: '84111506',
						description: 'The 8-digit SAT code of the credited item',
					},
					{
						displayName: 'Quantity',
						name: 'cantidad',
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 6 },
						default: 1,
					},
					{
						displayName: 'Unit Code',
						name: 'claveUnidad',
						type: 'string',
						default: 'ACT',
						description: 'SAT unit code, e.g. H87 (piece) or ACT (activity)',
					},
					{
						displayName: 'Unit Price',
						name: 'valorUnitario',
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 6 },
						default: 0,
						description: 'Price before taxes',
					},
				],
			},
		],
	},
	voucherField('descripcionFacturador', show),
];

/** Voucher → Create Credit Note: its fields in the order the editor shows them (Voucher.resource.ts shows them for it). */
export const description: INodeProperties[] = [
	...stampingFields(),
	...creditNoteFields,
	relatedVouchers,
	fiscalLegends,
	options,
	output,
];

/**
 * Voucher → Create Credit Note: a type E voucher relating the invoices it corrects (01, 03 or 07),
 * with their taxes (read from their XML unless turned off), stamped through the one stamping handler.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const settings = readStampingSettings(ctx);
	const related = await readRelatedInvoices(ctx, settings, INVOICES);
	// The run's ledger: the global sales' credits are read from it before planning, then it stamps.
	const ledger = new SaleLedger(new RunVoucherList());
	const globalSales = await GlobalSaleCredits.read(
		ctx,
		settings,
		INVOICES.parameter,
		(itemIndex) => related.xmlOf(itemIndex),
		ledger,
	);
	return await runStamping(ctx, {
		buildVoucher: (context, itemIndex) => creditNoteOf(context, itemIndex, related, globalSales),
		target: () => ({ kind: 'create' }),
		kinds: VOUCHER_KINDS,
		relatedXml: (itemIndex) => related.xmlOf(itemIndex),
		ledger,
	});
}
