/**
 * Voucher → Create from an order, "Sale in a Global Invoice": before the buyer's invoice is sent,
 * the global invoices that could hold the sale are found (in the Duplicate Check's list read, then
 * each one's XML for its tickets), and a sale found in a stamped one is refused (Fail) or handled
 * the SAT's way (Replace the Global Invoice): its replacement without the sale (folio -S1) is
 * stamped first, then the buyer's invoice, and the global invoice is cancelled with motive 04 last
 * (globalCancellation.ts), so a refused step cancels nothing and every sale stays declared. Each
 * step is found again on a re-run (globalSaleSteps.ts, which says why the replacement relates nothing).
 * A global invoice a live document relates (a credit note) cannot be cancelled: refused before any
 * stamp, the documents named (the run's ledger answers).
 */
import type { IDataObject } from 'n8n-workflow';

import { computeTotals } from '../../../cfdi/computeTotals';
import {
	couldHoldSale,
	describeListedPeriod,
	describeUnclear,
	globalFacts,
	linesInDoubt,
	nextGlobalSaleStep,
	readGlobalXml,
	replacementFolio,
	replacementOf,
	salesDeclared,
	type GlobalOnList,
	type GlobalSaleStep,
	type OwnSale,
} from './globalSaleSteps';
import { toGeneralPublic } from '../../../cfdi/rfc';
import type { Voucher } from '../../../cfdi/types';
import { needsAttention } from '../../../execution/needsAttention';
import type { VoucherRecord } from '../../../api/voucherRecords';
import { cfdiDateTime } from '../../../cfdi/mexicoTime';
import { stampStepVoucher } from '../../../stamping/sendJob';
import type { RelatingDocuments, StepRun } from '../../../stamping/planStampJob';
import type { StampJob } from '../../../stamping/stampJob';
import type { StampingService } from '../../../stamping/stampingService';
import { describeDocument } from '../../../ledger/ledgerRules';
import type { LedgerDocument } from '../../../ledger/ledger';
import { fieldText as text } from '../../../cfdi/fieldText';

export type SaleInGlobalInvoice = 'fail' | 'replace';

const SAT_PROCEDURE =
	"The SAT's procedure for a buyer who asks after the global invoice was stamped: issue the global invoice again without this sale, stamp the buyer's invoice, and then cancel the global invoice with motive 04 (operación nominativa relacionada en una factura global).";

/** The CFDI members a replacement keeps from the global invoice it replaces (not its state, date or relations). */
const VOUCHER_MEMBERS = new Set([
	'version',
	'serie',
	'formaPago',
	'condicionesDePago',
	'moneda',
	'tipoCambio',
	'tipoDeComprobante',
	'exportacion',
	'metodoPago',
	'lugarExpedicion',
	'descripcionFacturador',
	'emisor',
	'receptor',
	'conceptos',
	'informacionGlobal',
]);

/** A global invoice's XML read once per run (its tickets do not change when it is cancelled). */
const xmlRead = new WeakMap<VoucherRecord, ReturnType<typeof readGlobalXml>>();

/** Its text, handed to the run's ledger (which documents relate it): not downloaded again. */
const xmlText = new WeakMap<VoucherRecord, string>();

const knownXml = (listed: VoucherRecord[]) =>
	new Map(
		listed.flatMap((record): Array<[string, string]> => {
			const xml = xmlText.get(record);
			return xml === undefined ? [] : [[text(record.uuid).toUpperCase(), xml]];
		}),
	);

/**
 * The live documents relating `global` (credit notes of its tickets): the SAT refuses motive 04's
 * cancellation while one is valid, which would leave the replacement and the buyer's invoice
 * declaring its sales twice. Undefined: none.
 */
export async function relatedRefusal(
	relating: RelatingDocuments,
	global: GlobalOnList,
	listed: VoucherRecord[],
	ticket: string,
): Promise<{ documents: LedgerDocument[]; message: string; fix: string } | undefined> {
	const documents = await relating(global.uuid, knownXml(listed));
	if (!documents.length) return undefined;
	const one = documents.length === 1;
	return {
		documents,
		message: `Sale ${ticket} is in global invoice ${global.uuid} (${describeListedPeriod(global)}), related by ${documents.map(describeDocument).join('; ')}: the SAT refuses to cancel it with motive 04 while ${one ? 'that document is' : 'those documents are'} valid`,
		fix: `Cancel ${one ? 'that document' : 'those documents'} (Voucher → Cancel), then run the request again: it replaces the global invoice without sale ${ticket}, stamps the buyer's invoice and cancels the global invoice with motive 04. Then issue the credit again against the replacement (its ticket) or against the buyer's invoice.`,
	};
}

