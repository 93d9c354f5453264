import type {
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodeProperties,
} from 'n8n-workflow';

import { foldText } from '../cfdi/catalogs';
import { RunSession } from './transport';
import { listedVouchers } from './voucherList';
import type { VoucherRecord } from './voucherRecords';
import { DEFAULT_TIMEOUT_MS } from './requestSettings';

/*
 * How a voucher is named in the parameters that point at one (UUID: XML, PDF, E-mail, Get Status,
 * Cancel; Voucher ID: Get, Update). Version 1 keeps its plain text or number field; version 1.1 has
 * a resource locator under the same name (From List / By UUID or By ID) whose default is the
 * incoming item's uuid or voucher id, so a chain Create → XML → PDF → E-mail needs no mapping.
 * The reader takes either: n8n's extractValue gives the locator's value and leaves plain values as
 * they are.
 */

const VERSION_1: INodeProperties['displayOptions'] = { show: { '@version': [1] } };

function forVersions(
	resource: string,
	operations: string[],
	versions: 'v1' | 'later',
): INodeProperties['displayOptions'] {
	return versions === 'v1'
		? { show: { resource: [resource], operation: operations, ...VERSION_1!.show } }
		: { show: { resource: [resource], operation: operations }, hide: { '@version': [1] } };
}

// The editor compiles the regex without flags, so both letter cases are spelled out.
const UUID_REGEX = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** The UUID parameter: plain text in version 1, a From List / By UUID locator from 1.1. */
export function uuidField(resource: string, operations: string[]): INodeProperties[] {
	const description =
		'The UUID (folio fiscal) of the stamped voucher, e.g. from a previous Create operation';
	return [
		{
			displayName: 'UUID',
			name: 'uuid',
			type: 'string',
			required: true,
			default: '',
			placeholder: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
			description,
			displayOptions: forVersions(resource, operations, 'v1'),
		},
		{
			displayName: 'Voucher',
			name: 'uuid',
			type: 'resourceLocator',
			required: true,
			default: { __rl: true, mode: 'uuid', value: '={{ $json.uuid }}' },
			description: `${description}. By default the incoming item's "uuid".`,
			displayOptions: forVersions(resource, operations, 'later'),
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					placeholder: 'Select a stamped voucher...',
					typeOptions: {
						searchListMethod: 'searchStampedVouchers',
						searchable: true,
						searchFilterRequired: false,
					},
				},
				{
					displayName: 'By UUID',
					name: 'uuid',
					type: 'string',
					placeholder: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
					validation: [
						{
							type: 'regex',
							properties: {
								regex: `^\\s*${UUID_REGEX}\\s*$`,
								errorMessage:
									'Not a UUID: 36 characters such as 5FB2822E-396D-4725-8521-CDC4BDD20CCF',
							},
						},
					],
				},
			],
		},
	];
}

/** The voucher id parameter: a number in version 1, a From List / By ID locator from 1.1. */
export function voucherIdField(resource: string, operations: string[]): INodeProperties[] {
	const description = 'The idComprobante of the voucher, as returned when it was saved';
	return [
		{
			displayName: 'Voucher ID',
			name: 'voucherId',
			type: 'number',
			required: true,
			default: 0,
			description: 'The idComprobante of the pending voucher, as returned when it was saved',
			displayOptions: forVersions(resource, operations, 'v1'),
		},
		{
			displayName: 'Voucher',
			name: 'voucherId',
			type: 'resourceLocator',
			required: true,
			default: { __rl: true, mode: 'id', value: '={{ $json.voucherId ?? $json.idComprobante }}' },
			description: `${description}. By default the incoming item's "voucherId" (or "idComprobante").`,
			displayOptions: forVersions(resource, operations, 'later'),
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					placeholder: 'Select a voucher...',
					typeOptions: {
						searchListMethod: 'searchVoucherIds',
						searchable: true,
						searchFilterRequired: false,
					},
				},
				{
					displayName: 'By ID',
					name: 'id',
					type: 'string',
					placeholder: '1001',
					validation: [
						{
							type: 'regex',
							properties: {
								regex: '^\\s*[1-9][0-9]*\\s*$',
								errorMessage: 'Not a voucher id: a positive whole number such as 1001',
							},
						},
					],
				},
			],
		},
	];
}

/** The raw value of a voucher reference parameter, whichever version saved it. */
export function voucherReferenceValue(
	ctx: IExecuteFunctions,
	name: 'uuid' | 'voucherId',
	itemIndex: number,
): unknown {
	return ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
}

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
