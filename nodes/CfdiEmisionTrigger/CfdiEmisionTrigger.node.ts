import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import {
	APP_DESCRIPTION,
	CREDENTIAL_TYPE,
	DEFAULT_TIMEOUT_MS,
	listVouchers,
	readVoucherFilter,
	RunSession,
	toNodeError,
	voucherFilterFields,
} from '../CfdiEmision/trigger';
import {
	advanceCursor,
	isRecord,
	latestEvent,
	matchesFilters,
	pollWindow,
	readCursor,
	type CursorReading,
	type EventFilters,
	type TriggerEvent,
} from './eventCursor';

const HOUR = 3600;
/** Key in the workflow's global static data of a cursor rebuilt because the node's own was not an object. */
const REBUILT_CURSOR_PREFIX = 'cfdiEmisionTrigger cursor of node:';
const DAY = 24 * HOUR;

export class CfdiEmisionTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CFDI Emision Trigger',
		name: 'cfdiEmisionTrigger',
		icon: { light: 'file:cfdiEmisionTrigger.svg', dark: 'file:cfdiEmisionTrigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{$parameter["event"] === "voucherStamped" ? "Voucher Stamped" : "Cancellation Status Changed"}}',
		// n8n's node panel shows the action node and its trigger as one app, at times with this text:
		// it describes the app (see APP_DESCRIPTION), never "this trigger".
		description: `${APP_DESCRIPTION}, and start a workflow when a voucher is stamped or its cancellation status changes`,
		defaults: { name: 'CFDI Emision Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Cancellation Status Changed',
						value: 'cancellationStatusChanged',
						description:
							'A voucher was cancelled, is waiting for the recipient to accept its cancellation, or the recipient rejected it',
					},
					{
						name: 'Voucher Stamped',
						value: 'voucherStamped',
						description:
							"A voucher of the issuer was stamped, by this node, another system or the provider's portal",
					},
				],
				default: 'voucherStamped',
			},
			{
				displayName: 'Report Statuses',
				name: 'statuses',
				type: 'multiOptions',
				options: [
					{ name: 'Cancelled', value: 'cancelled', description: 'The cancellation took effect' },
					{
						name: 'Pending Acceptance',
						value: 'pendingAcceptance',
						description: 'The recipient must accept the cancellation',
					},
					{
						name: 'Rejected',
						value: 'rejected',
						description: 'The recipient rejected the cancellation; the voucher stays valid',
					},
				],
				default: ['cancelled', 'pendingAcceptance', 'rejected'],
				description: 'The new cancellation statuses that start the workflow',
				displayOptions: { show: { event: ['cancellationStatusChanged'] } },
			},
			{
				displayName: 'Late Voucher Window (Hours)',
				name: 'lateWindowHours',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 720 },
				default: 72,
				description:
					'How far before the previous check to look. The service lists vouchers by their date, which can be up to 72 hours before stamping; a smaller window makes each check lighter but can miss back-dated vouchers.',
				displayOptions: { show: { event: ['voucherStamped'] } },
			},
			{
				displayName: 'Watch Window (Days)',
				name: 'watchDays',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 400 },
				default: 30,
				description:
					'Cancellations are noticed for vouchers dated within this many days; a longer window makes each check heavier',
				displayOptions: { show: { event: ['cancellationStatusChanged'] } },
			},
			{
				displayName: 'Filters',
				name: 'filters',
				type: 'collection',
				placeholder: 'Add Filter',
				default: {},
				options: voucherFilterFields,
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = this.getNodeParameter('event') as TriggerEvent;
		const lookBack =
			event === 'voucherStamped'
				? positive(this, 'lateWindowHours', 72) * HOUR
				: positive(this, 'watchDays', 30) * DAY;
		const filters: EventFilters = {
			...readVoucherFilter(this.getNodeParameter('filters', {}) as IDataObject),
			statuses:
				event === 'cancellationStatusChanged'
					? (this.getNodeParameter('statuses', []) as EventFilters['statuses'])
					: [],
		};
		const session = new RunSession('', DEFAULT_TIMEOUT_MS, false);
		const now = Math.floor(Date.now() / 1000);
		const { staticData, stored } = cursorStore(this);
		const manual = this.getMode() === 'manual';
		const reading = readCursor(stored, event, now, lookBack);
		const state = reading.kind === 'fresh' ? undefined : reading.state;
		// An unreadable cursor is reported (an error execution, and the error workflow if one is set) and rebuilt; the poll goes on.
		if (reading.kind === 'corrupt' && !manual) this.__emitError(unreadableCursor(this, reading));

		// Fetch Test Event reads around now and leaves the cursor alone.
		const range = pollWindow(manual ? undefined : state, now, lookBack);
		let records;
		try {
			records = await listVouchers(this, session, range);
		} catch (error) {
			// Nothing was remembered: the next poll reads this window again.
			throw toNodeError(this, error, undefined, {
				action: 'read the voucher list',
				readOnly: true,
			});
		}

		if (manual) {
			const latest = latestEvent(event, records, filters);
			return latest.length ? [latest.map((item) => ({ json: item }))] : null;
		}
		const { state: next, changes } = advanceCursor(event, state, records, now, lookBack);
		for (const key of Object.keys(staticData)) delete staticData[key];
		Object.assign(staticData, next);
		const reported = changes.filter((item) => matchesFilters(item, event, filters));
		return reported.length ? [reported.map((item) => ({ json: item }))] : null;
	}
}

