/**
 * Sums that never exceed the sale (issue 27 item 5), checked in an item's turn after the Duplicate
 * Check decided to send it and before its first request: a credit note against invoices already
 * credited, a payment receipt for an installment already receipted or for an invoice issued PUE.
 *
 * What it reads: the XML of each invoice the voucher credits or pays (its total, date, recipient and
 * payment method), then the service's list from the earliest such invoice's date (a credit note or a
 * receipt is not older than its invoice) to now, and the XML of each listed voucher to the same
 * recipient that could be a credit note (a total above 0) or a payment receipt (total 0, currency
 * XXX): their CfdiRelacionados and Pagos say what they credit or pay. Each XML is read once per run.
 * Items of one run are checked one at a time, each counting what the run's earlier items sent.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { stateOf, type ListedSale, type StampedCfdi } from '../cfdi';
import {
	creditedBy,
	creditSumRefusal,
	pueRefusal,
	receiptedBefore,
	receiptedRefusal,
	relationsOfBody,
	type PaidInstallment,
} from '../cfdi/saleSums';
import { readsRelatedXml } from '../api/relatedInvoices';
import { readWholeWindow, type WholeWindow } from '../api/voucherList';
import { downloadVoucherXml } from '../api/voucherXml';
import { operationFailed, type RunSession } from '../api/client';
import type { StampJob } from './job';

const DAY_SECONDS = 86_400;

const upper = (value: unknown): string =>
	value === undefined || value === null ? '' : String(value).trim().toUpperCase();

/** A CFDI date (Mexico local time, no zone) as Unix seconds, a day early for any zone; NaN without one. */
function secondsOf(fecha: string | undefined): number {
	const parsed = fecha ? Date.parse(`${fecha.slice(0, 19)}Z`) : NaN;
	return Number.isFinite(parsed) ? Math.floor(parsed / 1000) - DAY_SECONDS : NaN;
}

/** What the voucher about to be sent credits or pays; undefined for any other voucher. */
function whatItSums(
	body: IDataObject,
):
	| { kind: 'credit'; invoices: string[] }
	| { kind: 'payment'; paid: PaidInstallment[] }
	| undefined {
	const type = upper(body.tipoDeComprobante);
	if (type === 'E') {
		const invoices = [
			...new Set(
				creditedBy({ tipoDeComprobante: 'E', relacionados: relationsOfBody(body) }).filter(Boolean),
			),
		];
		return invoices.length ? { kind: 'credit', invoices } : undefined;
	}
	if (type !== 'P') return undefined;
	const complemento = (body.complemento ?? {}) as IDataObject;
	const pagos = ((complemento.complementoPago20 ?? {}) as IDataObject).pago;
	const paid = (Array.isArray(pagos) ? pagos : []).flatMap((pago) => {
		const doctos = (pago as IDataObject).doctoRelacionado;
		return (Array.isArray(doctos) ? doctos : []).map((docto) => ({
			uuid: upper((docto as IDataObject).idDocumento),
			installment: Number((docto as IDataObject).numParcialidad ?? 1) || 1,
		}));
	});
	return paid.length ? { kind: 'payment', paid: paid.filter((entry) => entry.uuid) } : undefined;
}

/**
 * Whether the item's invoices are read: Create Credit Note and Create Payment Receipt with "Read
 * Related Invoices From Their XML" on (the default; off, the typed figures are all there is), and
 * Create from an order (a refund's credit note, a payment's receipt, whose invoice the service holds).
 */
function readsInvoices(ctx: IExecuteFunctions, itemIndex: number): boolean {
	const operation = ctx.getNodeParameter('operation', itemIndex, '') as string;
	if (operation === 'createCreditNote' || operation === 'createPaymentReceipt')
		return readsRelatedXml(ctx, itemIndex);
	return operation === 'create' && ctx.getNodeParameter('inputMode', itemIndex, '') === 'order';
}

/** One run's sums: the XML read, the list windows read, and what this run's items sent. */
export class SaleSums {
	private readonly xml = new Map<string, Promise<StampedCfdi>>();

	private readonly windows = new Map<number, Promise<WholeWindow>>();

	/** Credit notes this run sent, per credited invoice: their totals. */
	private readonly creditedThisRun = new Map<string, Array<{ uuid: string; total: string }>>();

	/** Installments this run receipted: "UUID#n". */
	private readonly paidThisRun = new Map<string, string>();

	private turn: Promise<unknown> = Promise.resolve();

	constructor(
		private readonly ctx: IExecuteFunctions,
		/** The invoices the operation read already for the item (Create Credit Note, Create Payment Receipt). */
		private readonly known: (itemIndex: number) => Map<string, StampedCfdi> = () => new Map(),
	) {}

	private cfdi(session: RunSession, uuid: string, itemIndex: number, role: string) {
		const key = upper(uuid);
		const known = this.known(itemIndex).get(key);
		if (known) return Promise.resolve(known);
		let read = this.xml.get(key);
		if (!read) {
			read = downloadVoucherXml(this.ctx, session, key, itemIndex, {
				action: `read the XML of ${role} ${key} (to sum what is credited or paid on the invoice)`,
				subject: `${role} ${key}`,
				consequence:
					'Nothing was sent for this item: without it the node cannot tell whether the invoice is already credited or paid. Run the item again; if it repeats, check the UUID.',
			}).then((xml) => xml.cfdi);
			read.catch(() => this.xml.delete(key));
			this.xml.set(key, read);
		}
		return read;
	}

	private listFrom(session: RunSession, from: number): Promise<WholeWindow> {
		const day = Math.max(0, Math.floor(from / DAY_SECONDS) * DAY_SECONDS);
		let read = this.windows.get(day);
		if (!read) {
			const now = Math.floor(Date.now() / 1000);
			read = readWholeWindow(this.ctx, session, { from: day, to: now + DAY_SECONDS });
			read.catch(() => this.windows.delete(day));
			this.windows.set(day, read);
		}
		return read;
	}

