import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { readVoucherId } from '../../shared/parameters';
import { runItems } from '../../shared/runItems';
import { API_ROOT } from '../../shared/transport';
import { prepareVoucher } from './prepareVoucher';
import { readStampingSettings } from './stampingOptions';
import { sendVoucher } from './sendVoucher';
import { stampPending } from './stampPending';
import { stampOutput } from './stampResult';

export const updateFields: INodeProperties[] = [
	{
		displayName: 'Stamp',
		name: 'stamp',
		type: 'boolean',
		default: true,
		description:
			'Whether to stamp the pending voucher after applying the changes (emitir=true). Off only saves the changes (the spec does not describe this case; the voucher stays pending).',
		displayOptions: { show: { resource: ['voucher'], operation: ['update'] } },
	},
];

export async function updateVoucher(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const settings = readStampingSettings(ctx.getNodeParameter('options', 0, {}) as IDataObject);
	return await runItems(ctx, settings.concurrency, async (itemIndex, session) => {
		const id = readVoucherId(ctx, itemIndex);
		const stamp = ctx.getNodeParameter('stamp', itemIndex, true) as boolean;
		const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
		// The body id must equal the id in the path (spec 4.3).
		const { body: voucher, qs, validation } = prepareVoucher(ctx, itemIndex, stamp, options);
		const body = { ...voucher, id };
		const context = {
			itemIndex,
			session,
			settings,
			stampRequested: stamp,
			ifMaybeDone: `The service may have saved the changes to voucher ${id} although no success answer arrived. Check it with Voucher > Get (id ${id}).`,
		};
		const answer = stamp
			? await stampPending(ctx, id, body, qs, context)
			: await sendVoucher(ctx, { method: 'PUT', url: `${API_ROOT}/comprobantes/${id}`, qs: { ...qs, emitir: false }, json: body }, context);
		const json = stampOutput(answer, validation);
		return {
			items: [{ json }],
			doneNote: answer.status === 'stamped' ? `stamped voucher ${id} as UUID ${String(json.uuid)}` : `updated pending voucher ${id}`,
		};
	});
}
