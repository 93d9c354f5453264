/** Voucher → Get Many: its fields and its execute. */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { RunSession, toNodeError } from '../../api/sessionAndFailure';
import {
	ignoreSslOption,
	readRequestSettings,
	timeoutOption,
} from '../../execution/requestSettings';
import { runItems } from '../../execution/runItems';
import {
	matchesVoucherFilter,
	readVoucherFilter,
	voucherFilterFields,
} from '../../api/voucherFilters';
import { vouchersOfSale } from '../../api/saleVouchers';
import { listVouchers } from '../../api/voucherList';
import type { VoucherRecord } from '../../api/voucherRecords';
import { unixSeconds } from '../../cfdi/mexicoTime';

const show = (extra: IDataObject = {}) => ({
	show: { resource: ['voucher'], operation: ['getMany'], ...extra },
});
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LAST_SECOND_OF_DAY = 86_399;

const getManyFields: INodeProperties[] = [
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			"Vouchers dated from this moment (in the workflow's time zone unless the value carries its own)",
		displayOptions: show(),
	},
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		default: '',
		description:
			'Vouchers dated up to this moment; empty means now. A date without a time includes that whole day.',
		displayOptions: show(),
	},
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		displayOptions: show(),
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: show({ returnAll: [false] }),
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: show(),
		options: [
			...voucherFilterFields,
			{
				displayName: 'Sale',
				name: 'sale',
				type: 'string',
				default: '',
				placeholder: '1001',
				description:
					"Only the vouchers that document this sale (an order number or a ticket): its invoice (folio), the global invoice holding its ticket, credit notes and payment receipts relating them, each with its role, state and amounts. Reads each listed voucher's XML, so keep the dates close to the sale.",
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Cancelled', value: 'cancelled' },
					{
						name: 'Pending Acceptance',
						value: 'pendingAcceptance',
						description: 'Waiting for the recipient to accept the cancellation',
					},
					{ name: 'Stamped', value: 'stamped', description: 'Valid, not cancelled' },
				],
				default: 'stamped',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'getManyOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show(),
		options: [ignoreSslOption(), timeoutOption()],
	},
];

/** Voucher → Get Many: its fields in the order the editor shows them (Voucher.resource.ts shows them for it). */
export const description: INodeProperties[] = [...getManyFields];

function readDate(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: 'startDate' | 'endDate',
	label: string,
	now: number,
): number {
	const raw = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	if (raw === '' || raw === null || raw === undefined) {
		if (name === 'endDate') return now;
		throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: "${label}" is empty.`, {
			itemIndex,
			description: 'Pick the first date of the vouchers to list, e.g. 2024-05-01.',
		});
	}
	const seconds = unixSeconds(raw, ctx.getTimezone());
	if (seconds === null) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex}: "${label}" ${JSON.stringify(raw)} is not a date.`,
			{
				itemIndex,
				description:
					'Use a date such as 2024-05-01 or 2024-05-01T13:30:00, or an ISO 8601 date-time with its zone.',
			},
		);
	}
	return name === 'endDate' && typeof raw === 'string' && DATE_ONLY.test(raw.trim())
		? seconds + LAST_SECOND_OF_DAY
		: seconds;
}

function filterOf(values: IDataObject): (record: VoucherRecord) => boolean {
	const filter = readVoucherFilter(values);
	const status = String(values.status ?? '');
	return (record) => matchesVoucherFilter(record, filter) && (!status || record.status === status);
}

/** Lists the issuer's vouchers dated in a range, one output item per voucher, paging through the service's list. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const settings = {
		...readRequestSettings(ctx, 'getManyOptions', {
			concurrency: 1,
			batchingSetsConcurrency: false,
		}),
		concurrency: 1,
	};
	return await runItems(ctx, settings, RunSession.fromNode, async (itemIndex, session) => {
		const now = Math.floor(Date.now() / 1000);
		const from = readDate(ctx, itemIndex, 'startDate', 'Start Date', now);
		const to = readDate(ctx, itemIndex, 'endDate', 'End Date', now);
		if (from > to) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Item ${itemIndex}: "Start Date" is after "End Date".`,
				{
					itemIndex,
					description: 'Swap the two dates, or leave End Date empty to list up to now.',
				},
			);
		}
		const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
		const limit = returnAll ? undefined : Number(ctx.getNodeParameter('limit', itemIndex, 50));
		if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1)) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Item ${itemIndex}: "Limit" must be a positive whole number, not ${String(limit)}.`,
				{ itemIndex, description: 'Nothing was sent. Enter 1 or more, or turn on "Return All".' },
			);
		}
		const filters = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const accept = filterOf(filters);
		const sale = String(filters.sale ?? '').trim();
		try {
			if (sale) {
				const vouchers = await vouchersOfSale(ctx, session, itemIndex, sale, { from, to }, accept);
				return {
					items: vouchers.slice(0, limit ?? vouchers.length).map((voucher) => ({ json: voucher })),
				};
			}
			const records = await listVouchers(ctx, session, { from, to }, { limit, accept });
			return { items: records.map((record) => ({ json: record })) };
		} catch (error) {
			// A voucher's XML that could not be read is already worded for the item.
			throw error instanceof NodeOperationError
				? error
				: toNodeError(ctx, error, itemIndex, { action: 'list the vouchers', readOnly: true });
		}
	});
}
