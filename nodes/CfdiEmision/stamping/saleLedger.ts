/**
 * The run's ledger (ledger/ledger.ts) filled from the service, and its rules applied to each credit
 * note and payment receipt in the item's turn, before the voucher's first request (issue 33 items
 * 2 and 3). Every voucher of type E relating invoices and every type P is checked, whatever the
 * operation, input mode or "Read Related Invoices From Their XML" says: the sums do not depend on a
 * setting.
 *
 * What it reads, once per run: the XML of each invoice an item credits or pays, the service's list
 * from the earliest such invoice's date to now (the invoices' states, and the candidates: a credit
 * note or a receipt is not older than its invoice), and the XML of each listed voucher to the same
 * recipient that could credit or pay (their CfdiRelacionados and Pagos say what). What the run
 * sends is added as it goes, so a later item sees what an earlier one stamped.
 */
import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import { stateOf, type ListedSale } from '../identity/saleIdentity';
import {
	creditRefusal,
	installmentConflictRefusal,
	liveRelating,
	paymentRefusal,
} from '../ledger/ledgerRules';
import { ledgerDocumentFromBody, ledgerDocumentFromXml } from '../ledger/ledgerDocument';
import {
	Ledger,
	type LedgerDocument,
	type LedgerState,
	type Refusal,
	type TicketSums,
} from '../ledger/ledger';
import type { VoucherRecord } from '../api/voucherRecords';
import { BACKDATE_SECONDS } from '../identity/contentKey';
import { DAY_SECONDS, unixSeconds } from '../cfdi/mexicoTime';
import type { StampingService } from './stampingService';
import type { StampJob } from './stampJob';
import type { RunVoucherList } from './runVoucherList';
import { fieldCode as upper } from '../cfdi/fieldText';
import { refusedInput } from '../voucherInput/refusedInput';

/** A CFDI date (Mexico City's wall clock) as Unix seconds, a day early for a clock west of it; NaN without one. */
function secondsOf(fecha: string | undefined): number {
	const parsed = fecha ? unixSeconds(fecha) : null;
	return parsed === null ? NaN : parsed - DAY_SECONDS;
}

function stateOfRecord(record: VoucherRecord): LedgerState {
	switch (stateOf(record as unknown as ListedSale)) {
		case 'cancelled':
			return 'cancelled';
		case 'pendingAcceptance':
			return 'inCancellation';
		case 'pending':
			return 'pending';
		default:
			return 'valid';
	}
}

/** The form's words for a body path, beside the path itself (the Create operations' JSON). */
function fieldName(path: string | undefined): string {
	if (!path) return '';
	const docto = /pago\[(\d+)\]\.doctoRelacionado\[(\d+)\]\.(\w+)$/.exec(path);
	if (docto) {
		const label: Record<string, string> = {
			impSaldoAnt: 'Previous Balance',
			numParcialidad: 'Installment',
			impPagado: 'Amount Paid',
			idDocumento: 'Invoice UUID',
		};
		return `Related Invoices › invoice ${Number(docto[2]) + 1} › ${label[docto[3]] ?? docto[3]} (${path})`;
	}
	if (path === 'total') return 'Amount (total)';
	if (path === 'cfdiRelacionados') return 'Related Invoices (cfdiRelacionados)';
	if (path === 'tipoCambio') return 'Exchange Rate (tipoCambio)';
	return path;
}

/** One run's ledger: the XML read, the list read, and what this run's items sent. */
export class SaleLedger {
	readonly ledger = new Ledger();

	private readonly xml = new Map<string, Promise<LedgerDocument>>();

	/** The run's documents by item, until the service gives their UUID. */
	private readonly sent = new Map<number, string>();

	private turn: Promise<unknown> = Promise.resolve();

	/** Invoices the service does not hold (404). */
	private readonly absent = new Set<string>();

	/** How many items the run has; set by runStamping. */
	private items = 0;

	/** The XML the operation downloaded for the item (its related invoices): not downloaded again. */
	private known: (itemIndex: number) => Map<string, string> | undefined = () => undefined;

	constructor(
		/** The run's one list read, shared with the Duplicate Check. */
		readonly list: RunVoucherList,
	) {
		// The list from the earliest invoice whose XML the operation holds for an item (no request
		// for it): the run's one read spans it. An older one read later may widen the read.
		this.list.announce(async () => {
			const at: LedgerDocument[] = [];
			for (let itemIndex = 0; itemIndex < this.items; itemIndex++)
				for (const xml of this.known(itemIndex)?.values() ?? [])
					at.push(ledgerDocumentFromXml(xml, 'valid'));
			const from = SaleLedger.earliest(at);
			return from === undefined ? undefined : SaleLedger.window(from);
		});
	}

	/** The run's items and the XML their operation holds. */
	use(items: number, known?: (itemIndex: number) => Map<string, string> | undefined): void {
		this.items = items;
		if (known) this.known = known;
	}

