import type { IExecuteFunctions } from 'n8n-workflow';

import { toNodeError } from './errors';
import { extractXml } from './responses';
import { API_ROOT, callService, type RunSession } from './transport';

/**
 * The XML of a stamped voucher (spec 4.4), as text: the one download path, used by XML → Download
 * and by the operations that read related invoices. Failures name the item and the UUID.
 */
export async function downloadVoucherXml(ctx: IExecuteFunctions, session: RunSession, uuid: string, itemIndex: number, action = `download the XML of ${uuid}`): Promise<string> {
	try {
		const response = await callService(ctx, session, {
			method: 'GET',
			url: `${API_ROOT}/descargacomprobantes/${uuid}`,
			qs: { tipoContenido: 'xml' },
		});
		return extractXml(response.body);
	} catch (error) {
		throw toNodeError(ctx, error, itemIndex, { action, readOnly: true });
	}
}
