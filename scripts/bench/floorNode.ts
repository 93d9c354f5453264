/** n8n's floor: a node of nothing of ours but the credential, run by the bench worker (engine-floor). */
import {
	NodeConnectionTypes,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
} from 'n8n-workflow';

/**
 * n8n's own floor for the same work: a node with nothing of ours but the credential, that reads the
 * same JSON expression per item and sends the same stamping calls through n8n's
 * httpRequestWithAuthentication (direct: one POST; two-phase: POST pending, then PUT), with as many
 * items in flight as the node's rows (Concurrency), so node/floor compares like with like. What the
 * CFDI node costs beyond this is ours.
 */
export async function floorNodeType(stampingMode: 'direct' | 'twoPhase'): Promise<INodeType> {
	const { VOUCHERS_PATH, voucherPath } = await import('../../nodes/CfdiEmision/api/paths');
	return {
		description: {
			displayName: 'Floor',
			name: 'floor',
			group: ['transform'],
			version: 1,
			description: 'n8n floor probe',
			defaults: { name: 'Floor' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'cfdiEmisionApi', required: true }],
			properties: [
				{ displayName: 'Voucher', name: 'voucherJson', type: 'string', default: '' },
				{ displayName: 'Concurrency', name: 'concurrency', type: 'number', default: 1 },
			],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const items = this.getInputData();
			const out: INodeExecutionData[] = new Array(items.length);
			const stamp = async (index: number) => {
				const body = JSON.parse(this.getNodeParameter('voucherJson', index) as string);
				const send = async (method: 'POST' | 'PUT', url: string, emitir: boolean, json: unknown) =>
					(await this.helpers.httpRequestWithAuthentication.call(this, 'cfdiEmisionApi', {
						method,
						url,
						qs: { emitir },
						body: json as IDataObject,
						json: true,
					})) as IDataObject;
				let answer = await send('POST', VOUCHERS_PATH, stampingMode === 'direct', body);
				if (stampingMode === 'twoPhase') {
					const id = Number(answer.idComprobante);
					answer = await send('PUT', voucherPath(id), true, { ...body, id });
				}
				out[index] = { json: { status: answer.uuid ? 'stamped' : 'failed', uuid: answer.uuid } };
			};
			// A plain pool: each lane takes the next item when its last one is answered.
			let next = 0;
			const lane = async () => {
				while (next < items.length) await stamp(next++);
			};
			const lanes = Math.max(1, this.getNodeParameter('concurrency', 0) as number);
			await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
			return [out];
		},
	};
}
