/** The issuing API's routes (method, path pattern, display form), in the spec's or the short path style. */
import type { RouteName } from './types';

export type ApiRoute = Exclude<RouteName, 'token' | 'userinfo' | 'blob' | 'shopifyOrders'>;

export interface RouteDef {
	route: ApiRoute;
	method: string;
	pattern: RegExp;
	/** Human-readable form for the CLI and README. */
	display: string;
}

export function routeTable(pathStyle: 'spec' | 'short'): RouteDef[] {
	// The spec writes the e-mail path with a capital B; the real gateway is reached only that way.
	const main = pathStyle === 'spec' ? '/businessEmision/api/v1' : '/api/v1';
	const mail = pathStyle === 'spec' ? '/BusinessEmision/api/v1' : '/api/v1';
	const def = (
		route: ApiRoute,
		method: string,
		prefix: string,
		tail: string,
		query = '',
	): RouteDef => {
		const pattern = tail
			.replace('{emisorId}', '(\\d+)')
			.replace('{id}', '(\\d+)')
			.replace('{uuid}', '([^/]+)');
		return {
			route,
			method,
			pattern: new RegExp(`^${prefix}${pattern}/?$`),
			display: `${method} ${prefix}${tail}${query}`,
		};
	};
	return [
		def(
			'createVoucher',
			'POST',
			main,
			'/emisores/{emisorId}/comprobantes',
			'?emitir=true|false[&noCalcularFecha=true]',
		),
		def('getVoucher', 'GET', main, '/emisores/{emisorId}/comprobantes/{id}'),
		def(
			'updateVoucher',
			'PUT',
			main,
			'/emisores/{emisorId}/comprobantes/{id}',
			'?emitir=true|false',
		),
		def(
			'downloadXml',
			'GET',
			main,
			'/emisores/{emisorId}/descargacomprobantes/{uuid}',
			'?tipoContenido=xml',
		),
		def('requestPdf', 'POST', main, '/emisores/{emisorId}/pdfs/{uuid}'),
		def('getPdfLink', 'GET', main, '/emisores/{emisorId}/comprobantes/{uuid}/pdf'),
		def('sendEmail', 'POST', mail, '/emisores/{emisorId}/enviocorreo'),
		// Beyond the spec: seen in public integrations (service-facts.md).
		def(
			'cancelVoucher',
			'DELETE',
			main,
			'/emisores/{emisorId}/comprobantes/{uuid}',
			'  body {motivo, folioSustitucion}',
		),
		def(
			'listVouchers',
			'GET',
			main,
			'/emisores/{emisorId}/comprobantes',
			'?finicial=&ffinal=&skip=&take=[&uuid=]',
		),
	];
}
