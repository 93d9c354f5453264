import type {
	DisplayCondition,
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';

import { DEFAULT_RETRIES, DEFAULT_RETRY_DELAY_MS } from '../transport/backoff';
import {
	concurrencyOption,
	ignoreSslOption,
	readRequestSettings,
	timeoutOption,
	type RequestSettings,
} from '../transport/requestSettings';

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
	/** The first pause of every stamping retry; each further one doubles (transport/backoff). */
	retryDelayMs: number;
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

/**
 * The Options collection of the voucher operations (`operations`); the stamping options show only
 * for `stampingOperations`.
 */
export function stampingOptionsField(
	operations: string[],
	stampingOperations: string[] = STAMPING_OPERATIONS,
): INodeProperties {
	const STAMPING_ONLY = { show: { '/operation': stampingOperations } };
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
			concurrencyOption(
				DEFAULT_STAMP_CONCURRENCY,
				'How many items are sent at the same time. Items of the same series always go one at a time, in input order (the service refuses a second stamp on a busy series); different series run in parallel up to this number.',
				STAMPING_ONLY,
			),
			ignoreSslOption(STAMPING_ONLY),
			{
				displayName: 'Retry Pause (Ms)',
				name: 'retryDelayMs',
				displayOptions: STAMPING_ONLY,
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_RETRY_DELAY_MS,
				description:
					'Pause before the first retry of a busy series; each further retry waits twice as long (at most 60 seconds)',
			},
			timeoutOption(STAMPING_ONLY),
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
					{
						name: 'Strict',
						value: 'strict',
						description: 'Any problem stops the item; nothing is sent',
					},
					{
						name: 'Warn',
						value: 'warn',
						description: 'Problems go into the output; the voucher is sent anyway',
					},
					{ name: 'Off', value: 'off', description: 'No local checks' },
				],
				default: 'strict',
				description:
					'Local CFDI 4.0 checks (catalog codes, RFCs, regimes, amounts and totals) run before any request',
				displayOptions: STAMPING_ONLY,
			},
			{
				displayName: 'Voucher Date',
				name: 'fecha',
				displayOptions: STAMPING_ONLY,
				type: 'string',
				default: '',
				placeholder: '2026-11-22T10:30:00',
				description:
					'Seal date-time in Mexico local time, format YYYY-MM-DDThh:mm:ss; used only with "Use Voucher Date"',
			},
			{
				displayName: 'When Totals Differ',
				name: 'whenTotalsDiffer',
				type: 'options',
				options: [
					{
						name: 'Refuse',
						value: 'refuse',
						description:
							'The item fails before any request, with both figures, where the difference comes from and the fix',
					},
					{
						name: 'Stamp With Note',
						value: 'stampWithNote',
						description:
							"The voucher is stamped with its own total; the output's reconciliation note gives both figures and why they differ",
					},
				],
				default: 'refuse',
				description:
					"What to do when a voucher built from an order, lines, sales, a refund or a payment does not carry its source's money (e.g. an order's total_price) and per-line tax rounding does not explain it. Cents that rounding forces are always moved between lines and named. Default: Refuse (Stamp With Note for nodes saved as version 1).",
			},
		],
	};
}

/** Stamp and Stamping Mode of the operations that create a voucher (Create and the new kinds). */
export function stampFields(operations: string[]): INodeProperties[] {
	return [
		{
			displayName: 'Stamp',
			name: 'stamp',
			type: 'boolean',
			default: true,
			description:
				'Whether to stamp the voucher with the tax authority now (emitir=true). Off saves it as pending, to review and stamp later with Update.',
			displayOptions: { show: { resource: ['voucher'], operation: operations } },
		},
		{
			displayName: 'Stamping Mode',
			name: 'stampingMode',
			type: 'options',
			options: [
				{
					name: 'Two-Phase (Safe)',
					value: 'twoPhase',
					description:
						'Save as pending, then stamp that ID. If the stamp call times out or fails on the server side, the node reads the voucher back and, only if it is still pending, stamps the same ID again, so the run cannot stamp a second voucher.',
				},
				{
					name: 'Direct (One Call)',
					value: 'direct',
					description:
						'Create and stamp in one call (emitir=true). Faster, but after a timeout or server error the node cannot tell whether the voucher was stamped; it stops and tells you what to check.',
				},
			],
			default: 'twoPhase',
			displayOptions: { show: { resource: ['voucher'], operation: operations, stamp: [true] } },
		},
		...duplicateCheckFields(operations),
	];
}

const DUPLICATE_CHECK_OPTIONS = [
	{
		name: 'Return Existing',
		value: 'returnExisting',
		description:
			'A sale already stamped gives its voucher as the result (status alreadyStamped) and nothing is sent; a pending voucher of it is stamped instead of a new one',
	},
	{
		name: 'Fail',
		value: 'fail',
		description: 'A sale already stamped (or pending) is an error on its item; nothing is sent',
	},
	{ name: 'Off', value: 'off', description: 'No look-up: every run sends its vouchers' },
];

const DUPLICATE_CHECK_DESCRIPTION =
	"Before the first request of an item, look on the service's voucher list for a voucher of the same sale (its key: same series and folio) so that a re-delivered webhook or a re-run does not invoice it twice. One list read per run for all items.";

/**
 * Duplicate Check and Duplicate Check Key of the operations that create a voucher. Version 1 nodes
 * default to Off (their saved workflows keep the calls they made), new nodes (1.1) to Return Existing.
 */
function duplicateCheckFields(operations: string[]): INodeProperties[] {
	const forVersion = (version: Array<number | DisplayCondition>) => ({
		show: { resource: ['voucher'], operation: operations, '@version': version },
	});
	return [
		{
			displayName: 'Duplicate Check',
			name: 'duplicateCheck',
			type: 'options',
			options: DUPLICATE_CHECK_OPTIONS,
			default: 'returnExisting',
			description: DUPLICATE_CHECK_DESCRIPTION,
			displayOptions: forVersion([{ _cnd: { gte: 1.1 } }]),
		},
		{
			displayName: 'Duplicate Check',
			name: 'duplicateCheck',
			type: 'options',
			options: DUPLICATE_CHECK_OPTIONS,
			default: 'off',
			description: DUPLICATE_CHECK_DESCRIPTION,
			displayOptions: forVersion([1]),
		},
		{
			displayName: 'Duplicate Check Key',
			name: 'duplicateCheckKey',
			type: 'string',
			default: '',
			placeholder: '={{ $json.orderNumber }}',
			description:
				"What identifies the sale, e.g. an order number or a refund ID; it is written as the voucher's folio (1-40 characters), which the service's list shows. Empty: the key the input gives (Order and Line Items: the folio; payment receipts: the paid invoices and installments; global invoices: the period). See the README, Duplicate Check.",
			displayOptions: {
				show: { resource: ['voucher'], operation: operations },
				hide: { duplicateCheck: ['off'] },
			},
		},
		{
			displayName: 'Duplicate Check Window (Hours)',
			name: 'duplicateCheckWindow',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 24,
			description:
				'For a voucher without a key or folio: how long the same content (recipient, lines, total) counts as the same sale. A second voucher with the same content within this window returns the first; give a Duplicate Check Key to stamp a deliberate second one.',
			displayOptions: {
				show: { resource: ['voucher'], operation: operations },
				hide: { duplicateCheck: ['off'] },
			},
		},
	];
}
