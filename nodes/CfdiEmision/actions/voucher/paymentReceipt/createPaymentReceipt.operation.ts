/**
 * Voucher → Create Payment Receipt: a type P voucher (Pagos 2.0) for payments of stamped invoices,
 * stamped or saved as pending. Traced from here:
 * - Fields: `description` below: its own here; Stamp, the Duplicate Check's, Options and Output in
 *   ../fields/stamping.fields.ts; the parties in ../fields/relatedParties.fields.ts, Series and
 *   Place of Issue by name from ../fields/voucherForm.fields.ts; the tax rates, Related Vouchers
 *   and Fiscal Legends in ../fields/voucherKind.fields.ts.
 * - Requests (api/runClient.ts says each one's method and path): before planning, each paid
 *   invoice's XML unless Read Related XML is off (`downloadVoucherXml`, api/relatedInvoices.ts);
 *   the body from receiptFromFields.ts; the ledger's list read and XML (stamping/saleLedger.ts);
 *   then the stamping run: the Duplicate Check's `readWholeWindow` (the run's one list read),
 *   `createVoucher` (Two-Phase: saved pending, then `stampPendingVoucher`), an unclear stamp read
 *   back by `readVoucher` and `findVoucherOnList`. When each goes out: stamping/sendJob.ts.
 * - Rules: receiptKindRules.ts lists every check in the order it applies, each by its file.
 * - Test:
 *   test/nodes/CfdiEmision/actions/voucher/paymentReceipt/createPaymentReceipt.operation.engine.test.ts.
 */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { FORMA_PAGO } from '../../../cfdi/catalogs/formaPago';
import { MONEDA } from '../../../cfdi/catalogs/moneda';
import { OBJETO_IMP } from '../../../cfdi/catalogs/objetoImp';
import { readRelatedInvoices, readRelatedXmlField } from '../../../api/relatedInvoices';
import { runStamping } from '../../../stamping/runStamping';
import { readStampingSettings } from '../../../stamping/runSettings';
import { catalogOptions, showFor } from '../../common.fields';
import { relatedPartyFields } from '../fields/relatedParties.fields';
import { options, output, stampingFields } from '../fields/stamping.fields';
import { voucherField } from '../fields/voucherForm.fields';
import { fiscalLegends, relatedVouchers, taxRateFields } from '../fields/voucherKind.fields';
import { INVOICES, paymentReceiptOf } from './receiptFromFields';
import { VOUCHER_KINDS } from '../kindsTable';

const OPERATION = 'createPaymentReceipt';
const show = showFor('voucher', [OPERATION]);
const withoutXml = { show: { '/readRelatedXml': [false] } };

