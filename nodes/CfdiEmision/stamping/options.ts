import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { DEFAULT_RETRIES, DEFAULT_RETRY_DELAY_MS } from '../api/client';
import { readRequestSettings, type RequestSettings } from '../execution/requestSettings';
import type { OutputFormat } from './answer';

export const DEFAULT_STAMP_CONCURRENCY = 1;
export const DEFAULT_BUSY_RETRIES = DEFAULT_RETRIES;
export { DEFAULT_RETRY_DELAY_MS };

/** The operations that create a voucher: Create and one per voucher kind. */
export const CREATE_OPERATIONS = [
	'create',
	'createPaymentReceipt',
	'createCreditNote',
	'createGlobalInvoice',
];

/** The operations that send a voucher to be saved or stamped. */
export const STAMPING_OPERATIONS = [...CREATE_OPERATIONS, 'update'];

/** How a run stamps: read once from the first item's Options, like n8n's own node settings. */
export interface StampingSettings extends RequestSettings {
	/** Retries of answers that prove nothing was stored (FAC119 series busy, HTTP 429). */
	busyRetries: number;
	/** The first pause of every stamping retry; each further one doubles (the package's one back-off). */
	retryDelayMs: number;
}

/** Version 1 nodes keep the raw output they always had. */
export function readOutputFormat(ctx: IExecuteFunctions): OutputFormat {
	if (ctx.getNode().typeVersion < 1.1) return 'raw';
	return ctx.getNodeParameter('output', 0, 'simplified') === 'raw' ? 'raw' : 'simplified';
}

export function readStampingSettings(ctx: IExecuteFunctions): StampingSettings {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const int = (value: unknown, fallback: number, min: number) => {
		const n = Number(value);
		return Number.isFinite(n) && n >= min ? Math.floor(n) : fallback;
	};
	return {
		// Stamping never took its concurrency from Request Options > Batching: keep it so.
		...readRequestSettings(ctx, 'options', {
			concurrency: DEFAULT_STAMP_CONCURRENCY,
			batchingSetsConcurrency: false,
		}),
		busyRetries: int(options.busyRetries, DEFAULT_BUSY_RETRIES, 0),
		retryDelayMs: int(options.retryDelayMs, DEFAULT_RETRY_DELAY_MS, 0),
	};
}