/** The documents as the output lists them. */
export const relatedFacts = (documents: LedgerDocument[]) =>
	documents.map((document) => ({
		uuid: document.uuid,
		type: document.type,
		...(document.name ? { name: document.name } : {}),
		state: document.state,
	}));

/**
 * The global invoices that could hold the sale, oldest first, each with the sales its XML declares,
 * from `listed`: the general-public vouchers the Duplicate Check's one list read met (no read of its
 * own). The list gives no voucher type: a credit note or receipt is told apart by its XML, and left out;
 * so is a voucher naming no ticket, as a sale line or as a concept in doubt (a product's SKU).
 */
async function globalsOfPeriod(
	client: StampingService,
	itemIndex: number,
	since: string | undefined,
	records: VoucherRecord[],
	own?: OwnSale,
): Promise<GlobalOnList[]> {
	const globals: GlobalOnList[] = [];
	const candidates = records.filter((record) => couldHoldSale(record, since));
	for (const record of candidates.sort((a, b) => text(a.date).localeCompare(text(b.date)))) {
		const listedGlobal: GlobalOnList = {
			uuid: record.uuid,
			voucherId: record.voucherId,
			status: record.status,
			statusDescription: record.statusDescription,
			date: record.date,
			series: record.series,
			folio: record.folio,
		};
		if (record.status !== 'pending') {
			let read = xmlRead.get(record);
			if (!read) {
				const { xml } = await client.downloadVoucherXml(record.uuid, itemIndex, {
					action: `download the XML of global invoice ${record.uuid} to read its tickets (Sale in a Global Invoice)`,
					subject: `global invoice ${record.uuid}`,
					consequence:
						'Nothing was stamped for this item: whether the sale is in that global invoice is unknown. Run the item again; if it repeats, report it to the provider.',
				});
				read = readGlobalXml(xml);
				xmlRead.set(record, read);
				xmlText.set(record, xml);
			}
			const tickets = salesDeclared(read, record, own);
			const inDoubt = linesInDoubt(read, record, own);
			if (!tickets.length && !inDoubt.length) continue;
			Object.assign(listedGlobal, read, { tickets, inDoubt });
		}
		globals.push(listedGlobal);
	}
	return globals;
}

export const facts = globalFacts;

/** A voucher that may declare the sale: the item stops with what the shop checks (cfdi describeUnclear). */
export function unclearOutcome(
	ticket: string,
	step: Extract<GlobalSaleStep, { kind: 'unclear' }>,
	buyerStamped = false,
) {
	const { message, fix, inDoubt } = describeUnclear(ticket, step.global, step.line, buyerStamped);
	const attention = needsAttention('saleInGlobalInvoiceUnclear', `${message}. ${fix}`);
	return { message, fix, output: { inDoubt, ...attention } };
}

/** The replacement's body: the replaced global's voucher with only the `others` sales, under its replacement folio. */
async function replacementBody(
	client: StampingService,
	itemIndex: number,
	replaced: GlobalOnList,
	others: string[],
): Promise<IDataObject> {
	let stored: IDataObject;
	try {
		stored = await client.readVoucher(String(replaced.voucherId), 'the global invoice');
	} catch (error) {
		throw client.nodeError(error, itemIndex, {
			action: `read global invoice ${replaced.uuid} (voucher ${String(replaced.voucherId)}) to stamp its replacement`,
			readOnly: true,
		});
	}
	const body: IDataObject = {};
	for (const [name, value] of Object.entries(stored))
		if (VOUCHER_MEMBERS.has(name)) body[name] = value;
	body.conceptos = ((stored.conceptos ?? []) as IDataObject[])
		.filter((concepto) => others.includes(text(concepto.noIdentificacion)))
		.map((concepto) => {
			const copy = { ...concepto };
			delete copy.importe;
			return copy;
		});
	body.folio = replacementFolio(replaced.folio);
	// Each remaining sale keeps its IVA as stamped (rounded up or down to carry the sale to the cent).
	return computeTotals(body as unknown as Voucher, { keepTaxImportes: true })
		.voucher as unknown as IDataObject;
}

/**
 * The global invoices of the sale's period and the next step for its ticket; undefined: no look-up.
 * `liveOnly`: only the valid ones are read (a cancelled one needs no cancellation).
 */
