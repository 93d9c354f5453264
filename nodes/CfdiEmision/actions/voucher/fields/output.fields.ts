/** Output of the operations that send a voucher: Simplified or Raw (version 1.1 on). */
import type { INodeProperties } from 'n8n-workflow';

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
