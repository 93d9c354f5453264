import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { operationFailed } from '../../shared/errors';
import { runItems } from '../../shared/runItems';
import { API_ROOT } from '../../shared/transport';
import { prepareVoucher } from './prepareVoucher';
import { readStampingSettings } from './stampingOptions';
import { sendVoucher, type DoneAnswer, type SendVoucherContext } from './sendVoucher';
import { stampPending } from './stampPending';
import { stampOutput } from './stampResult';

export type StampingMode = 'direct' | 'twoPhase';

export const createFields: INodeProperties[] = [
	{
		displayName: 'Stamp',
		name: 'stamp',
		type: 'boolean',
		default: true,
		description:
			'Whether to stamp the voucher with the tax authority now (emitir=true). Off saves it as pending, to review and stamp later with Update.',
		displayOptions: { show: { resource: ['voucher'], operation: ['create'] } },
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
		displayOptions: { show: { resource: ['voucher'], operation: ['create'], stamp: [true] } },
	},
];

function describeVoucher(body: IDataObject): string {
	const receptor = (body.receptor ?? {}) as IDataObject;
	return [
		body.serie ? `series ${String(body.serie)}` : '',
		body.folio ? `folio ${String(body.folio)}` : '',
		receptor.rfc ? `recipient ${String(receptor.rfc)}` : '',
		body.total !== undefined ? `total ${String(body.total)}` : '',
	]
		.filter(Boolean)
		.join(', ');
}

function maybeStampedHint(body: IDataObject): string {
	return `The service may have stored or stamped this voucher although no success answer arrived. Before running this item again, look for it in the provider's portal (${describeVoucher(body) || 'same recipient and total'}); running it again blindly could stamp it twice. The Two-Phase stamping mode resolves this case by itself.`;
}

function maybeSavedHint(body: IDataObject): string {
	return `A pending (not stamped) voucher may have been saved (${describeVoucher(body)}); a pending voucher has no fiscal effect. Running the item again is safe, at worst it leaves an extra pending draft.`;
}

async function createTwoPhase(ctx: IExecuteFunctions, body: IDataObject, qs: IDataObject, context: SendVoucherContext): Promise<DoneAnswer> {
	const saved = await sendVoucher(
		ctx,
		{ method: 'POST', url: `${API_ROOT}/comprobantes`, qs: { ...qs, emitir: false }, json: body },
		{ ...context, stampRequested: false, ifMaybeDone: maybeSavedHint(body) },
	);
	// A service that stamped anyway has done the job: never stamp it again.
	if (saved.status === 'stamped') return saved;
	const id = Number(saved.result.idComprobante);
	if (!Number.isInteger(id) || id <= 0) {
		throw operationFailed(
			ctx,
			context.itemIndex,
			`Saving the voucher as pending did not return a voucher id (idComprobante ${String(saved.result.idComprobante)})`,
			'The service answered the pending save in an unexpected way; nothing was stamped.',
		);
	}
	return await stampPending(ctx, id, body, qs, context);
}

export async function createVoucher(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const settings = readStampingSettings(ctx.getNodeParameter('options', 0, {}) as IDataObject);
	return await runItems(ctx, settings.concurrency, async (itemIndex, session) => {
		const stamp = ctx.getNodeParameter('stamp', itemIndex, true) as boolean;
		const mode = (stamp ? ctx.getNodeParameter('stampingMode', itemIndex, 'twoPhase') : 'direct') as StampingMode;
		const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const { body, qs, validation } = prepareVoucher(ctx, itemIndex, stamp, options);
		delete body.id;
		const context: SendVoucherContext = {
			itemIndex,
			session,
			settings,
			stampRequested: stamp,
			ifMaybeDone: stamp ? maybeStampedHint(body) : maybeSavedHint(body),
		};
		const answer =
			mode === 'twoPhase'
				? await createTwoPhase(ctx, body, qs, context)
				: await sendVoucher(ctx, { method: 'POST', url: `${API_ROOT}/comprobantes`, qs: { ...qs, emitir: stamp }, json: body }, context);
		const json = stampOutput(answer, validation);
		return {
			items: [{ json }],
			doneNote: answer.status === 'stamped' ? `stamped UUID ${String(json.uuid)}` : `saved pending voucher ${String(json.idComprobante)}`,
		};
	});
}
