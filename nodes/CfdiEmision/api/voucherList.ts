import { parseJsonBody } from '../transport/responses';
import { callService, type RunSession, type ServiceContext } from '../transport/transport';
import { VOUCHERS_PATH } from './paths';
import { readListPage, toVoucherRecord, type ListPage, type VoucherRecord } from './voucherRecords';

/** The page size asked for; the service may answer with fewer, and paging copes with that. */
export const LIST_PAGE_SIZE = 100;

export interface VoucherListQuery {
	/** Unix seconds, inclusive, compared with the voucher date. */
	from: number;
	to: number;
	/** Narrows the list to one voucher. */
	uuid?: string;
}

export interface VoucherListOptions {
	/** Stop once this many accepted vouchers are collected (none: all of them). */
	limit?: number;
	/** Vouchers to keep; the others are read past (filters the service has no parameter for). */
	accept?: (record: VoucherRecord) => boolean;
}

/**
 * GET .../comprobantes: one page of the voucher list of a date window, from `skip` on (the one
 * request every read of the list sends).
 */
export async function readListPageAt(
	ctx: ServiceContext,
	session: RunSession,
	query: VoucherListQuery,
	skip: number,
): Promise<ListPage> {
	const response = await callService(ctx, session, {
		method: 'GET',
		url: VOUCHERS_PATH,
		qs: {
			finicial: query.from,
			ffinal: query.to,
			nocomprobante: 0,
			tipoConfirmacionId: 0,
			skip,
			take: LIST_PAGE_SIZE,
			...(query.uuid ? { uuid: query.uuid } : {}),
		},
	});
	return readListPage(parseJsonBody(response.body, 'the voucher list'));
}

/**
 * Every voucher of the list in the service's order, read page by page (skip/take) as the caller
 * asks for more: leaving the loop early sends no further page. A voucher met twice (the list
 * shifted while paging) is given once. Paging ends at an empty page, at the count the summary
 * framing announces, or at a page that brings nothing new (a service ignoring `skip`).
 */
export async function* listedVouchers(
	ctx: ServiceContext,
	session: RunSession,
	query: VoucherListQuery,
): AsyncGenerator<VoucherRecord> {
	const seen = new Set<string>();
	for (let skip = 0; ;) {
		const page = await readListPageAt(ctx, session, query, skip);
		let fresh = 0;
		for (const item of page.items) {
			const record = toVoucherRecord(item);
			if (!record.uuid || seen.has(record.uuid)) continue;
			seen.add(record.uuid);
			fresh += 1;
			yield record;
		}
		skip += page.items.length;
		if (fresh === 0 || (page.total !== undefined && skip >= page.total)) return;
	}
}

/** Every voucher of a window, read so that a decision can rest on it (the Duplicate Check). */
export interface WholeWindow {
	/** Each voucher once (by UUID, or id when it has none), as last seen. */
	records: VoucherRecord[];
	/** Whether one pass reached the count the list announced, with that count unchanged throughout. */
	complete: boolean;
	/** Why the read is not complete. */
	why?: string;
	/** Pages read (for the benchmark and the tests). */
	pages: number;
}

/** How many times the window is read again when its count moves while it is paged. */
export const WHOLE_WINDOW_PASSES = 3;

/**
 * Reads every voucher of a window, page by page, to the count the list announces. When the count
 * moves while paging (vouchers stamped or removed meanwhile shift the pages), the window is read
 * again, up to WHOLE_WINDOW_PASSES times; vouchers seen in any pass are kept. A page that brings
 * nothing new before the count is reached (a service ignoring `skip`), or a count still moving after
 * the last pass, leaves the read incomplete, and says why.
 */
export async function readWholeWindow(
	ctx: ServiceContext,
	session: RunSession,
	window: VoucherListWindow,
): Promise<WholeWindow> {
	return await readWholeList(
		async (skip) => await readListPageAt(ctx, session, { from: window.from, to: window.to }, skip),
	);
}

/** readWholeWindow's paging over any page source (`skip` to the page there): pure, no requests. */
export async function readWholeList(
	pageAt: (skip: number) => Promise<ListPage>,
	passes = WHOLE_WINDOW_PASSES,
): Promise<WholeWindow> {
	const records = new Map<string, VoucherRecord>();
	let pages = 0;
	let why = '';
	for (let pass = 0; pass < passes; pass++) {
		const seen = new Set<string>();
		let announced: number | undefined;
		let moved = false;
		let stalled = false;
		let skip = 0;
		for (;;) {
			const page = await pageAt(skip);
			pages += 1;
			if (page.total !== undefined) {
				if (announced !== undefined && page.total !== announced) moved = true;
				announced = page.total;
			}
			let fresh = 0;
			for (const item of page.items) {
				const record = toVoucherRecord(item);
				const id = record.uuid
					? `u:${record.uuid}`
					: record.voucherId !== null
						? `i:${record.voucherId}`
						: `x:${JSON.stringify(item)}`;
				records.set(id, record);
				if (!seen.has(id)) fresh += 1;
				seen.add(id);
			}
			skip += page.items.length;
			if (page.items.length === 0 || (announced !== undefined && skip >= announced)) break;
			if (fresh === 0) {
				stalled = true;
				break;
			}
		}
		if (stalled) {
			why = `the list stopped bringing new vouchers at ${skip} of the ${announced ?? 'unannounced'} it announced`;
			continue;
		}
		if (!moved) return { records: [...records.values()], complete: true, pages };
		why = `the list's count moved while it was read (${passes} passes)`;
	}
	return { records: [...records.values()], complete: false, why, pages };
}

