/**
 * Voucher → Create Credit Note's voucher for one item: a type E voucher relating the invoices it
 * corrects, with their taxes (from their XML, read beforehand, or typed in), or the credit of a sale
 * of a global invoice. Nothing here sends a request.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { buildGlobalSaleCreditNote } from '../globalInvoice';
import {
	buildCreditNote,
	creditedInvoiceFromCfdi,
	creditNoteMoney,
	type CreditedInvoice,
	type CreditNoteInput,
} from './buildCreditNote';
import {
	readsRelatedXml,
	relatedEntries,
	type RelatedCollection,
	type RelatedInvoices,
} from '../../../api/relatedInvoices';
import {
	kindInputFailure,
	positiveNumber,
	readTaxRates,
	withRelationsAndLegends,
} from '../../../voucherInput/kindInputReaders';
import { BuiltVoucher } from '../../../voucherInput/builtVoucher';
import { relatedParties } from '../../../voucherInput/relatedParties';
import { GlobalSaleCredits, type GlobalSaleFacts } from '../globalInvoice/saleCreditFromFields';

/** The Related Invoices collection of Create Credit Note (its fields and its reads name it). */
export const CREDITED_INVOICES: RelatedCollection = {
	parameter: 'creditedInvoices.invoice',
	emptyFix: 'A credit note relates the invoice it corrects: add its UUID.',
};

const LABELS: Record<string, string> = {
	invoices: 'Related Invoices',
	tipoRelacion: 'Relation Type',
};

/**
 * The credit note of a sale of a global invoice (SAT global CFDI guide, appendix 2): to the general
 * public, related to the global invoice, the ticket's taxes and period, capped at what is left of it.
 */
function globalSaleCreditOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	facts: GlobalSaleFacts,
	related: RelatedInvoices,
): BuiltVoucher {
	const get = <T>(name: string, fallback: T) =>
		ctx.getNodeParameter(name, itemIndex, fallback) as T;
	try {
		// The issuer and its postal code: the fields when given, else the global invoice's.
		const cfdi = readsRelatedXml(ctx, itemIndex)
			? related.of(itemIndex).get((facts.global.uuid ?? '').toUpperCase())
			: undefined;
		const { emisor } = relatedParties(ctx, itemIndex, cfdi);
		const voucher = buildGlobalSaleCreditNote(
			{
				emisor: emisor as never,
				lugarExpedicion: get('lugarExpedicion', '') || cfdi?.lugarExpedicion || '',
				serie: get('serie', ''),
				descripcionFacturador: get('descripcionFacturador', ''),
				formaPago: get('formaPago', '03'),
				tipoRelacion: get('creditRelationType', '01'),
				global: facts.global,
				ticket: facts.ticket,
				alreadyCredited: facts.alreadyCredited,
				amount: get('creditAmount', 0),
				descripcion: get('creditDescription', '') || undefined,
			},
			buildCreditNote,
		);
		const output: IDataObject = {
			globalSale: {
				globalInvoice: facts.global.uuid ?? null,
				ticket: facts.ticket,
				earlierCredits: facts.earlierCredits,
			},
		};
		return new BuiltVoucher(
			withRelationsAndLegends(ctx, itemIndex, voucher as IDataObject),
			output,
		);
	} catch (error) {
		throw kindInputFailure(ctx, itemIndex, error, (field) =>
			field === 'ticket'
				? 'Ticket in the Global Invoice'
				: field === 'amount'
					? 'Amount'
					: (LABELS[field] ?? field),
		);
	}
}

export function creditNoteOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	related: RelatedInvoices,
	globalSales?: GlobalSaleCredits,
): BuiltVoucher {
	const globalSale = globalSales?.of(itemIndex);
	if (globalSale) return globalSaleCreditOf(ctx, itemIndex, globalSale, related);
	const get = <T>(name: string, fallback: T) =>
		ctx.getNodeParameter(name, itemIndex, fallback) as T;
	const { entries, fromXml, invoiceOf } = relatedEntries(
		ctx,
		itemIndex,
		related,
		CREDITED_INVOICES,
	);
	const byLines = get<string>('creditBy', 'amount') === 'lines';
	try {
		const invoices: CreditedInvoice[] = entries.map((entry) =>
			fromXml
				? creditedInvoiceFromCfdi(invoiceOf(entry), positiveNumber(entry.balance))
				: {
						uuid: String(entry.uuid ?? '').trim(),
						total: positiveNumber(entry.total),
						saldo: positiveNumber(entry.balance),
						moneda: get('moneda', 'MXN'),
						taxes: readTaxRates((name) => get(name, undefined), 'credit'),
					},
		);
		const first = fromXml ? invoiceOf(entries[0]) : undefined;
		const { emisor, receptor } = relatedParties(ctx, itemIndex, first);
		const input: CreditNoteInput = {
			emisor: emisor as never,
			receptor: { ...receptor, usoCFDI: get('receptorUsoCfdi', 'G02') } as never,
			lugarExpedicion: get('lugarExpedicion', ''),
			serie: get('serie', ''),
			descripcionFacturador: get('descripcionFacturador', ''),
			formaPago: get('formaPago', '03'),
			moneda: fromXml ? undefined : get('moneda', 'MXN'),
			tipoCambio:
				positiveNumber(get('creditExchangeRate', 0)) ??
				(first?.moneda && first.moneda !== 'MXN' ? first.tipoCambio : undefined),
			tipoRelacion: get('creditRelationType', '01'),
			invoices,
			lines: byLines
				? get<IDataObject[]>('creditLines.line', []).map((line) => ({
						claveProdServ: String(line.claveProdServ ?? ''),
						cantidad: Number(line.cantidad ?? 1),
						claveUnidad: String(line.claveUnidad ?? ''),
						descripcion: String(line.descripcion ?? ''),
						valorUnitario: Number(line.valorUnitario ?? 0),
					}))
				: undefined,
			amount: byLines ? undefined : get('creditAmount', 0),
			amountIncludesTax: get('creditAmountIncludesTax', true),
			descripcion: get('creditDescription', '') || undefined,
		};
		const voucher = buildCreditNote(input);
		const money = creditNoteMoney(input, String(voucher.moneda));
		return new BuiltVoucher(
			withRelationsAndLegends(ctx, itemIndex, voucher as IDataObject),
			{},
			money ? { money } : {},
		);
	} catch (error) {
		throw kindInputFailure(ctx, itemIndex, error, (field) =>
			field === 'amount' || field === 'lines'
				? byLines
					? 'Line Items'
					: 'Amount'
				: (LABELS[field] ?? field),
		);
	}
}
