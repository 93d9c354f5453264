/**
 * The shop the sales property test (ledger.sales.property.test.ts) runs: its sales, its ledger, and
 * what a run decides through the pure rules (judgeListed, nextGlobalSaleStep, liveRelating,
 * creditRefusal, paymentRefusal); the SAT's refusal to cancel a document a live one relates; and the invariants,
 * with decimal.js as the oracle.
 */
import Decimal from 'decimal.js';

import type { ListedVoucher } from '../../../../nodes/CfdiEmision/identity/businessKey';
import { decimalToString, type Decimal as Exact } from '../../../../nodes/CfdiEmision/cfdi/decimal';
import {
	nextGlobalSaleStep,
	type GlobalOnList,
} from '../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/globalSaleSteps';
import { Ledger, type LedgerDocument } from '../../../../nodes/CfdiEmision/ledger/ledger';
import {
	creditRefusal,
	liveRelating,
	paymentRefusal,
} from '../../../../nodes/CfdiEmision/ledger/ledgerRules';
import { judgeListed } from '../../../../nodes/CfdiEmision/identity/saleIdentity';
import { exact, ledgerInvoice, ledgerNote, ledgerReceipt } from '../../../support/ledgerDocuments';

const RFCS = ['AAA010101AAA', 'BBB020202BB1'];
const GENERAL_PUBLIC = 'XAXX010101000';

/** What one run decides from the ledger it read (a snapshot when another run goes at once). */
export type Decided =
	| { kind: 'invoice'; sale: number; buyer: number }
	/** A global invoice of the rest among the sales made so far (0..`upTo`). */
	| { kind: 'global'; upTo: number }
	| { kind: 'credit'; sale: number; pick: number; usd: boolean; rate: string; amount: string }
	| { kind: 'receipt'; sale: number; pick: number; amount: string };

export type Action = { put: LedgerDocument } | { cancel: string };

/** One shop: its sales (MXN, PPD), its ledger, a clock that orders the documents. */
export class Shop {
	ledger = new Ledger();
	/** How often each path was taken (the sequences must reach them all). */
	static paths = new Map<string, number>();
	seen(path: string): Action[] {
		Shop.paths.set(path, (Shop.paths.get(path) ?? 0) + 1);
		return [];
	}
	private clock = 0;
	constructor(readonly totals: string[]) {}

	ticket = (index: number) => `T${index}`;
	key = (index: number) => ({
		value: `order:${index}`,
		from: 'the order id',
		serie: 'A',
		folio: String(index),
	});
	tick = () => String(++this.clock).padStart(6, '0');

	/** The service's list: the sales' own invoices (series A, folio = the sale). */
	listed(ledger: Ledger): ListedVoucher[] {
		return ledger
			.all()
			.filter((document) => document.type === 'I' && !document.global)
			.map((document) => ({
				uuid: document.uuid,
				voucherId: Number(document.fecha),
				date: document.fecha as string,
				status:
					document.state === 'valid'
						? 'stamped'
						: document.state === 'cancelled'
							? 'cancelled'
							: 'pendingAcceptance',
				series: 'A',
				folio: (document.name as string).slice(2),
				recipientRfc: document.recipientRfc,
				total: Number(decimalToString(document.total, 2)),
			}));
	}

	/** The period's global invoices, oldest first. */
	globals(ledger: Ledger): GlobalOnList[] {
		return ledger
			.all()
			.filter((document) => document.global)
			.sort((a, b) => ((a.fecha as string) < (b.fecha as string) ? -1 : 1))
			.map((document) => ({
				uuid: document.uuid,
				voucherId: Number(document.fecha),
				status:
					document.state === 'valid'
						? 'stamped'
						: document.state === 'cancelled'
							? 'cancelled'
							: 'pendingAcceptance',
				date: document.fecha as string,
				series: 'G',
				folio: document.name?.slice(2) ?? null,
				tickets: Object.keys(document.tickets),
			}));
	}

	invoiceOf(index: number, rfc: string): LedgerDocument {
		const fecha = this.tick();
		return ledgerInvoice(`I-${fecha}`, this.totals[index], {
			name: `A-${index}`,
			fecha,
			recipientRfc: rfc,
			tickets: { [this.ticket(index)]: exact(this.totals[index]) },
		});
	}

