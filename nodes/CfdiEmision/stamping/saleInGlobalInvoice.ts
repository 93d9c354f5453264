/**
 * Voucher → Create from an order, "Sale in a Global Invoice": before the buyer's invoice is sent,
 * the global invoices that could hold the sale are found (in the Duplicate Check's list read, then
 * each one's XML for its tickets), and a sale found in a stamped one is refused (Fail) or handled
 * the SAT's way (Replace the Global Invoice: cancel it with motive 04, stamp its replacement without
 * the sale, related with TipoRelacion 04, then the buyer's invoice). Each step is found again on a re-run (cfdi/globalSale.ts).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	computeTotals,
	describePeriod,
	nextGlobalSaleStep,
	readGlobalXml,
	replacementFolio,
	toGeneralPublic,
	withRelatedVouchers,
	type GlobalOnList,
	type Voucher,
} from '../cfdi';
import { operationFailed, toNodeError, type RunSession } from '../api/client';
import { needsAttention } from './needsAttention';
import { findVoucherByUuid } from '../api/voucherList';
import type { VoucherRecord } from '../api/voucherRecords';
import { cfdiDateTime, unixSeconds } from '../cfdi/mexicoTime';
import { cancelVoucher, readVoucher } from '../api/vouchers';
import { downloadVoucherXml } from '../api/voucherXml';
import { stampStepVoucher } from './handler';
import type { StampJob } from './job';

export type SaleInGlobalInvoice = 'fail' | 'replace';

const SAT_PROCEDURE =
	"The SAT's procedure for a buyer who asks after the global invoice was stamped: cancel the global invoice with motive 04 (operación nominativa relacionada en una factura global), issue it again without this sale, then the buyer's invoice.";

const text = (value: unknown): string =>
	value === undefined || value === null ? '' : String(value).trim();

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

/** Slack for a CFDI Fecha written on a clock west of Mexico City's (Mexico is UTC−5 to UTC−8). */
const DATE_SLACK_SECONDS = 86_400;

/**
 * Whether a listed general-public voucher could hold the sale: a global invoice takes sales made
 * before it, so one dated before the sale (less a day's slack for the time zone) cannot. No date
 * on either side: it could.
 */
function couldHold(record: VoucherRecord, since: string | undefined): boolean {
	const sale = since ? unixSeconds(since) : null;
	const dated = record.date ? unixSeconds(record.date) : null;
	if (sale === null || dated === null) return true;
	return dated >= sale - DATE_SLACK_SECONDS;
}

/**
 * The global invoices that could hold the sale, oldest first, each with its XML's tickets, from
 * `listed`: the general-public vouchers the Duplicate Check's one list read met (no read of its own).
 */
async function globalsOfPeriod(
	ctx: IExecuteFunctions,
	session: RunSession,
	itemIndex: number,
	since: string | undefined,
	records: VoucherRecord[],
): Promise<GlobalOnList[]> {
	const globals: GlobalOnList[] = [];
	const candidates = records.filter((record) => couldHold(record, since));
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
				const { xml } = await downloadVoucherXml(ctx, session, record.uuid, itemIndex, {
					action: `download the XML of global invoice ${record.uuid} to read its tickets (Sale in a Global Invoice)`,
					subject: `global invoice ${record.uuid}`,
					consequence:
						'Nothing was stamped for this item: whether the sale is in that global invoice is unknown. Run the item again; if it repeats, report it to the provider.',
				});
				read = readGlobalXml(xml);
				xmlRead.set(record, read);
			}
			Object.assign(listedGlobal, read);
		}
		globals.push(listedGlobal);
	}
	return globals;
}

const facts = (global: GlobalOnList) => ({
	uuid: global.uuid,
	voucherId: global.voucherId,
	status: global.status,
	serie: global.series,
	folio: global.folio,
	period: describePeriod(global),
});

