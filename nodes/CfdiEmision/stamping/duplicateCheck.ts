/** The Duplicate Check: one list read per run for all items, and the verdict on each item's sale. */
import type { IDataObject } from 'n8n-workflow';

import {
	indexByKey,
	listedUnderKey,
	twinsOf,
	type DuplicateCheckMode,
	type ListedVoucher,
} from '../identity/businessKey';
import { ageUnsure, saleWindow, withinKeyWindow } from '../identity/contentKey';
import { fiscalChanges, type FiscalChange, type FiscalFacts } from '../identity/contentTwin';
import { toGeneralPublic } from '../cfdi/rfc';
import {
	judgeListed,
	mayCarryKey,
	type ListedSale,
	type SaleFacts,
	type Verdict,
} from '../identity/saleIdentity';
import type { StampingService } from './stampingService';
import type { WholeWindow } from '../api/voucherList';
import type { VoucherRecord } from '../api/voucherRecords';
import type { VoucherXml } from '../api/voucherXml';
import { cfdiDateTime, unixSeconds } from '../cfdi/mexicoTime';
import type { CheckedKey } from './stampJob';
import type { RunParameters } from '../execution/runParameters';
import { ListedByFolio } from './listedByFolio';
import { freshWindow, listedSeconds, type RunVoucherList } from './runVoucherList';
import type { WeighTwins } from './stampingKinds';

/**
 * Thrown by the duplicate check while a stamp waits for its busy series: the sale was stamped
 * meanwhile by another execution, so this item stops and returns that voucher. `pendingId` is the
 * pending voucher this item had saved (two-phase), left unstamped.
 */
export class SaleStampedMeanwhile extends Error {
	constructor(
		readonly voucher: IDataObject,
		readonly pendingId?: number,
	) {
		super(`the sale was stamped meanwhile as UUID ${String(voucher.uuid)}`);
	}
}

/** How far back the list is read for a key without a sale date. */
export const DEFAULT_LOOK_BACK_DAYS = 30;

/** The Duplicate Check setting: on (Return Existing) unless the node says otherwise, in every version. */
export function duplicateCheckModeOf(
	parameters: RunParameters,
	itemIndex: number,
): DuplicateCheckMode {
	const fallback: DuplicateCheckMode = 'returnExisting';
	const mode = parameters.get<DuplicateCheckMode>('duplicateCheck', itemIndex, fallback);
	return mode === 'fail' || mode === 'off' || mode === 'returnExisting' ? mode : fallback;
}

/**
 * What the check found for one item before its first request. `fiscalChanged`: the twin found by
 * content differs from this voucher in fiscal fields; `fiscalUnread`: they could not be compared.
 */
export type CheckedItem = Verdict & {
	thisRun?: boolean;
	fiscalChanged?: FiscalChange[];
	fiscalUnread?: string;
};

/** Stamp times (Unix seconds, from FechaTimbrado) by upper-case UUID, where they were read. */
export type StampTimes = ReadonlyMap<string, number>;

/**
 * The listed vouchers (and this run's) one item's key may match, by its own rule (issue 33 item
 * 3): the run's read spans the union of every item's window, so a key bound to a window (content,
 * own folio) is held to its own here, never to another item's or to the voucher-date allowance.
 * `stamped`: the stamp times read for those whose listed date cannot tell (the list's zone).
 */
export function candidatesOf(
	entry: CheckedKey,
	listed: ListedSale[],
	stamped: StampTimes = new Map(),
): ListedSale[] {
	// Only those judgeListed weighs, for the key's folio or its former one: a listed date is read
	// (a zoned parse) for these alone, not for every voucher of the run's window (issue 40 item 5).
	const former = entry.key.formerFolio && { ...entry.key, folio: entry.key.formerFolio };
	const mayBeThis = listed.filter(
		(voucher) => mayCarryKey(voucher, entry.key) || (!!former && mayCarryKey(voucher, former)),
	);
	return withinKeyWindow(entry.key, mayBeThis, listedSeconds, entry.ownDate, (voucher) =>
		stamped.get(String(voucher.uuid ?? '').toUpperCase()),
	);
}

