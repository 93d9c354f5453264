import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { VoucherRecord } from './voucherRecords';

/** The list has no parameters for these, so Get Many and the trigger filter what it returns. */
export const voucherFilterFields: INodeProperties[] = [
	{
		displayName: 'Recipient RFC',
		name: 'recipientRfc',
		type: 'string',
		default: '',
		placeholder: 'URE180429TM6',
		description: 'Only vouchers issued to this RFC',
	},
	{
		displayName: 'Series',
		name: 'series',
		type: 'string',
		default: '',
		placeholder: 'A, F',
		description: 'Only vouchers of these series (comma-separated)',
	},
];

export interface VoucherFilter {
	/** Empty: every series. */
	series: string[];
	/** Upper case; empty: every recipient. */
	recipientRfc: string;
}

export function readVoucherFilter(values: IDataObject): VoucherFilter {
	return {
		series: String(values.series ?? '')
			.split(',')
			.map((s) => s.trim())
			.filter(Boolean),
		recipientRfc: String(values.recipientRfc ?? '')
			.trim()
			.toUpperCase(),
	};
}

export function matchesVoucherFilter(record: VoucherRecord, filter: VoucherFilter): boolean {
	if (filter.series.length > 0 && !filter.series.includes(record.series ?? '')) return false;
	return !filter.recipientRfc || (record.recipientRfc ?? '').toUpperCase() === filter.recipientRfc;
}