	/**
	 * One ticket of a global invoice (the ledger's ticket view): its amount there and the live credit
	 * notes carrying it, read from the list and their XML; undefined when the service does not hold
	 * the global invoice or it does not hold the ticket.
	 */
	async ticket(
		client: StampingService,
		itemIndex: number,
		globalUuid: string,
		ticket: string,
		known?: Map<string, string>,
	): Promise<TicketSums | undefined> {
		if (known) this.withKnown(itemIndex, known);
		return await this.inTurn(async () => {
			const uuid = upper(globalUuid);
			if (!(await this.fill(client, itemIndex, [uuid]))) return undefined;
			return this.ledger.ticket(uuid, ticket);
		});
	}

	/**
	 * The live documents relating `uuid` (a global invoice that motive 04 would cancel: the SAT
	 * refuses while one relates it). Read from the run's one list read, from 72 hours before the
	 * invoice's own date: a document relating it is stamped after it, but may be dated up to 72 hours
	 * before its stamp (Use Voucher Date). `known`: XML the run already downloaded, by upper-case UUID.
	 */
	async relating(
		client: StampingService,
		itemIndex: number,
		uuid: string,
		known?: Map<string, string>,
	): Promise<LedgerDocument[]> {
		if (known) this.withKnown(itemIndex, known);
		return await this.inTurn(async () => {
			const key = upper(uuid);
			if (!(await this.fill(client, itemIndex, [key], true))) return [];
			return liveRelating(this.ledger, key);
		});
	}

	private withKnown(itemIndex: number, known: Map<string, string>): void {
		const before = this.known;
		this.known = (index) => (index === itemIndex ? known : before(index));
	}

	private document(
		client: StampingService,
		uuid: string,
		itemIndex: number,
		role: string,
		state: LedgerState,
	): Promise<LedgerDocument> {
		const key = upper(uuid);
		let read = this.xml.get(key);
		const known = this.known(itemIndex)?.get(key);
		if (!read && known !== undefined) {
			read = Promise.resolve(ledgerDocumentFromXml(known, state));
			this.xml.set(key, read);
		}
		if (!read) {
			read = client
				.downloadVoucherXml(key, itemIndex, {
					action: `read the XML of ${role} ${key} (to sum what is credited or paid on the invoice)`,
					subject: `${role} ${key}`,
					consequence:
						'Nothing was sent for this item: without it the node cannot tell whether the invoice is already credited or paid. Run the item again; if it repeats, check the UUID.',
				})
				.then(({ xml }) => ledgerDocumentFromXml(xml, state));
			read.catch(() => this.xml.delete(key));
			this.xml.set(key, read);
		}
		return read;
	}

	/** The list from `from` (a day's start) to tomorrow. */
	private static window(from: number): { from: number; to: number } {
		const day = Math.max(0, Math.floor(from / DAY_SECONDS) * DAY_SECONDS);
		return { from: day, to: Math.floor(Date.now() / 1000) + DAY_SECONDS };
	}

	/** The earliest date among the invoices (a day early); undefined without any. */
	private static earliest(invoices: LedgerDocument[]): number | undefined {
		if (!invoices.length) return undefined;
		const from = Math.min(...invoices.map((invoice) => secondsOf(invoice.fecha)));
		return Number.isFinite(from) ? from : 0;
	}

	/**
	 * Fills the ledger for `invoices`: their XML and state, and every live document that may relate
	 * them. Answers false when the service holds none of them (404: invoices stamped elsewhere, typed
	 * in with the XML not read): nothing here credits or pays them, so there is nothing to sum.
	 * `fromOwnDate`: the list from the invoices' own date, not a day earlier.
	 */
	private async fill(
		client: StampingService,
		itemIndex: number,
		invoices: string[],
		fromOwnDate = false,
	): Promise<boolean> {
		const found = await Promise.all(
			invoices.map((uuid) =>
				this.absent.has(uuid)
					? undefined
					: this.document(client, uuid, itemIndex, 'related invoice', 'valid').catch(
							(error: unknown) => {
								if ((error as { httpCode?: string }).httpCode !== '404') throw error;
								// Looked up once per run.
								this.absent.add(uuid);
								return undefined;
							},
						),
			),
		);
		const read = found.filter((invoice): invoice is LedgerDocument => invoice !== undefined);
		const from = SaleLedger.earliest(read);
		if (from === undefined) return false;
		for (const invoice of read) if (!this.ledger.has(invoice.uuid)) this.ledger.put(invoice);
		const whole = await this.list.within(
			client,
			fromOwnDate && from > 0
				? {
						from: from + DAY_SECONDS - BACKDATE_SECONDS,
						to: Math.floor(Date.now() / 1000) + DAY_SECONDS,
					}
				: SaleLedger.window(from),
		);
		if (!whole.complete) {
			throw client.operationFailed(
				itemIndex,
				`Could not read the whole voucher list to sum what is already credited or paid on the invoice: ${whole.why ?? 'incomplete'}`,
				'Nothing was sent. Run the item again (a list that moved while it was read settles by itself).',
			);
		}
		const wanted = new Set(invoices);
		const recipients = new Set(read.map((invoice) => invoice.recipientRfc).filter(Boolean));
		const candidates: VoucherRecord[] = [];
		for (const record of whole.records) {
			const uuid = upper(record.uuid);
			if (!uuid) continue;
			const state = stateOfRecord(record);
			// The states come from the list: an invoice cancelled or in cancellation, a note cancelled.
			if (this.ledger.has(uuid)) {
				this.ledger.setState(uuid, state);
				continue;
			}
			if (wanted.has(uuid) || state === 'cancelled' || state === 'pending') continue;
			if (record.recipientRfc && recipients.size && !recipients.has(upper(record.recipientRfc)))
				continue;
			// A credit note has a total; a receipt totals 0 in XXX.
			candidates.push(record);
		}
		const documents = await Promise.all(
			candidates.map((record) =>
				this.document(client, record.uuid, itemIndex, 'listed voucher', stateOfRecord(record)),
			),
		);
		for (const document of documents)
			if (!this.ledger.has(document.uuid) && (document.type === 'E' || document.type === 'P'))
				this.ledger.put(document);
		return true;
	}