export async function stepOf(
	client: StampingService,
	job: StampJob,
	listed: VoucherRecord[] | undefined,
	liveOnly = false,
) {
	// No Duplicate Check (Off): no list was read, and this look-up adds none.
	if (!listed) return undefined;
	const body = job.voucher.body;
	const ticket = text(job.duplicate?.key.folio ?? body.folio);
	if (!ticket || toGeneralPublic((body.receptor as IDataObject | undefined)?.rfc)) return undefined;
	const globals = await globalsOfPeriod(
		client,
		job.itemIndex,
		job.duplicate?.key.since,
		liveOnly
			? listed.filter((one) => one.status === 'stamped' || one.status === 'pendingAcceptance')
			: listed,
		job.duplicate ? { ticket, serie: job.duplicate.key.serie ?? '', folio: ticket } : undefined,
	);
	return { ticket, globals, step: nextGlobalSaleStep(ticket, globals) };
}

/**
 * The replacement of `replaced` without the sale: found again when stamped, finished when pending,
 * else stamped. Null: the global invoice held only this sale. Throws when the service
 * does not stamp it: nothing is cancelled then, and no invoice is stamped for the buyer.
 */
export async function ensureReplacement(
	run: StepRun,
	itemIndex: number,
	replaced: GlobalOnList,
	found: GlobalOnList | undefined,
	others: string[],
	listed: VoucherRecord[],
): Promise<IDataObject | null> {
	if (!others.length) return null;
	if (found?.status === 'stamped' || found?.status === 'pendingAcceptance')
		return { ...facts(found), tickets: found.tickets ?? [], foundAgain: true };
	const newBody = await replacementBody(run.client, itemIndex, replaced, others);
	const pendingId = found?.status === 'pending' ? (found.voucherId ?? undefined) : undefined;
	const answer = await stampStepVoucher(run, itemIndex, newBody, pendingId);
	if (answer.status === 'pending')
		throw run.client.operationFailed(
			itemIndex,
			`The replacement of global invoice ${replaced.uuid} was saved but not stamped (voucher ${String(answer.result.idComprobante)})`,
			'Nothing was cancelled and the buyer’s invoice was not stamped: every sale is still declared. Run the item again: it finishes the saved replacement, stamps the buyer’s invoice, then cancels the global invoice.',
			{ globalInvoice: { replaced: facts(replaced) } },
		);
	// Later items of this run, and the cancellation after the buyer's invoice, see the replacement.
	let record = listed.find((one) => pendingId && one.voucherId === pendingId);
	if (record) Object.assign(record, { uuid: answer.result.uuid, status: 'stamped' });
	else {
		record = {
			uuid: String(answer.result.uuid),
			voucherId: Number(answer.result.idComprobante) || null,
			// Now, on the list's clock: the newest (pushed last, it stays last on a tie).
			date: cfdiDateTime(new Date()),
			status: 'stamped',
			subEstatusId: null,
			statusDescription: null,
			series: text(newBody.serie) || null,
			folio: text(newBody.folio) || null,
			recipientRfc: text((newBody.receptor as IDataObject | undefined)?.rfc) || null,
			recipientName: null,
			subtotal: null,
			total: null,
			currency: null,
		};
		listed.push(record);
	}
	// What its XML says is known from its body: not downloaded again in this run.
	xmlRead.set(record, {
		type: 'I',
		tickets: others,
		inDoubt: [],
		substitutes: [],
		...(replaced.period ? { period: replaced.period } : {}),
	});
	return {
		uuid: answer.result.uuid,
		voucherId: answer.result.idComprobante ?? null,
		serie: newBody.serie ?? null,
		folio: newBody.folio,
		total: newBody.total ?? null,
		tickets: others,
		replaces: replaced.uuid,
	};
}

export const NO_REPLACEMENT_NOTE = (uuid: string) =>
	`Global invoice ${uuid} held only this sale: no replacement was needed.`;

/**
 * The step before the buyer's invoice of an order. Undefined: no global invoice holds the sale.
 * Throws with the facts when it must stop; with Replace the Global Invoice, stamps the global
 * invoice's replacement without the sale and answers its facts for the output (the global invoice
 * itself is cancelled after the buyer's invoice: globalCancellation.ts).
 */
