/** The voucher pickers' search (methods.listSearch): recent vouchers from the service's list. */
import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { listedVouchers } from '../api/voucherList';
import type { VoucherRecord } from '../api/voucherRecords';
import { foldText } from '../cfdi/catalogs/codeCatalogs';
import { DEFAULT_TIMEOUT_MS } from '../execution/requestSettings';
import { RunSession } from '../api/sessionAndFailure';

/** How far back "From List" looks: recent vouchers, newest first as the service lists them. */
export const PICKER_WINDOW_DAYS = 90;
/** How many matches one page of the picker shows, and how many listed vouchers one search reads at most. */
const PICKER_PAGE = 50;
const PICKER_SCAN_LIMIT = 1000;

/** "A-1001 · URE180429TM6 UNIVERSIDAD ROBOTICA · 1,508.00 MXN · 2026-11-22 · 5FB2822E-..." */
function pickerName(record: VoucherRecord): string {
	const seriesFolio =
		[record.series, record.folio].filter(Boolean).join('-') || `id ${record.voucherId ?? '?'}`;
	const recipient = [record.recipientRfc, record.recipientName].filter(Boolean).join(' ');
	const total =
		record.total !== null ? `${record.total.toFixed(2)} ${record.currency ?? ''}`.trim() : '';
	const day = record.date ? record.date.slice(0, 10) : '';
	return [seriesFolio, recipient, total, day, record.uuid].filter(Boolean).join(' · ');
}

/** Whether a listed voucher matches a picker search: every word in its series/folio, recipient, UUID or id. */
export function matchesPickerSearch(record: VoucherRecord, filter: string | undefined): boolean {
	const words = foldText(filter ?? '')
		.split(/\s+/)
		.filter(Boolean);
	if (!words.length) return true;
	const haystack = foldText(
		[
			record.series,
			record.folio,
			`${record.series ?? ''}-${record.folio ?? ''}`,
			record.recipientRfc,
			record.recipientName,
			record.uuid,
			record.voucherId,
		]
			.filter((part) => part !== null && part !== undefined)
			.join(' '),
	);
	return words.every((word) => haystack.includes(word));
}

/**
 * One page of recent vouchers for a picker: the list endpoint over the last PICKER_WINDOW_DAYS,
 * filtered here by the search (the service has no text search). The page token is how many
 * matches earlier pages showed.
 */
async function searchRecentVouchers(
	ctx: ILoadOptionsFunctions,
	filter: string | undefined,
	paginationToken: string | undefined,
	value: (record: VoucherRecord) => string | undefined,
): Promise<INodeListSearchResult> {
	const override = String(ctx.getCurrentNodeParameter('emisorIdOverride') ?? '').trim();
	const session = new RunSession(/^\d+$/.test(override) ? override : '', DEFAULT_TIMEOUT_MS, false);
	const now = Math.floor(Date.now() / 1000);
	const shown = Math.max(0, Number(paginationToken) || 0);
	const results: INodeListSearchItems[] = [];
	let matched = 0;
	let scanned = 0;
	let more = false;
	for await (const record of listedVouchers(ctx, session, {
		from: now - PICKER_WINDOW_DAYS * 86_400,
		to: now + 86_400,
	})) {
		if (++scanned > PICKER_SCAN_LIMIT) break;
		if (value(record) === undefined || !matchesPickerSearch(record, filter)) continue;
		matched += 1;
		if (matched <= shown) continue;
		if (results.length === PICKER_PAGE) {
			more = true;
			break;
		}
		results.push({ name: pickerName(record), value: value(record)! });
	}
	return { results, ...(more ? { paginationToken: String(shown + results.length) } : {}) };
}

/** The node's list searches over the service's recent vouchers (methods.listSearch). */
export const voucherListSearch = {
	async searchStampedVouchers(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return await searchRecentVouchers(this, filter, paginationToken, (record) => record.uuid);
	},
	async searchVoucherIds(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		return await searchRecentVouchers(this, filter, paginationToken, (record) =>
			record.voucherId === null ? undefined : String(record.voucherId),
		);
	},
};
