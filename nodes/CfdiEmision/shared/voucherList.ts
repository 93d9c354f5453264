import { parseJsonBody } from './responses';
import { API_ROOT, callService, type RunSession, type ServiceContext } from './transport';
import { readListPage, toVoucherRecord, type VoucherRecord } from './voucherRecords';

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
 * Reads the voucher list page by page (skip/take) in the service's order. A voucher met twice
 * (the list shifted while paging) is kept once. Paging ends at an empty page, at the count the
 * summary framing announces, or at a page that brings nothing new (a service ignoring `skip`).
 */
export async function listVouchers(ctx: ServiceContext, session: RunSession, query: VoucherListQuery, options: VoucherListOptions = {}): Promise<VoucherRecord[]> {
	const seen = new Set<string>();
	const kept: VoucherRecord[] = [];
	const limit = options.limit ?? Infinity;
	if (limit <= 0) return kept;
	for (let skip = 0; ; ) {
		const response = await callService(ctx, session, {
			method: 'GET',
			url: `${API_ROOT}/comprobantes`,
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
		const page = readListPage(parseJsonBody(response.body, 'the voucher list'));
		let fresh = 0;
		for (const item of page.items) {
			const record = toVoucherRecord(item);
			if (!record.uuid || seen.has(record.uuid)) continue;
			seen.add(record.uuid);
			fresh += 1;
			if (options.accept && !options.accept(record)) continue;
			kept.push(record);
			if (kept.length >= limit) return kept;
		}
		skip += page.items.length;
		if (fresh === 0 || (page.total !== undefined && skip >= page.total)) return kept;
	}
}

/** How far back a UUID look-up searches: the SAT's five-year record keeping, plus the current year. */
const UUID_SEARCH_YEARS = 6;
const YEAR_SECONDS = 366 * 86_400;

/**
 * One voucher by UUID through the list (the service offers no status read by UUID). The list
 * always wants a date range, so a wide one is sent.
 */
export async function findVoucherByUuid(ctx: ServiceContext, session: RunSession, uuid: string): Promise<VoucherRecord | undefined> {
	const now = Math.floor(Date.now() / 1000);
	const found = await listVouchers(ctx, session, { from: now - UUID_SEARCH_YEARS * YEAR_SECONDS, to: now + 86_400, uuid }, { accept: (record) => record.uuid === uuid.toUpperCase() });
	return found[0];
}