/** Step 1: cancel the global invoice with motive 04, then read its state back. */
async function cancelWithMotive04(
	ctx: IExecuteFunctions,
	session: RunSession,
	itemIndex: number,
	global: GlobalOnList,
	ticket: string,
): Promise<void> {
	let answer: IDataObject = {};
	try {
		answer = await cancelVoucher(ctx, session, global.uuid, { motivo: '04' });
	} catch {
		// Whether it was recorded is read back below: the state decides, never a second request blindly.
	}
	let record: VoucherRecord | undefined;
	try {
		record = await findVoucherByUuid(ctx, session, global.uuid);
	} catch (error) {
		throw toNodeError(ctx, error, itemIndex, {
			action: `read the state of global invoice ${global.uuid} after asking to cancel it with motive 04`,
			ifMaybeDone:
				'The cancellation may have been recorded: run the item again; it reads the state first and goes on from there.',
		});
	}
	if (record?.status === 'cancelled') return;
	const errores = Array.isArray(answer.errores)
		? (answer.errores as IDataObject[])
				.map((error) => `${text(error.codigo)}: ${text(error.mensaje)}`)
				.join('; ')
		: '';
	throw operationFailed(
		ctx,
		itemIndex,
		record?.status === 'pendingAcceptance'
			? `The cancellation (motive 04) of global invoice ${global.uuid} (${describePeriod(global)}) awaits acceptance; sale ${ticket} stays in it`
			: `The service did not cancel global invoice ${global.uuid} (${describePeriod(global)}) with motive 04${errores ? `: ${errores}` : ''}`,
		'Nothing else was stamped: no replacement and no invoice for the buyer. Once the global invoice shows as cancelled (Voucher → Get Status), run the item again; it goes on with the replacement.',
		{
			globalInvoice: facts({ ...global, status: record?.status ?? global.status }),
			...needsAttention(
				'saleInGlobalInvoice',
				`Sale ${ticket} is in global invoice ${global.uuid}, whose cancellation (motive 04) is not done: once it shows as cancelled, run the request again to stamp the buyer's invoice.`,
			),
		},
	);
}

/** The replacement's body: the cancelled global's voucher without the sale, related to it (04). */
async function replacementBody(
	ctx: IExecuteFunctions,
	session: RunSession,
	itemIndex: number,
	cancelled: GlobalOnList,
	ticket: string,
): Promise<IDataObject> {
	let stored: IDataObject;
	try {
		stored = await readVoucher(ctx, session, String(cancelled.voucherId), 'the global invoice');
	} catch (error) {
		throw toNodeError(ctx, error, itemIndex, {
			action: `read global invoice ${cancelled.uuid} (voucher ${String(cancelled.voucherId)}) to stamp its replacement`,
			readOnly: true,
		});
	}
	const body: IDataObject = {};
	for (const [name, value] of Object.entries(stored))
		if (VOUCHER_MEMBERS.has(name)) body[name] = value;
	body.conceptos = ((stored.conceptos ?? []) as IDataObject[])
		.filter((concepto) => text(concepto.noIdentificacion) !== ticket)
		.map((concepto) => {
			const copy = { ...concepto };
			delete copy.importe;
			return copy;
		});
	body.folio = replacementFolio(cancelled.folio);
	const related = withRelatedVouchers(body as unknown as Voucher, [
		{ tipoRelacion: '04', uuids: cancelled.uuid },
	]);
	return computeTotals(related).voucher as unknown as IDataObject;
}

/**
 * The step before the buyer's invoice of an order. Undefined: no global invoice holds the sale.
 * Throws with the facts when it must stop; answers the global invoice's facts for the output once
 * the global invoice is cancelled and replaced.
 */