/** Reads the voucher list page by page, keeping the accepted vouchers up to `limit`. */
export async function listVouchers(
	ctx: ServiceContext,
	session: RunSession,
	query: VoucherListQuery,
	options: VoucherListOptions = {},
): Promise<VoucherRecord[]> {
	const kept: VoucherRecord[] = [];
	const limit = options.limit ?? Infinity;
	if (limit <= 0) return kept;
	for await (const record of listedVouchers(ctx, session, query)) {
		if (options.accept && !options.accept(record)) continue;
		kept.push(record);
		if (kept.length >= limit) break;
	}
	return kept;
}

/**
 * What names one voucher on the list. Every member given must match; a key with none matches
 * nothing. The list has no parameter for these except `uuid`, so they are compared here.
 */
export interface VoucherListKey {
	/** The service's idComprobante. */
	voucherId?: number;
	/** Series and folio: compared trimmed, the series without regard to case. */
	series?: string;
	folio?: string;
	uuid?: string;
}

const normalized = (value: unknown): string =>
	String(value ?? '')
		.trim()
		.toUpperCase();

/** Whether a listed voucher is the one `key` names. */
export function matchesVoucherKey(record: VoucherRecord, key: VoucherListKey): boolean {
	const checks: boolean[] = [];
	if (key.voucherId !== undefined) checks.push(record.voucherId === Number(key.voucherId));
	if (key.uuid !== undefined) checks.push(normalized(record.uuid) === normalized(key.uuid));
	if (key.series !== undefined) checks.push(normalized(record.series) === normalized(key.series));
	if (key.folio !== undefined)
		checks.push(String(record.folio ?? '').trim() === String(key.folio).trim());
	return checks.length > 0 && checks.every(Boolean);
}

export interface VoucherListWindow {
	/** Unix seconds, inclusive, compared with the voucher date (the CFDI Fecha). */
	from: number;
	to: number;
}

export interface FindOnListOptions {
	/** Stop paging once every key has a match (default): enough to tell whether each exists. */
	firstMatchOnly?: boolean;
}

/**
 * Finds several vouchers on the list in one pass of paging over a date window: for each key, the
 * listed vouchers it matches, in list order. With one key that names a UUID the list is narrowed to
 * it by the service. Paging stops as soon as every key has a match, unless all matches are asked for.
 */
export async function findOnVoucherList(
	ctx: ServiceContext,
	session: RunSession,
	keys: VoucherListKey[],
	window: VoucherListWindow,
	options: FindOnListOptions = {},
): Promise<VoucherRecord[][]> {
	const found: VoucherRecord[][] = keys.map(() => []);
	const open = new Set(keys.map((_, index) => index));
	if (open.size === 0) return found;
	const uuid = keys.length === 1 && keys[0].uuid ? keys[0].uuid : undefined;
	const firstMatchOnly = options.firstMatchOnly ?? true;
	for await (const record of listedVouchers(ctx, session, { ...window, uuid })) {
		keys.forEach((key, index) => {
			if (!matchesVoucherKey(record, key) || (firstMatchOnly && !open.has(index))) return;
			found[index].push(record);
			open.delete(index);
		});
		if (firstMatchOnly && open.size === 0) break;
	}
	return found;
}

/** One voucher on the list, or undefined when the window holds none that `key` names. */
export async function findVoucherOnList(
	ctx: ServiceContext,
	session: RunSession,
	key: VoucherListKey,
	window: VoucherListWindow,
): Promise<VoucherRecord | undefined> {
	const [matches] = await findOnVoucherList(ctx, session, [key], window);
	return matches[0];
}

/** How far back a UUID look-up searches: the SAT's five-year record keeping, plus the current year. */
const UUID_SEARCH_YEARS = 6;
const YEAR_SECONDS = 366 * 86_400;

/**
 * GET .../comprobantes narrowed to the UUID: one voucher by UUID through the list (the service
 * offers no status read by UUID). The list always wants a date range, so a wide one is sent.
 */
export async function findVoucherByUuid(
	ctx: ServiceContext,
	session: RunSession,
	uuid: string,
): Promise<VoucherRecord | undefined> {
	const now = Math.floor(Date.now() / 1000);
	return await findVoucherOnList(
		ctx,
		session,
		{ uuid },
		{ from: now - UUID_SEARCH_YEARS * YEAR_SECONDS, to: now + 86_400 },
	);
}