/**
 * Where the cursor is kept, and what is stored there now. n8n hands a node the inside of its static
 * data (`node:<name>`) and keeps the reference: the node can change an object in place but cannot
 * replace a value that is not one (text, a number, null or a list, e.g. edited by hand in the
 * database). Such a cursor could never be rebuilt there, so it is rebuilt in the workflow's global
 * static data under the node's name and kept there from then on; `stored` is the unreadable value
 * until that slot holds a cursor.
 */
function cursorStore(ctx: IPollFunctions): { staticData: IDataObject; stored: unknown } {
	const own: unknown = ctx.getWorkflowStaticData('node');
	if (isRecord(own)) return { staticData: own as IDataObject, stored: own };
	const global = ctx.getWorkflowStaticData('global');
	const key = `${REBUILT_CURSOR_PREFIX}${ctx.getNode().name}`;
	if (!isRecord(global[key])) global[key] = {};
	const rebuilt = global[key] as IDataObject;
	return { staticData: rebuilt, stored: Object.keys(rebuilt).length ? rebuilt : own };
}

function positive(ctx: IPollFunctions, name: string, fallback: number): number {
	const value = Number(ctx.getNodeParameter(name, fallback));
	if (!Number.isFinite(value) || value <= 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`"${name === 'watchDays' ? 'Watch Window (Days)' : 'Late Voucher Window (Hours)'}" must be a positive number, not ${String(value)}.`,
			{
				description:
					"Nothing was read from the service. Enter a number above 0 in the trigger's options.",
			},
		);
	}
	return value;
}

/** The error that reports an unreadable cursor, saying what was rebuilt and what that means for the events. */
function unreadableCursor(
	ctx: IPollFunctions,
	reading: Extract<CursorReading, { kind: 'corrupt' }>,
): NodeOperationError {
	const { state, lost, problem } = reading;
	let description: string;
	if (state) {
		const kept = Object.keys(state.vouchers).length;
		description =
			`It was rebuilt from what could be read: ${kept} remembered voucher${kept === 1 ? '' : 's'} and the last check at ${new Date(state.polledUntil * 1000).toISOString()}. ` +
			'Vouchers stamped or cancelled since then are reported as usual, so no event is lost. ' +
			(lost !== 0
				? `${lost < 0 ? 'The list of remembered vouchers' : `${lost} remembered voucher${lost === 1 ? '' : 's'}`} could not be read, so a voucher reported before may be reported a second time: check its UUID before acting on it twice.`
				: 'Nothing it had reported is reported again.');
	} else {
		description =
			'Not even the time of the last check could be read, so the trigger starts again from now: vouchers stamped or cancelled since its last successful check are not reported. ' +
			'List them with Voucher > Get Many for that period.';
	}
	return new NodeOperationError(
		ctx.getNode(),
		`The trigger's memory of the events it reported was unreadable (${problem}); it was rebuilt.`,
		{ description },
	);
}
