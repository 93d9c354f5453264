/**
 * The issuing service's paths, the one place they are written (spec: cfdi-emision-api.md). The
 * credential's `authenticate` turns the route prefixes into the configured host and path.
 */
import { URL_TEMPLATE } from '../auth/endpoints';

/** Route prefixes of the issuing API and of the e-mail endpoint. */
export const API_ROOT = `${URL_TEMPLATE.apiRoot}/emisores/${URL_TEMPLATE.emisorId}`;
export const EMAIL_ROOT = `${URL_TEMPLATE.emailRoot}/emisores/${URL_TEMPLATE.emisorId}`;

/** The issuer's vouchers: POST creates (pending or stamped), GET lists them. */
export const VOUCHERS_PATH = `${API_ROOT}/comprobantes`;

/** One voucher: by id (pending: GET, PUT) or by UUID (DELETE cancels it). */
export function voucherPath(idOrUuid: number | string): string {
	return `${API_ROOT}/comprobantes/${idOrUuid}`;
}

/** A stamped voucher's PDF link. */
export function voucherPdfPath(uuid: string): string {
	return `${API_ROOT}/comprobantes/${uuid}/pdf`;
}

/** Asks the service to render a stamped voucher's PDF. */
export function pdfRenderPath(uuid: string): string {
	return `${API_ROOT}/pdfs/${uuid}`;
}

/** A stamped voucher's XML. */
export function voucherXmlPath(uuid: string): string {
	return `${API_ROOT}/descargacomprobantes/${uuid}`;
}

/** Sends a stamped voucher by e-mail. */
export const EMAIL_PATH = `${EMAIL_ROOT}/enviocorreo`;
