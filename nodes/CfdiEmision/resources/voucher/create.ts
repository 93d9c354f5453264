import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runItems } from '../../shared/runItems';
import { API_ROOT } from '../../shared/transport';
import { buildVoucherBody } from './buildVoucherBody';
import { readStampingSettings } from './stampingOptions';
import { sendVoucher } from './sendVoucher';
import { stampOutput } from './stampResult';

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
];

function maybeStoredHint(body: IDataObject): string {
	const receptor = (body.receptor ?? {}) as IDataObject;
	const which = [
		body.serie ? `series ${String(body.serie)}` : '',
		body.folio ? `folio ${String(body.folio)}` : '',
		receptor.rfc ? `recipient ${String(receptor.rfc)}` : '',
		body.total !== undefined ? `total ${String(body.total)}` : '',
	]
		.filter(Boolean)
		.join(', ');
	return `The service may have stored or stamped this voucher although no success answer arrived. Before running this item again, look for it in the provider's portal (${which || 'same recipient and total'}); running it again blindly could stamp it twice.`;
}

export async function createVoucher(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const settings = readStampingSettings(ctx.getNodeParameter('options', 0, {}) as IDataObject);
	return await runItems(ctx, settings.concurrency, async (itemIndex, session) => {
		const stamp = ctx.getNodeParameter('stamp', itemIndex, true) as boolean;
		const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const body = buildVoucherBody(ctx, itemIndex);
		delete body.id;
		const answer = await sendVoucher(
			ctx,
			{
				method: 'POST',
				url: `${API_ROOT}/comprobantes`,
				qs: { emitir: stamp, ...(options.noCalcularFecha === true ? { noCalcularFecha: true } : {}) },
				json: body,
			},
			{ itemIndex, session, settings, stampRequested: stamp, ifMaybeDone: maybeStoredHint(body) },
		);
		const json = stampOutput(answer);
		return {
			items: [{ json }],
			doneNote: answer.status === 'stamped' ? `stamped UUID ${String(json.uuid)}` : `saved pending voucher ${String(json.idComprobante)}`,
		};
	});
}
