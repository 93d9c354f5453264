import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** How the items of one run talk to the service: the node's own options, read once per run. */
export interface RequestSettings {
	/** How many items are in flight at once. */
	concurrency: number;
	timeoutMs: number;
	allowUnauthorizedCerts: boolean;
}

export const DEFAULT_TIMEOUT_MS = 120_000;

/** Settings of an operation that sends nothing (Validate). */
export const LOCAL_ONLY: RequestSettings = {
	concurrency: 1,
	timeoutMs: DEFAULT_TIMEOUT_MS,
	allowUnauthorizedCerts: false,
};

export function timeoutOption(displayOptions?: INodeProperties['displayOptions']): INodeProperties {
	return {
		displayName: 'Timeout (Ms)',
		name: 'timeout',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_TIMEOUT_MS,
		description: 'How long to wait for the service to answer each request before giving up',
		...(displayOptions ? { displayOptions } : {}),
	};
}

export function ignoreSslOption(
	displayOptions?: INodeProperties['displayOptions'],
): INodeProperties {
	return {
		displayName: 'Ignore SSL Issues (Insecure)',
		name: 'allowUnauthorizedCerts',
		type: 'boolean',
		default: false,
		description: 'Whether to connect even if SSL certificate validation is not possible',
		...(displayOptions ? { displayOptions } : {}),
	};
}

export function concurrencyOption(
	defaultConcurrency: number,
	description: string,
	displayOptions?: INodeProperties['displayOptions'],
): INodeProperties {
	return {
		displayName: 'Concurrency',
		name: 'concurrency',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: defaultConcurrency,
		description,
		...(displayOptions ? { displayOptions } : {}),
	};
}

/**
 * What n8n stores in "Request Options" (requestOptions): it adds that collection to every node
 * without an `execute` method, and workflows saved before the node declared its own options carry
 * their Timeout, Ignore SSL Issues and Items per Batch there.
 */
interface SavedRequestOptions {
	timeout?: number;
	allowUnauthorizedCerts?: boolean;
	batching?: { batch?: { batchSize?: number } };
}

function positiveInteger(value: unknown): number | undefined {
	const n = Number(value);
	return Number.isFinite(n) && n >= 1 ? Math.floor(n) : undefined;
}

/**
 * Reads an operation's request settings from its Options collection (`collection`), falling back
 * to the saved Request Options, then to the defaults. `batchingSetsConcurrency` keeps the meaning
 * "Items per Batch" had for the operations that honoured it.
 */
export function readRequestSettings(
	ctx: IExecuteFunctions,
	collection: string,
	defaults: { concurrency: number; batchingSetsConcurrency: boolean },
): RequestSettings {
	const own = ctx.getNodeParameter(collection, 0, {}) as IDataObject;
	const saved = ctx.getNodeParameter('requestOptions', 0, {}) as SavedRequestOptions;
	const batchSize = defaults.batchingSetsConcurrency
		? positiveInteger(saved.batching?.batch?.batchSize)
		: undefined;
	return {
		concurrency: positiveInteger(own.concurrency) ?? batchSize ?? defaults.concurrency,
		timeoutMs: positiveInteger(own.timeout) ?? positiveInteger(saved.timeout) ?? DEFAULT_TIMEOUT_MS,
		allowUnauthorizedCerts:
			typeof own.allowUnauthorizedCerts === 'boolean'
				? own.allowUnauthorizedCerts
				: saved.allowUnauthorizedCerts === true,
	};
}
