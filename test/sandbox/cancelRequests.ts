/** The sandbox's cancellation as its tests ask for it: a voucher that needs the recipient's acceptance, and the cancellation request with its answer. */
import { ApiClient, EMISOR, PREFIX, validVoucher } from '../support/sandboxHelpers';

/** A named recipient and a total above 1,000 MXN: the SAT asks for the recipient's acceptance. */
export const needsAcceptance = (overrides: Record<string, unknown> = {}) =>
	validVoucher({
		receptor: {
			...(validVoucher().receptor as object),
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			usoCFDI: 'G03',
			regimenFiscalReceptor: '601',
		},
		...overrides,
	});

export function cancel(
	client: ApiClient,
	uuid: string,
	body: unknown,
	emisorId = EMISOR,
): Promise<Response> {
	return client.request('DELETE', `${PREFIX}/emisores/${emisorId}/comprobantes/${uuid}`, body);
}

export async function cancelJson(
	client: ApiClient,
	uuid: string,
	body: unknown,
): Promise<CancelResult> {
	const res = await cancel(client, uuid, body);
	expect(res.status).toBe(200);
	return (await res.json()) as CancelResult;
}

export type CancelResult = {
	esValido: boolean;
	idComprobante: number;
	errores: Array<{ codigo: string; mensaje: string }> | null;
	uuid: string;
	subEstatusId: number;
	descripcion: string;
};