export async function resolveSaleInGlobalInvoice(
	job: StampJob,
	run: StepRun,
	mode: SaleInGlobalInvoice,
	listed: VoucherRecord[] | undefined,
	relating: RelatingDocuments,
): Promise<IDataObject | undefined> {
	const { itemIndex } = job;
	const found = await stepOf(run.client, job, listed);
	if (!found || !listed) return undefined;
	const { ticket, globals, step } = found;
	if (step.kind === 'none') return undefined;
	if (step.kind === 'unclear') {
		const { message, fix, output } = unclearOutcome(ticket, step);
		throw run.client.operationFailed(itemIndex, message, fix, output);
	}
	if (step.kind === 'cancellationNotDone')
		throw run.client.operationFailed(
			itemIndex,
			`Sale ${ticket} is in global invoice ${step.global.uuid} (${describeListedPeriod(step.global)}), whose cancellation awaits acceptance`,
			'Nothing was stamped. Once the global invoice shows as cancelled (Voucher → Get Status), run the item again; it goes on with the replacement and the buyer’s invoice.',
			{
				globalInvoice: facts(step.global),
				...needsAttention(
					'saleInGlobalInvoice',
					`Sale ${ticket} is in global invoice ${step.global.uuid}, whose cancellation awaits acceptance: once it shows as cancelled, run the request again to stamp the buyer's invoice.`,
				),
			},
		);
	if (step.kind === 'conflict')
		throw run.client.operationFailed(
			itemIndex,
			`Sale ${ticket} was in global invoice ${step.cancelled.uuid} (${describeListedPeriod(step.cancelled)}), which is cancelled; its other sales ${step.tickets.join(', ')} are in global invoice ${step.holder.uuid}, which does not relate it`,
			'Nothing was stamped: a replacement now would count those sales twice. Check the two global invoices; relate the valid one to the cancelled one, or invoice the buyer with Sale in a Global Invoice set to Fail after settling it.',
			{
				globalInvoice: facts(step.cancelled),
				holder: facts(step.holder),
				...needsAttention(
					'saleInGlobalInvoice',
					`Sale ${ticket}: global invoices ${step.cancelled.uuid} (cancelled) and ${step.holder.uuid} disagree about it; settle them before invoicing the buyer.`,
				),
			},
		);
	if (step.kind === 'inGlobal' && mode !== 'replace')
		throw run.client.operationFailed(
			itemIndex,
			`Sale ${ticket} is already in global invoice ${step.global.uuid} (${describeListedPeriod(step.global)}${step.global.folio ? `, folio ${step.global.folio}` : ''}), stamped to the general public`,
			`Nothing was sent. ${SAT_PROCEDURE} Set Sale in a Global Invoice to "Replace the Global Invoice" to do it here.`,
			{
				status: 'inGlobalInvoice',
				globalInvoice: facts(step.global),
				// The buyer's data is right: only the shop can replace the global invoice or allow it.
				...needsAttention(
					'saleInGlobalInvoice',
					`A buyer asked for an invoice of sale ${ticket}, which is already in global invoice ${step.global.uuid} (${describeListedPeriod(step.global)}). Replace the global invoice (Sale in a Global Invoice: Replace the Global Invoice, SAT motive 04) and run the request again, or tell the buyer why not.`,
				),
			},
		);
	// Its cancellation comes last: a document relating it would have it refused after every stamp.
	const related =
		step.kind === 'inGlobal'
			? await relatedRefusal(relating, step.global, listed, ticket)
			: undefined;
	if (related && step.kind === 'inGlobal')
		throw run.client.operationFailed(
			itemIndex,
			related.message,
			`Nothing was stamped. ${related.fix}`,
			{
				globalInvoice: { ...facts(step.global), relatedBy: relatedFacts(related.documents) },
				...needsAttention(
					'globalInvoiceRelated',
					`${related.message}. Nothing was stamped for the buyer. ${related.fix}`,
				),
			},
		);
	const replaced = step.kind === 'inGlobal' ? step.global : step.cancelled;
	const others = (replaced.tickets ?? []).filter((other) => other !== ticket);
	const replacement = await ensureReplacement(
		run,
		itemIndex,
		replaced,
		step.kind === 'inGlobal' ? replacementOf(replaced, globals) : step.replacement,
		others,
		listed,
	);
	const output: IDataObject = {
		[step.kind === 'inGlobal' ? 'replaced' : 'cancelled']:
			step.kind === 'inGlobal' ? facts(replaced) : { ...facts(replaced), motive: '04' },
		replacement,
	};
	if (!replacement) output.note = NO_REPLACEMENT_NOTE(replaced.uuid);
	return { globalInvoice: output };
}
