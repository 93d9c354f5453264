/** Voucher → Create Payment Receipt: its fields and its execute. */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { FORMA_PAGO, KindInputError, MONEDA, OBJETO_IMP, type StampedCfdi } from '../../cfdi';
import {
	buildPaymentReceipt,
	paidDocumentFromCfdi,
	type PaidDocumentInput,
} from './paymentReceipt';
import { catalogOptions } from '../common.fields';
import { showFor } from '../common.fields';
import {
	readRelatedInvoices,
	readRelatedXmlField,
	readsRelatedXml,
	relatedEntries,
	type RelatedInvoices,
} from '../../api/relatedInvoices';
import {
	kindInputFailure,
	positiveNumber,
	readTaxRates,
	withRelationsAndLegends,
} from '../../voucherInput/voucherKind';
import { readStampingSettings, runStamping } from '../../stamping';
import { paymentReceiptKey } from '../../cfdi/businessKey';
import { cfdiDateTime } from '../../cfdi/mexicoTime';
import { BuiltVoucher, relatedParties } from '../../voucherInput';
import {
	fiscalLegends,
	options,
	output,
	relatedPartyFields,
	relatedVouchers,
	stampingFields,
	taxRateFields,
	voucherField,
} from './fields';

const OPERATION = 'createPaymentReceipt';
const show = showFor('voucher', [OPERATION]);
const withoutXml = { show: { '/readRelatedXml': [false] } };
const INVOICES = 'relatedInvoices.invoice';

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

const FIELD_LABELS: Record<string, string> = {
	impSaldoAnt: 'Previous Balance',
	impPagado: 'Amount Paid',
	equivalenciaDR: 'Equivalence',
	taxes: 'taxes',
	tipoCambioP: 'Exchange Rate',
	documents: 'Related Invoices',
};

function labelOf(field: string, entries: IDataObject[]): string {
	const document = /documents\[(\d+)\](?:\.(\w+))?/.exec(field);
	if (document) {
		const index = Number(document[1]);
		const what = document[2] ? `, ${FIELD_LABELS[document[2]] ?? document[2]}` : '';
		return `Related invoice ${index + 1} (${String(entries[index]?.uuid ?? '')})${what}`;
	}
	const last = field.split('.').pop() ?? field;
	return FIELD_LABELS[last] ?? field;
}

/** A payment receipt pays the invoices of one customer. */
function checkOneCustomer(cfdis: StampedCfdi[]): void {
	const rfcs = [...new Set(cfdis.map((cfdi) => cfdi.receptor.rfc))];
	if (rfcs.length > 1) {
		throw new KindInputError(
			'documents',
			`The related invoices are to different recipients (${rfcs.join(', ')}).`,
			'A payment receipt pays the invoices of one customer; issue one receipt per customer.',
		);
	}
}

function paymentReceiptOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	related: RelatedInvoices,
): BuiltVoucher {
	const get = <T>(name: string, fallback: T) =>
		ctx.getNodeParameter(name, itemIndex, fallback) as T;
	const { entries, invoiceOf } = relatedEntries(
		ctx,
		itemIndex,
		related,
		INVOICES,
		'Add the invoice this payment pays: its UUID and the amount paid.',
	);
	const fromXml = readsRelatedXml(ctx, itemIndex);
	const cfdiOf = (entry: IDataObject) => invoiceOf(entry) as StampedCfdi;
	try {
		const documents = entries.map((entry, index): PaidDocumentInput => {
			const payment = {
				impPagado: Number(entry.amountPaid ?? 0),
				numParcialidad: Number(entry.installment ?? 1),
				impSaldoAnt: positiveNumber(entry.previousBalance),
				equivalenciaDR: positiveNumber(entry.equivalence),
			};
			if (fromXml) return paidDocumentFromCfdi(cfdiOf(entry), payment, `documents[${index}]`);
			const objetoImpDR = String(entry.taxObject ?? '02');
			return {
				idDocumento: String(entry.uuid ?? '').trim(),
				serie: String(entry.series ?? ''),
				folio: String(entry.folio ?? ''),
				monedaDR: String(entry.currency ?? 'MXN'),
				...payment,
				impSaldoAnt: Number(entry.previousBalance ?? 0),
				objetoImpDR,
				taxes: objetoImpDR === '02' ? readTaxRates((name) => entry[name]) : [],
			};
		});
		const cfdis = fromXml ? entries.map(cfdiOf) : [];
		checkOneCustomer(cfdis);
		const { emisor, receptor } = relatedParties(ctx, itemIndex, cfdis[0]);
		const monedaP = get('paymentCurrency', 'MXN');
		const monto = positiveNumber(get('paymentAmount', 0));
		const voucher = buildPaymentReceipt({
			emisor: emisor as never,
			receptor: receptor as never,
			lugarExpedicion: get('lugarExpedicion', ''),
			serie: get('serie', ''),
			descripcionFacturador: get('descripcionFacturador', ''),
			payments: [
				{
					fechaPago: cfdiDateTime(get('paymentDate', '')),
					formaDePagoP: get('paymentForm', '03'),
					monedaP,
					tipoCambioP:
						monedaP === 'MXN' ? undefined : positiveNumber(get('paymentExchangeRate', 0)),
					monto,
					numOperacion: get('paymentOperationNumber', ''),
					documents,
				},
			],
		});
		const body = withRelationsAndLegends(ctx, itemIndex, voucher as IDataObject);
		// An installment of an invoice is receipted once: the paid invoices and installments are the key.
		const paid = documents.map((document) => ({
			uuid: String(document.idDocumento ?? ''),
			installment: Number(document.numParcialidad ?? 1),
		}));
		const key = paymentReceiptKey(paid, body)?.key;
		const paymentDate = String(get('paymentDate', '') ?? '');
		// The amount received, when given, is the money the receipt records (Σ Monto).
		const money =
			monto === undefined
				? undefined
				: {
						amount: String(monto),
						currency: monedaP,
						from: 'the Payment Amount received',
						field: 'paymentAmount',
						fix: 'Payment Amount',
					};
		return new BuiltVoucher(
			body,
			{},
			{
				key: key && paymentDate ? { ...key, since: paymentDate } : key,
				...(money ? { money } : {}),
			},
		);
	} catch (error) {
		throw kindInputFailure(ctx, itemIndex, error, (field) => labelOf(field, entries));
	}
}

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
		relatedXml: (itemIndex) => related.xmlOf(itemIndex),
	});
}