	private static refuse(
		client: StampingService,
		itemIndex: number,
		refusal: Refusal,
		body: IDataObject,
	): NodeOperationError {
		const field = refusal.field
			? ` Field: ${fieldName(refusal.field)}${refusal.value !== undefined ? `, value ${refusal.value}` : ''}.`
			: '';
		// previousBalanceStale → PREVIOUS_BALANCE_STALE, as the node's other stable codes.
		const code = refusal.status.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();
		return refusedInput(
			client.node.getNode(),
			itemIndex,
			refusal.message,
			{
				field: refusal.field ? fieldName(refusal.field).replace(/ \([^)]*\)$/, '') : null,
				path: refusal.field ?? null,
				code,
				...(refusal.value !== undefined ? { value: refusal.value } : {}),
				message: refusal.message,
				fix: refusal.fix,
			},
			field,
			{
				status: refusal.status,
				...(refusal.figures ?? {}),
				voucherType: String(body.tipoDeComprobante ?? ''),
			},
		);
	}

	/** The invoices a document credits or pays. */
	private static invoicesOf(document: LedgerDocument): string[] {
		return [
			...new Set(
				document.type === 'E' ? document.credits : document.paid.map((entry) => entry.invoice),
			),
		];
	}

	/** One item at a time: each counts what the run's earlier items sent. */
	private async inTurn<T>(work: () => Promise<T>): Promise<T> {
		const mine = this.turn.then(work);
		this.turn = mine.catch(() => undefined);
		return await mine;
	}

	private async prepared(
		client: StampingService,
		job: StampJob,
	): Promise<LedgerDocument | undefined> {
		if (!job.stamp) return undefined;
		const document = ledgerDocumentFromBody(
			job.voucher.body,
			`RUN-ITEM-${job.itemIndex}`,
			'pending',
		);
		if (!document) return undefined;
		document.label = `this run's item ${job.itemIndex}`;
		const invoices = SaleLedger.invoicesOf(document);
		if (!(await this.fill(client, job.itemIndex, invoices))) return undefined;
		return document;
	}

	/**
	 * Before the Duplicate Check answers: a payment receipt whose installment another receipt already
	 * pays for another amount is a new payment, refused naming both amounts (never answered with the
	 * other receipt). The same installment for the same amount is left to the Duplicate Check (a re-run).
	 */
	async beforeDuplicateCheck(client: StampingService, job: StampJob): Promise<void> {
		if (String(job.voucher.body.tipoDeComprobante ?? '').toUpperCase() !== 'P') return;
		await this.inTurn(async () => {
			const document = await this.prepared(client, job);
			if (!document) return;
			const refusal = installmentConflictRefusal(this.ledger, document);
			if (refusal) throw SaleLedger.refuse(client, job.itemIndex, refusal, job.voucher.body);
		});
	}

	/** Throws the item's refusal when the voucher breaks a rule of the ledger; records it when it fits. */
	async check(client: StampingService, job: StampJob): Promise<void> {
		await this.inTurn(async () => {
			const document = await this.prepared(client, job);
			if (!document) return;
			const refusal =
				document.type === 'E'
					? creditRefusal(this.ledger, document)
					: paymentRefusal(this.ledger, document);
			if (refusal) throw SaleLedger.refuse(client, job.itemIndex, refusal, job.voucher.body);
			// Counted from now on (pending: sent, not confirmed), so a later item sees it.
			this.ledger.put(document);
			this.sent.set(job.itemIndex, document.uuid);
		});
	}

	/** The item's voucher was stamped: its document carries its UUID from now on. */
	stamped(itemIndex: number, uuid: unknown): void {
		const from = this.sent.get(itemIndex);
		if (!from || !uuid) return;
		this.ledger.rename(from, String(uuid), 'valid');
		this.sent.delete(itemIndex);
	}

	/** The item's voucher was only saved (not stamped): it credits or pays nothing yet. */
	notStamped(itemIndex: number): void {
		const from = this.sent.get(itemIndex);
		if (from) this.ledger.remove(from);
		this.sent.delete(itemIndex);
	}
}