	globalOf(tickets: string[], folio: string): LedgerDocument {
		const fecha = this.tick();
		const amounts = Object.fromEntries(
			tickets.map((ticket) => [ticket, exact(this.totals[Number(ticket.slice(1))])]),
		);
		const total = tickets.reduce(
			(sum, ticket) => sum.add(this.totals[Number(ticket.slice(1))]),
			new Decimal(0),
		);
		return ledgerInvoice(`G-${fecha}`, total.toFixed(2), {
			metodoPago: 'PUE',
			name: `G-${folio}`,
			fecha,
			recipientRfc: GENERAL_PUBLIC,
			global: true,
			tickets: amounts,
		});
	}

	/** The live documents declaring a sale: its own invoices and the global invoices holding its ticket. */
	declaring(ledger: Ledger, index: number): LedgerDocument[] {
		return ledger
			.all()
			.filter(
				(document) =>
					document.state !== 'cancelled' &&
					document.type === 'I' &&
					(document.global
						? this.ticket(index) in document.tickets
						: document.name === `A-${index}`),
			);
	}

	/** What a run decides from `ledger` (a snapshot when concurrent). */
	decide(ledger: Ledger, entry: Decided): Action[] {
		if (entry.kind === 'global') {
			const rest = this.totals
				.map((_, index) => index)
				.filter((index) => index <= entry.upTo && !this.declaring(ledger, index).length)
				.map(this.ticket);
			return rest.length ? [{ put: this.globalOf(rest, this.tick()) }] : [];
		}
		const index = entry.sale % this.totals.length;
		if (entry.kind === 'invoice') {
			const rfc = RFCS[entry.buyer];
			const verdict = judgeListed(
				this.key(index),
				{ recipientRfc: rfc, total: this.totals[index], currency: 'MXN' },
				this.listed(ledger),
			);
			// A re-delivery is answered with its invoice; another buyer's RFC under the key is refused.
			if (verdict.kind !== 'none')
				return this.seen(verdict.kind === 'stamped' ? 'answered' : verdict.kind);
			const plan = nextGlobalSaleStep(this.ticket(index), this.globals(ledger));
			if (plan.kind === 'none') return [{ put: this.invoiceOf(index, rfc) }];
			if (plan.kind !== 'inGlobal') return this.seen(plan.kind);
			// The page: a declared sale invoiced to its buyer, motive 04 (replacement, invoice, cancel last).
			const original = ledger.get(plan.global.uuid) as LedgerDocument;
			// Refused before any stamp while a live document relates it (its cancellation would be).
			if (liveRelating(ledger, original.uuid).length) return this.seen('globalInvoiceRelated');
			const others = Object.keys(original.tickets).filter(
				(ticket) => ticket !== this.ticket(index),
			);
			this.seen('page');
			return [
				...(others.length ? [{ put: this.globalOf(others, `${original.name}-S1`) }] : []),
				{ put: this.invoiceOf(index, rfc) },
				{ cancel: original.uuid },
			];
		}
		const own = ledger
			.all()
			.filter(
				(document) =>
					document.type === 'I' &&
					(document.global
						? this.ticket(index) in document.tickets
						: document.name === `A-${index}`),
			)
			.sort((a, b) => ((a.fecha as string) < (b.fecha as string) ? -1 : 1));
		const target = own.length ? own[entry.pick % own.length] : undefined;
		if (!target) return [];
		const uuid = `D-${this.tick()}`;
		if (entry.kind === 'credit') {
			const usd = entry.usd && !target.global;
			const note = ledgerNote(uuid, entry.amount, [target.uuid], {
				currency: usd ? 'USD' : 'MXN',
				exchangeRate: usd ? exact(entry.rate) : undefined,
				tickets: target.global ? { [this.ticket(index)]: exact(entry.amount) } : {},
			});
			const refusal = creditRefusal(ledger, note);
			this.seen(refusal ? refusal.status : target.global ? 'ticketCredit' : 'credit');
			return refusal ? [] : [{ put: note }];
		}
		const balance = ledger.sums(target.uuid)?.balance;
		const installments =
			ledger.sums(target.uuid)?.payments.map((payment) => payment.entry.installment) ?? [];
		const receipt = ledgerReceipt(uuid, [
			{
				invoice: target.uuid,
				installment: Math.max(0, ...installments) + 1,
				previous: balance,
				amount: exact(entry.amount),
			},
		]);
		const refusal = paymentRefusal(ledger, receipt);
		this.seen(refusal ? refusal.status : 'receipt');
		return refusal ? [] : [{ put: receipt }];
	}

