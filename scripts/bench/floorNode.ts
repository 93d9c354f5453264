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
 * httpRequestWithAuthentication (direct: one POST; two-phase: POST pending, then PUT). What the CFDI
 * node costs beyond this is ours.
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
			properties: [{ displayName: 'Voucher', name: 'voucherJson', type: 'string', default: '' }],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const out: INodeExecutionData[] = [];
			for (let index = 0; index < this.getInputData().length; index++) {
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
				out.push({ json: { status: answer.uuid ? 'stamped' : 'failed', uuid: answer.uuid } });
			}
			return [out];
		},
	};
}