	/** The listed vouchers to this recipient that may be `kind`, other than `except`, their XML read. */
	private async others(
		session: RunSession,
		job: StampJob,
		invoices: StampedCfdi[],
		kind: 'credit' | 'payment',
	): Promise<StampedCfdi[]> {
		const from = Math.min(...invoices.map((invoice) => secondsOf(invoice.fecha)));
		const whole = await this.listFrom(session, Number.isFinite(from) ? from : 0);
		if (!whole.complete) {
			throw operationFailed(
				this.ctx,
				job.itemIndex,
				`Could not read the whole voucher list to sum what is already ${kind === 'credit' ? 'credited' : 'paid'} on the invoice: ${whole.why ?? 'incomplete'}`,
				'Nothing was sent. Run the item again (a list that moved while it was read settles by itself).',
			);
		}
		const recipients = new Set(invoices.map((invoice) => upper(invoice.receptor.rfc)));
		const invoiceUuids = new Set(invoices.map((invoice) => upper(invoice.uuid)));
		const candidates = whole.records.filter((record) => {
			const state = stateOf(record as unknown as ListedSale);
			if (state === 'cancelled' || state === 'pending' || !record.uuid) return false;
			if (invoiceUuids.has(upper(record.uuid))) return false;
			if (record.recipientRfc && !recipients.has(upper(record.recipientRfc))) return false;
			const receipt = upper(record.currency) === 'XXX' || Number(record.total) === 0;
			return kind === 'payment' ? receipt : !receipt;
		});
		return await Promise.all(
			candidates.map((record) => this.cfdi(session, record.uuid, job.itemIndex, 'listed voucher')),
		);
	}

	/** Throws the item's refusal when the voucher would credit or pay more than its invoice allows. */
	async check(session: RunSession, job: StampJob): Promise<void> {
		if (!job.stamp || !readsInvoices(this.ctx, job.itemIndex)) return;
		const sums = whatItSums(job.voucher.body);
		if (!sums) return;
		// One item at a time: each counts what the run's earlier items sent.
		const mine = this.turn.then(async () => await this.checkOne(session, job, sums));
		this.turn = mine.catch(() => undefined);
		await mine;
	}

	private async checkOne(
		session: RunSession,
		job: StampJob,
		sums: NonNullable<ReturnType<typeof whatItSums>>,
	): Promise<void> {
		const { body } = job.voucher;
		if (sums.kind === 'credit') {
			const invoices = await Promise.all(
				sums.invoices.map((uuid) => this.cfdi(session, uuid, job.itemIndex, 'credited invoice')),
			);
			const notes = await this.others(session, job, invoices, 'credit');
			const wanted = new Set(sums.invoices);
			const earlier = notes
				.filter((note) => creditedBy(note).some((uuid) => wanted.has(uuid)))
				.filter((note) => upper(note.moneda) === upper(invoices[0].moneda))
				.map((note) => ({ uuid: upper(note.uuid), total: String(note.total ?? 0) }));
			const seen = new Set(earlier.map((note) => note.uuid));
			for (const uuid of sums.invoices)
				for (const note of this.creditedThisRun.get(uuid) ?? [])
					if (!seen.has(note.uuid)) {
						seen.add(note.uuid);
						earlier.push(note);
					}
			const refusal = creditSumRefusal({
				invoices: invoices.map((invoice) => ({
					uuid: upper(invoice.uuid),
					total: String(invoice.total ?? 0),
				})),
				currency: String(invoices[0].moneda ?? body.moneda ?? 'MXN'),
				earlier,
				total: String(body.total ?? 0),
			});
			if (refusal)
				throw operationFailed(this.ctx, job.itemIndex, refusal.message, refusal.fix, {
					status: 'creditExceedsInvoice',
					creditedBefore: earlier as unknown as IDataObject[],
				});
			const record = { uuid: `this run, item ${job.itemIndex}`, total: String(body.total ?? 0) };
			for (const uuid of sums.invoices)
				this.creditedThisRun.set(uuid, [...(this.creditedThisRun.get(uuid) ?? []), record]);
			return;
		}
		const invoices = await Promise.all(
			[...new Set(sums.paid.map((entry) => entry.uuid))].map((uuid) =>
				this.cfdi(session, uuid, job.itemIndex, 'paid invoice'),
			),
		);
		for (const invoice of invoices) {
			const refusal = pueRefusal(invoice);
			if (refusal)
				throw operationFailed(this.ctx, job.itemIndex, refusal.message, refusal.fix, {
					status: 'invoicePaidInFull',
					invoice: upper(invoice.uuid),
					metodoPago: 'PUE',
				});
		}
		const receipts = await this.others(session, job, invoices, 'payment');
		const thisRun = sums.paid
			.map((entry) => ({
				entry,
				receipt: this.paidThisRun.get(`${entry.uuid}#${entry.installment}`),
			}))
			.filter((found): found is { entry: PaidInstallment; receipt: string } => !!found.receipt)
			.map(({ entry, receipt }) => ({ ...entry, receipt }));
		const found = [...receiptedBefore(sums.paid, receipts), ...thisRun];
		if (found.length) {
			const { message, fix } = receiptedRefusal(found);
			throw operationFailed(this.ctx, job.itemIndex, message, fix, {
				status: 'installmentReceipted',
				receipted: found as unknown as IDataObject[],
			});
		}
		for (const entry of sums.paid)
			this.paidThisRun.set(
				`${entry.uuid}#${entry.installment}`,
				`this run's item ${job.itemIndex}`,
			);
	}
}