export async function saleInGlobalInvoice(
	ctx: IExecuteFunctions,
	job: StampJob,
	session: RunSession,
	mode: SaleInGlobalInvoice,
	listed: VoucherRecord[] | undefined,
): Promise<IDataObject | undefined> {
	const { itemIndex } = job;
	// No Duplicate Check (Off): no list was read, and this look-up adds none.
	if (!listed) return undefined;
	const body = job.voucher.body;
	const ticket = text(job.duplicate?.key.folio ?? body.folio);
	if (!ticket || toGeneralPublic((body.receptor as IDataObject | undefined)?.rfc)) return undefined;
	const globals = await globalsOfPeriod(ctx, session, itemIndex, job.duplicate?.key.since, listed);
	let step = nextGlobalSaleStep(ticket, globals);
	if (step.kind === 'none') return undefined;
	if (step.kind === 'cancellationNotDone')
		throw operationFailed(
			ctx,
			itemIndex,
			`Sale ${ticket} is in global invoice ${step.global.uuid} (${describePeriod(step.global)}), whose cancellation awaits acceptance`,
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
		throw operationFailed(
			ctx,
			itemIndex,
			`Sale ${ticket} was in global invoice ${step.cancelled.uuid} (${describePeriod(step.cancelled)}), which is cancelled; its other sales ${step.tickets.join(', ')} are in global invoice ${step.holder.uuid}, which does not relate it`,
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
	if (step.kind === 'inGlobal') {
		if (mode !== 'replace')
			throw operationFailed(
				ctx,
				itemIndex,
				`Sale ${ticket} is already in global invoice ${step.global.uuid} (${describePeriod(step.global)}${step.global.folio ? `, folio ${step.global.folio}` : ''}), stamped to the general public`,
				`Nothing was sent. ${SAT_PROCEDURE} Set Sale in a Global Invoice to "Replace the Global Invoice" to do it here.`,
				{
					status: 'inGlobalInvoice',
					globalInvoice: facts(step.global),
					// The buyer's data is right: only the shop can replace the global invoice or allow it.
					...needsAttention(
						'saleInGlobalInvoice',
						`A buyer asked for an invoice of sale ${ticket}, which is already in global invoice ${step.global.uuid} (${describePeriod(step.global)}). Replace the global invoice (Sale in a Global Invoice: Replace the Global Invoice, SAT motive 04) and run the request again, or tell the buyer why not.`,
					),
				},
			);
		const held = step.global;
		await cancelWithMotive04(ctx, session, itemIndex, held, ticket);
		// Later items of this run read the same records: they see it cancelled.
		const cancelledRecord = listed.find((record) => record.uuid === held.uuid);
		if (cancelledRecord) cancelledRecord.status = 'cancelled';
		step = {
			kind: 'replace',
			cancelled: { ...held, status: 'cancelled' },
			others: (held.tickets ?? []).filter((other) => other !== ticket),
		};
	}
	const { cancelled, others } = step;
	const output: IDataObject = {
		cancelled: { ...facts(cancelled), motive: '04' },
	};
	if (!others.length) {
		output.replacement = null;
		output.note = `Global invoice ${cancelled.uuid} held only this sale: no replacement was needed.`;
		return { globalInvoice: output };
	}
	const replacement = step.replacement;
	if (replacement?.status === 'stamped' || replacement?.status === 'pendingAcceptance') {
		output.replacement = {
			...facts(replacement),
			tickets: replacement.tickets ?? [],
			foundAgain: true,
		};
		return { globalInvoice: output };
	}
	const newBody = await replacementBody(ctx, session, itemIndex, cancelled, ticket);
	const pendingId =
		replacement?.status === 'pending' ? (replacement.voucherId ?? undefined) : undefined;
	const answer = await stampStepVoucher(ctx, session, itemIndex, newBody, pendingId);
	if (answer.status !== 'stamped')
		throw operationFailed(
			ctx,
			itemIndex,
			`The replacement of global invoice ${cancelled.uuid} was saved but not stamped (voucher ${String(answer.result.idComprobante)})`,
			'The buyer’s invoice was not stamped. Run the item again: it finishes the saved replacement, then stamps the buyer’s invoice.',
			{ globalInvoice: output },
		);
	// Later items of this run see the replacement (its XML is read when one needs its tickets).
	const pending = listed.find((record) => pendingId && record.voucherId === pendingId);
	if (pending) Object.assign(pending, { uuid: answer.result.uuid, status: 'stamped' });
	else
		listed.push({
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
		});
	output.replacement = {
		uuid: answer.result.uuid,
		voucherId: answer.result.idComprobante ?? null,
		serie: newBody.serie ?? null,
		folio: newBody.folio,
		total: newBody.total ?? null,
		tickets: others,
		relatedTo: { tipoRelacion: '04', uuid: cancelled.uuid },
	};
	return { globalInvoice: output };
}