/** The listed vouchers under an item's key (or its former folio) whose age only their stamp tells. */
export function unsureOf(entry: CheckedKey, listed: ListedSale[]): ListedSale[] {
	const folios = [entry.key.folio, entry.key.formerFolio].filter(Boolean);
	// Under the key first (text compared), then the listed dates of those few read.
	const underKey = listed.filter(
		(voucher) =>
			!!voucher.uuid &&
			folios.some((folio) =>
				listedUnderKey(voucher as unknown as ListedVoucher, { ...entry.key, folio }),
			),
	);
	return ageUnsure(entry.key, underKey, listedSeconds);
}

/**
 * The verdict on one item's sale: its key's folio, then the folio a content key was written with
 * before the lines were sorted (a voucher of several lines stamped before that change).
 */
export function verdictOf(
	entry: CheckedKey,
	listed: ListedSale[],
	stamped: StampTimes = new Map(),
): Verdict {
	const candidates = candidatesOf(entry, listed, stamped);
	const verdict = judgeListed(entry.key, entry.sale, candidates);
	if (verdict.kind !== 'none' || !entry.key.formerFolio) return verdict;
	return judgeListed({ ...entry.key, folio: entry.key.formerFolio }, entry.sale, candidates);
}

/** The sale's own facts (recipient, total, currency) as the voucher to send carries them. */
export function saleFactsOf(body: IDataObject): SaleFacts {
	const receptor = (body.receptor ?? {}) as IDataObject;
	const total = body.total;
	return {
		...(receptor.rfc ? { recipientRfc: String(receptor.rfc).trim().toUpperCase() } : {}),
		...(total !== undefined && total !== null && total !== '' ? { total: String(total) } : {}),
		...(body.moneda ? { currency: String(body.moneda) } : {}),
	};
}

/** Unix seconds now. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The duplicate check of one run. Before the first request of any item it reads the service's list
 * ONCE for every item of the run: the whole window where a voucher of the run's sales can be
 * (saleWindow), to the count the list announces, so an item whose sale is already stamped is answered
 * from it. Items of the run that share a key are judged against this run's own stamps by the same
 * rule (judgeListed). After the run, one more read looks for twins that another execution stamped at
 * the same moment.
 */
export class DuplicateCheck {
	private listed?: Promise<WholeWindow>;

	private readonly stampedThisRun: ListedSale[] = [];

	/** The run's read and this run's stamps by folio, once the read is in (each item reads its own). */
	private byFolio?: ListedByFolio;

	private readonly outputsThisRun = new Map<string, IDataObject>();

	/** The fiscal fields of the vouchers this run stamped (by UUID), for a later content twin. */
	private readonly fiscalThisRun = new Map<string, FiscalFacts>();

	private readonly startedAt = nowSeconds();

	/** Each voucher's XML read in this run (by upper-case UUID): its stamp time and fiscal fields. */
	private readonly xml = new Map<string, Promise<VoucherXml>>();

	/** Stamp times known: this run's stamps, and those read from a twin's FechaTimbrado. */
	private readonly stampTimes = new Map<string, number>();

	/**
	 * The vouchers to the general public (global invoices) in the run's one read, for Sale in a
	 * Global Invoice: no read of its own. A global invoice holding a sale is stamped after the sale,
	 * and the window reaches back before every sale's date (saleWindow), so it is in this read.
	 */
	readonly generalPublic: VoucherRecord[] = [];

	constructor(
		/** Every item's key (plans every item that is not planned yet; local work only). */
		private readonly allKeys: () => CheckedKey[],
		/** The run's one list read, shared with the sale's ledger. */
		private readonly list: RunVoucherList,
		private readonly lookBackDays = DEFAULT_LOOK_BACK_DAYS,
	) {
		list.announce(async () => {
			const keys = this.allKeys();
			return keys.length ? this.windowOf(keys) : undefined;
		});
	}

	private windowOf(keys: CheckedKey[]): { from: number; to: number } {
		return saleWindow(
			keys.map((entry) => entry.key),
			nowSeconds(),
			this.lookBackDays,
			keys.some((entry) => entry.dated),
		);
	}

