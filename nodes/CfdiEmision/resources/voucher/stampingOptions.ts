import type { IDataObject, INodeProperties } from 'n8n-workflow';

export const DEFAULT_STAMP_CONCURRENCY = 1;
export const DEFAULT_BUSY_RETRIES = 3;
export const DEFAULT_RETRY_DELAY_MS = 2000;

export interface StampingSettings {
	concurrency: number;
	busyRetries: number;
	retryDelayMs: number;
}

export function readStampingSettings(options: IDataObject): StampingSettings {
	const int = (value: unknown, fallback: number, min: number) => {
		const n = Number(value);
		return Number.isFinite(n) && n >= min ? Math.floor(n) : fallback;
	};
	return {
		concurrency: int(options.concurrency, DEFAULT_STAMP_CONCURRENCY, 1),
		busyRetries: int(options.busyRetries, DEFAULT_BUSY_RETRIES, 0),
		retryDelayMs: int(options.retryDelayMs, DEFAULT_RETRY_DELAY_MS, 0),
	};
}

const STAMPING_ONLY = { show: { '/operation': ['create', 'update'] } };

/** Options of create, update and validate. */
export function stampingOptionsField(operations: string[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['voucher'], operation: operations } },
		options: [
			{
				displayName: 'Additional Fields (JSON)',
				name: 'additionalFieldsJson',
				type: 'json',
				default: '{}',
				description:
					'Members merged into the body, for fields the form does not list: folio, descuento, tipoCambio, impuestos, complemento (payment, fiscal legends, Carta Porte, foreign trade) and so on. Objects are merged member by member; arrays replace.',
			},
			{
				displayName: 'Busy Series Retries',
				name: 'busyRetries',
				displayOptions: STAMPING_ONLY,
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_BUSY_RETRIES,
				description:
					'How many times to retry, with growing pauses, when the service says the series is busy (FAC119) or limits the rate (HTTP 429). Nothing is stored in those cases, so retrying cannot duplicate a voucher.',
			},
			{
				displayName: 'Compute Totals',
				name: 'computeTotals',
				type: 'boolean',
				default: false,
				description:
					'Whether to compute each line amount, the line and voucher taxes, the subtotal and the total from quantities, unit prices and tax rates, rounding at each step to the currency decimals as SAT requires',
			},
			{
				displayName: 'Concurrency',
				name: 'concurrency',
				displayOptions: STAMPING_ONLY,
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_STAMP_CONCURRENCY,
				description:
					'How many items are sent at the same time. 1 (the default) stamps in input order and avoids "series busy" answers.',
			},
			{
				displayName: 'Retry Pause (Ms)',
				name: 'retryDelayMs',
				displayOptions: STAMPING_ONLY,
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_RETRY_DELAY_MS,
				description: 'Pause before the first retry of a busy series; each further retry waits twice as long',
			},
			{
				displayName: 'Use Voucher Date',
				name: 'noCalcularFecha',
				displayOptions: STAMPING_ONLY,
				type: 'boolean',
				default: false,
				description:
					'Whether to use the "Voucher Date" below (or the fecha of the JSON body) as the seal date (noCalcularFecha=true) instead of letting the service set it',
			},
			{
				displayName: 'Validation',
				name: 'validation',
				type: 'options',
				options: [
					{ name: 'Strict', value: 'strict', description: 'Any problem stops the item; nothing is sent' },
					{ name: 'Warn', value: 'warn', description: 'Problems go into the output; the voucher is sent anyway' },
					{ name: 'Off', value: 'off', description: 'No local checks' },
				],
				default: 'strict',
				description: 'Local CFDI 4.0 checks (catalog codes, RFCs, regimes, amounts and totals) run before any request',
				displayOptions: STAMPING_ONLY,
			},
			{
				displayName: 'Voucher Date',
				name: 'fecha',
				displayOptions: STAMPING_ONLY,
				type: 'string',
				default: '',
				placeholder: '2026-11-22T10:30:00',
				description: 'Seal date-time in Mexico local time, format YYYY-MM-DDThh:mm:ss; used only with "Use Voucher Date"',
			},
		],
	};
}
