/** The stamping fields of the voucher operations: Stamp, Stamping Mode, Duplicate Check, the Options collection and Output. */
import type { INodeProperties } from 'n8n-workflow';

import {
	DEFAULT_BUSY_RETRIES,
	DEFAULT_RETRY_DELAY_MS,
	DEFAULT_STAMP_CONCURRENCY,
	STAMPING_OPERATIONS,
} from '../../../stamping/runSettings';
import {
	concurrencyOption,
	ignoreSslOption,
	timeoutOption,
} from '../../../execution/requestSettings';

/** The stamping options show only for the operations that send a voucher. */
const STAMPING_ONLY = { show: { '/operation': STAMPING_OPERATIONS } };

/**
 * The Options collection of the voucher operations that make a voucher; the stamping options show
 * only for the operations that send it.
 */
export const options: INodeProperties = stampingOptions();

function stampingOptions(): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
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
				displayName: 'Allow IVA 8 % Outside the Border Region',
				name: 'allowBorderIvaAnywhere',
				displayOptions: { show: { '/operation': ['create'], '/inputMode': ['fields'] } },
				type: 'boolean',
				default: false,
				description:
					"Whether to accept IVA 8 % on the form's lines whatever the Place of Issue. IVA 8 % is the border-region stimulus: by default it is refused when the Place of Issue is a postal code outside the northern and southern border region. Turn on only for an issuer whose branch qualifies for the stimulus under another postal code.",
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
					'Seal date-time in Mexico City time, format YYYY-MM-DDThh:mm:ss (a date with a zone or offset, e.g. {{ $now }}, is converted to it); used only with "Use Voucher Date"',
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
					"What to do when a voucher built from an order, lines, sales, a refund or a payment does not carry its source's money (e.g. an order's total_price) and per-line tax rounding does not explain it. Cents that rounding forces are always moved between lines and named. Default: Refuse, in every node version.",
			},
		],
	};
}

/*
 * Stamp, Stamping Mode, Duplicate Check and its key: each operation that creates a voucher declares
 * its own (as since version 1), so these give a new declaration for each.
 */

/** Stamp: now, or save as pending. */
export const stamp = (): INodeProperties => ({
	displayName: 'Stamp',
	name: 'stamp',
	type: 'boolean',
	default: true,
	description:
		'Whether to stamp the voucher with the tax authority now (emitir=true). Off saves it as pending, to review and stamp later with Update.',
});

/** Stamping Mode of the operations that create a voucher (Create and the new kinds). */
export const stampingMode = (): INodeProperties => ({
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
	displayOptions: { show: { stamp: [true] } },
});

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
 * Duplicate Check of the operations that create a voucher. Return Existing by default in every node
 * version (issue 27 item 8: safety is not versioned; the package was never published with version
 * 1's Off, so no saved workflow outside this repository relies on it).
 */
export function duplicateCheck(): INodeProperties[] {
	return [
		{
			displayName: 'Duplicate Check',
			name: 'duplicateCheck',
			type: 'options',
			options: DUPLICATE_CHECK_OPTIONS,
			default: 'returnExisting',
			description: DUPLICATE_CHECK_DESCRIPTION,
		},
	];
}

/** Duplicate Check Key: what identifies the sale (shown unless the check is Off). */
export const duplicateCheckKey = (): INodeProperties => ({
	displayName: 'Duplicate Check Key',
	name: 'duplicateCheckKey',
	type: 'string',
	default: '',
	placeholder: '={{ $json.orderNumber }}',
	description:
		'What identifies the sale, e.g. an order number or a refund ID; it is written as the voucher\'s folio (1-40 characters), which the service\'s list shows. Empty: the key the input gives (Order and Line Items: the folio; payment receipts: the paid invoices and installments; global invoices: the period). See <a href="https://github.com/n8n-nodes-cfdi-emision/n8n-nodes-cfdi-emision/blob/main/docs/duplicate-check.md#how-a-sale-is-recognised">The Duplicate Check</a>.',
	displayOptions: { hide: { duplicateCheck: ['off'] } },
});

/** Duplicate Check Window: how long the same content counts as the same sale (no key, no folio). */
export const duplicateCheckWindow = (): INodeProperties => ({
	displayName: 'Duplicate Check Window (Hours)',
	name: 'duplicateCheckWindow',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 24,
	description:
		'For a voucher without a key or folio: how long the same content (recipient, lines, total) counts as the same sale. A second voucher with the same content within this window returns the first; give a Duplicate Check Key to stamp a deliberate second one.',
	displayOptions: { hide: { duplicateCheck: ['off'] } },
});

/** What every operation that stamps shows first: Stamp, its mode and the Duplicate Check's fields. */
export const stampingFields = (): INodeProperties[] => [
	stamp(),
	stampingMode(),
	...duplicateCheck(),
	duplicateCheckKey(),
	duplicateCheckWindow(),
];

/** Output (version 1.1 and later): Simplified, or Raw, the service's answer as version 1 gives it. */
export const output: INodeProperties = {
	displayName: 'Output',
	name: 'output',
	type: 'options',
	options: [
		{
			name: 'Simplified',
			value: 'simplified',
			description:
				'Status first, then UUID, voucher ID, series, folio, recipient, total, currency and a sentence saying what happened',
		},
		{
			name: 'Raw',
			value: 'raw',
			description:
				"The service's answer as it came (esValido, idComprobante, errores, uuid, subEstatusId, descripcion) plus status",
		},
	],
	default: 'simplified',
	displayOptions: { hide: { '@version': [1] } },
};