const paymentReceiptFields: INodeProperties[] = [
	...relatedPartyFields(show, 'the customer who paid'),
	voucherField('serie', show),
	voucherField('lugarExpedicion', show),
	{
		displayName: 'Payment Date',
		name: 'paymentDate',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			'When the payment was received (fechaPago), Mexico City time; a date with a zone or offset (e.g. {{ $now }}) is converted to it',
		displayOptions: show,
	},
	{
		displayName: 'Payment Form',
		name: 'paymentForm',
		type: 'options',
		options: catalogOptions(FORMA_PAGO.filter((entry) => entry.code !== '99')),
		default: '03',
		description: 'How the payment was received (formaDePagoP)',
		displayOptions: show,
	},
	{
		displayName: 'Payment Currency',
		name: 'paymentCurrency',
		type: 'options',
		options: catalogOptions(MONEDA.filter((entry) => entry.code !== 'XXX')),
		default: 'MXN',
		description: 'Currency the payment was received in (monedaP)',
		displayOptions: show,
	},
	{
		displayName: 'Exchange Rate',
		name: 'paymentExchangeRate',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 6 },
		default: 0,
		description: 'MXN per 1 unit of the payment currency on the payment date (tipoCambioP)',
		displayOptions: {
			show: { resource: ['voucher'], operation: [OPERATION] },
			hide: { paymentCurrency: ['MXN'] },
		},
	},
	{
		displayName: 'Amount Received',
		name: 'paymentAmount',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: 0,
		description: 'The amount received (monto); 0 takes the sum of the amounts paid on the invoices',
		displayOptions: show,
	},
	{
		displayName: 'Operation Number',
		name: 'paymentOperationNumber',
		type: 'string',
		default: '',
		description: 'Bank reference of the payment (numOperacion), optional',
		displayOptions: show,
	},
	readRelatedXmlField(
		"Whether to download each related invoice's XML and take its series, folio, currency, total and taxes from it, so each entry needs only the UUID and the amount paid",
		show,
	),
	{
		displayName: 'Related Invoices',
		name: 'relatedInvoices',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Invoice',
		default: {},
		required: true,
		description: 'The invoices (issued with payment method PPD) this payment pays, one entry each',
		displayOptions: show,
		options: [
			{
				displayName: 'Invoice',
				name: 'invoice',
				values: [
					{
						displayName: 'Amount Paid',
						name: 'amountPaid',
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 2 },
						default: 0,
						description:
							"Part of the payment applied to this invoice, in the invoice's currency (impPagado)",
					},
					{
						displayName: 'Equivalence',
						name: 'equivalence',
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 10 },
						default: 0,
						description:
							"Units of the invoice's currency paid by 1 unit of the payment currency (equivalenciaDR); 0 when both currencies are the same",
					},
					{
						displayName: 'Folio',
						name: 'folio',
						type: 'string',
						default: '',
						displayOptions: withoutXml,
					},
					{
						displayName: 'Installment',
						name: 'installment',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 1,
						description: 'Which payment of this invoice this is: 1 for the first (numParcialidad)',
					},
					{
						displayName: 'Invoice Currency',
						name: 'currency',
						type: 'options',
						options: catalogOptions(MONEDA.filter((entry) => entry.code !== 'XXX')),
						default: 'MXN',
						displayOptions: withoutXml,
					},
					{
						displayName: 'Invoice UUID',
						name: 'uuid',
						type: 'string',
						default: '',
						placeholder: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
						description: 'Folio fiscal of the invoice paid (idDocumento)',
					},
					{
						displayName: 'Previous Balance',
						name: 'previousBalance',
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 2 },
						default: 0,
						description:
							'What was owed before this payment (impSaldoAnt). 0 with the XML read and installment 1: the invoice total. From installment 2 on: the balance the previous payment receipt left.',
					},
					{
						displayName: 'Series',
						name: 'series',
						type: 'string',
						default: '',
						displayOptions: withoutXml,
					},
					{
						displayName: 'Tax Object',
						name: 'taxObject',
						type: 'options',
						options: catalogOptions(OBJETO_IMP),
						default: '02',
						description: 'Whether the invoice carried taxes (objetoImpDR): 02 yes, 01 not subject',
						displayOptions: withoutXml,
					},
					...taxRateFields('', 'the invoice', withoutXml),
				],
			},
		],
	},
	voucherField('descripcionFacturador', show),
];

/** Voucher → Create Payment Receipt: its fields in the order the editor shows them (Voucher.resource.ts shows them for it). */
export const description: INodeProperties[] = [
	...stampingFields(),
	...paymentReceiptFields,
	relatedVouchers,
	fiscalLegends,
	options,
	output,
];

/**
 * Voucher → Create Payment Receipt: a type P voucher with the Pagos 2.0 complement computed from
 * the payment and the invoices it pays (read from their XML unless turned off), stamped through
 * the one stamping handler.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const related = await readRelatedInvoices(ctx, readStampingSettings(ctx), INVOICES);
	return await runStamping(ctx, {
		buildVoucher: (context, itemIndex) => paymentReceiptOf(context, itemIndex, related),
		target: () => ({ kind: 'create' }),
		kinds: VOUCHER_KINDS,
		relatedXml: (itemIndex) => related.xmlOf(itemIndex),
	});
}