	/** Whether a live document relates `uuid` (the SAT then refuses to cancel it). */
	related(uuid: string, ledger = this.ledger): boolean {
		return ledger
			.all()
			.some(
				(document) =>
					document.state !== 'cancelled' &&
					(document.credits.includes(uuid) || document.paid.some((paid) => paid.invoice === uuid)),
			);
	}

	/** Records a run's actions in order; a refused cancellation stops the run there. */
	record(actions: Action[]): LedgerDocument[] {
		const put: LedgerDocument[] = [];
		for (const action of actions) {
			if ('put' in action) {
				this.ledger.put(action.put);
				put.push(action.put);
			} else if (this.related(action.cancel)) break;
			else this.ledger.setState(action.cancel, 'cancelled');
		}
		return put;
	}

	/** The shop follows a report: cancels a voucher, the documents relating it first. */
	cancelWithRelated(uuid: string): void {
		for (const document of this.ledger.all())
			if (document.credits.includes(uuid) || document.paid.some((paid) => paid.invoice === uuid))
				this.ledger.setState(document.uuid, 'cancelled');
		this.ledger.setState(uuid, 'cancelled');
	}
}

export const snapshot = (ledger: Ledger) => {
	const copy = new Ledger();
	for (const document of ledger.all()) copy.put({ ...document });
	return copy;
};

/** decimal.js: what the live documents credit and pay on `invoice`, in its currency. */
function oracleSums(ledger: Ledger, invoice: LedgerDocument) {
	let credited = new Decimal(0);
	let paid = new Decimal(0);
	for (const document of ledger.all()) {
		if (document.state === 'cancelled') continue;
		if (document.type === 'E' && document.credits.includes(invoice.uuid)) {
			const amount = new Decimal(decimalToString(document.total));
			credited = credited.add(
				document.currency === 'USD'
					? amount
							.mul(decimalToString(document.exchangeRate as Exact))
							.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
					: amount,
			);
		}
		for (const entry of document.paid)
			if (entry.invoice === invoice.uuid) paid = paid.add(decimalToString(entry.amount));
	}
	return { credited, paid };
}

/** The breaches of the invariants in the shop as it stands (empty when it holds). */
export function breaches(shop: Shop): string[] {
	const found: string[] = [];
	shop.totals.forEach((_, index) => {
		if (shop.declaring(shop.ledger, index).length > 1) found.push(`declared:${index}`);
	});
	for (const invoice of shop.ledger.all().filter((document) => document.type === 'I')) {
		const { credited, paid } = oracleSums(shop.ledger, invoice);
		if (credited.gt(decimalToString(invoice.total))) found.push(`credited:${invoice.uuid}`);
		if (paid.gt(decimalToString(invoice.total))) found.push(`paid:${invoice.uuid}`);
		// A sale in a global invoice: its ticket is its invoice.
		for (const [ticket, amount] of Object.entries(invoice.global ? invoice.tickets : {})) {
			const onTicket = shop.ledger
				.all()
				.filter(
					(note) =>
						note.state !== 'cancelled' &&
						note.credits.includes(invoice.uuid) &&
						note.tickets[ticket],
				)
				.reduce((sum, note) => sum.add(decimalToString(note.tickets[ticket])), new Decimal(0));
			if (onTicket.gt(decimalToString(amount)))
				found.push(`creditedTicket:${invoice.uuid}:${ticket}`);
		}
		if (invoice.state === 'cancelled' && shop.related(invoice.uuid))
			found.push(`relatesCancelled:${invoice.uuid}`);
	}
	return found;
}