	/** The run's window of the list, from the run's one read. */
	private async listedOnce(client: StampingService): Promise<WholeWindow> {
		this.listed ??= this.list.within(client, this.windowOf(this.allKeys())).then((whole) => {
			this.generalPublic.push(
				...whole.records.filter((record) => toGeneralPublic(record.recipientRfc)),
			);
			this.byFolio = new ListedByFolio([
				...(whole.records as unknown as ListedSale[]),
				...this.stampedThisRun,
			]);
			return whole;
		});
		return await this.listed;
	}

	private xmlOf(client: StampingService, uuid: string): Promise<VoucherXml> {
		let read = this.xml.get(uuid);
		if (!read) {
			read = client.downloadVoucherXml(uuid, 0);
			this.xml.set(uuid, read);
		}
		return read;
	}

	/**
	 * The stamp times of the key's vouchers whose listed date cannot tell their age (issue 39: the
	 * list's zone is not known), from their XML's FechaTimbrado, which the SAT writes on Mexico
	 * City's clock. One that cannot be read stays unknown: the voucher is kept for the rule to weigh.
	 */
	private async stampTimesOf(
		client: StampingService,
		entry: CheckedKey,
		listed: ListedSale[],
	): Promise<StampTimes> {
		const unsure = unsureOf(entry, listed).map((voucher) => voucher.uuid.toUpperCase());
		await Promise.all(
			unsure
				.filter((uuid) => !this.stampTimes.has(uuid))
				.map(async (uuid) => {
					const read = await this.xmlOf(client, uuid).catch(() => undefined);
					const seconds = unixSeconds(read?.cfdi.fechaTimbrado);
					if (seconds !== null) this.stampTimes.set(uuid, seconds);
				}),
		);
		return this.stampTimes;
	}

	private async judge(
		client: StampingService,
		entry: CheckedKey,
		whole: WholeWindow,
	): Promise<CheckedItem> {
		// Set with the read `whole` is: the vouchers that may carry this key, not the whole window.
		const listed = (this.byFolio as ListedByFolio).near(entry.key);
		const verdict = verdictOf(entry, listed, await this.stampTimesOf(client, entry, listed));
		if (verdict.kind === 'stamped' && this.outputsThisRun.has(verdict.voucher.uuid))
			return { ...verdict, thisRun: true };
		if (verdict.kind === 'none' && !whole.complete)
			return {
				kind: 'undecidable',
				reason: whole.why ?? 'the list could not be read to its end',
				vouchers: [],
			};
		return verdict;
	}

	/** What the list (and this run) holds for an item's sale, before its first request. */
	async before(client: StampingService, entry: CheckedKey): Promise<CheckedItem> {
		const found = await this.judge(client, entry, await this.listedOnce(client));
		if (found.kind !== 'stamped' || !entry.fiscal) return found;
		return await this.withFiscalFields(client, entry.fiscal, found);
	}

	/**
	 * A twin found without a Duplicate Check Key (by content, or by its own folio): the fields the
	 * content leaves out (payment form and method, CFDI use, recipient regime) are read from its
	 * XML and compared, so that a twin that differs in one is named, never answered in silence.
	 * A read that fails does not stamp: the twin is still this sale's; the item says they were not
	 * compared.
	 */
	private async withFiscalFields(
		client: StampingService,
		now: FiscalFacts,
		found: Extract<CheckedItem, { kind: 'stamped' }>,
	): Promise<CheckedItem> {
		const uuid = found.voucher.uuid.toUpperCase();
		let invoiced = this.fiscalThisRun.get(uuid);
		if (!invoiced) {
			try {
				const { cfdi } = await this.xmlOf(client, uuid);
				invoiced = {
					formaPago: cfdi.formaPago,
					metodoPago: cfdi.metodoPago,
					usoCFDI: cfdi.receptor.usoCFDI,
					regimenFiscalReceptor: cfdi.receptor.regimenFiscalReceptor,
				};
			} catch (error) {
				return {
					...found,
					fiscalUnread: `The payment form, payment method, CFDI use and recipient regime of UUID ${uuid} could not be compared with this voucher's (its XML could not be read: ${(error as Error).message}); check them on that invoice.`,
				};
			}
		}
		const changes = fiscalChanges(invoiced, now);
		return changes.length ? { ...found, fiscalChanged: changes } : found;
	}

	/**
	 * Looks again for one key (a series-busy answer says another stamp runs on its series, maybe this
	 * very sale from another execution): throws SaleStampedMeanwhile when it is stamped now.
	 */
	async recheck(client: StampingService, entry: CheckedKey, pendingId?: number): Promise<void> {
		const whole = await freshWindow(client, this.windowOf([entry]));
		const listed = whole.records as unknown as ListedSale[];
		const found = verdictOf(entry, listed, await this.stampTimesOf(client, entry, listed));
		if (found.kind === 'stamped' && !found.totalChanged)
			throw new SaleStampedMeanwhile(found.voucher as unknown as IDataObject, pendingId);
	}

	/** An item of this run stamped its key: later items of the run are judged against it too. */
	stamped(entry: CheckedKey, output: IDataObject): void {
		const uuid = String(output.uuid ?? '').toUpperCase();
		this.outputsThisRun.set(uuid, output);
		this.stampTimes.set(uuid, nowSeconds());
		if (entry.fiscal) this.fiscalThisRun.set(uuid, entry.fiscal);
		const listed: ListedSale = {
			uuid,
			voucherId: Number(output.idComprobante ?? output.voucherId) || null,
			date: cfdiDateTime(new Date()),
			status: 'stamped',
			series: entry.key.serie ?? '',
			folio: entry.key.folio ?? '',
			recipientRfc: entry.sale.recipientRfc ?? null,
			total: entry.sale.total ?? null,
			currency: entry.sale.currency ?? null,
		};
		this.stampedThisRun.push(listed);
		this.byFolio?.add(listed);
	}

	/**
	 * After the run: one read of the list for every key this run stamped; a key with another stamped
	 * voucher of the same sale besides ours is a twin, reported on the item's output (never silently).
	 * `weighTwins`: the kinds table's, for the twins under a kind's own key (a global invoice's).
	 */
	async afterRun(
		client: StampingService,
		stamped: Array<CheckedKey & { uuid: string; output: IDataObject }>,
		weighTwins?: WeighTwins,
	): Promise<void> {
		if (!stamped.length) return;
		const wide = this.windowOf(stamped);
		// A twin was stamped while this run ran: dated from the run's start (72 hours earlier when dated).
		const earliest =
			this.startedAt - (stamped.some((entry) => entry.dated) ? 72 * 3_600 : 0) - 30 * 60;
		const window = { from: Math.max(wide.from, earliest), to: wide.to };
		let found: WholeWindow;
		try {
			found = await freshWindow(client, window);
		} catch (error) {
			// The vouchers are stamped: failing the node now would hide them. Say the look-up failed.
			const note = `The look-up for a twin stamped by another execution at the same moment failed (${(error as Error).message}); check the list for this voucher's series and folio.`;
			for (const entry of stamped)
				entry.output.duplicate = { key: entry.key.value, unchecked: note };
			return;
		}
		const underKey = indexByKey(found.records as unknown as ListedVoucher[]);
		const ticketsRead = new Map<string, Promise<string[]>>();
		for (const entry of stamped) {
			// Held to its own window as before stamping: an older identical sale is not this one's twin.
			const listed = underKey(entry.key) as unknown as ListedSale[];
			const times = await this.stampTimesOf(client, entry, listed);
			let twins = twinsOf(
				entry.key,
				entry.uuid,
				candidatesOf(entry, listed, times) as ListedVoucher[],
				entry.sale,
			);
			// Two global invoices of one period: which to cancel depends on the tickets each declares.
			const weighed = twins && weighTwins?.(client, entry.key, entry.uuid, twins, ticketsRead);
			if (weighed) twins = await weighed;
			if (!twins) {
				if (!found.complete)
					entry.output.duplicate = {
						key: entry.key.value,
						unchecked: `The look-up for a twin stamped by another execution at the same moment could not read the whole list (${found.why ?? 'incomplete'}); check the list for this voucher's series and folio.`,
					};
				continue;
			}
			if (twins.thisOneIsTwin) entry.output.status = 'stampedTwin';
			entry.output.duplicate = {
				key: entry.key.value,
				keep: twins.keep,
				cancel: twins.cancel,
				...(twins.recipients ? { recipients: twins.recipients } : {}),
				message: twins.message,
			} as unknown as IDataObject;
		}
	}
}
