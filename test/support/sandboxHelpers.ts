/** Shared helpers for the sandbox tests: real HTTP over loopback with Node's global fetch. */
import { createHash } from 'crypto';

import { DEFAULT_ACCOUNT, type Sandbox, type SandboxAccount } from '../../sandbox';
import { satGuidePaymentComplement } from './vouchers';

export const PREFIX = '/businessEmision/api/v1';
export const MAIL_PREFIX = '/BusinessEmision/api/v1';
export const EMISOR = DEFAULT_ACCOUNT.emisorId;

export function md5(text: string): string {
	return createHash('md5').update(text, 'utf8').digest('hex');
}

export function form(fields: Record<string, string>): string {
	return new URLSearchParams(fields).toString();
}

export function passwordFields(account: SandboxAccount = DEFAULT_ACCOUNT): Record<string, string> {
	return {
		grant_type: 'password',
		scope: 'offline_access openid APINegocios',
		username: account.username,
		password: md5(account.password),
		client_id: account.clientId,
		client_secret: account.clientSecret,
		es_md5: 'true',
	};
}

export async function postToken(
	sandbox: Sandbox,
	fields: Record<string, string>,
): Promise<Response> {
	return fetch(`${sandbox.authUrl}/connect/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: form(fields),
	});
}

export interface TokenResponse {
	access_token: string;
	expires_in: number;
	token_type: string;
	refresh_token: string;
	scope: string;
}

export async function getToken(
	sandbox: Sandbox,
	account: SandboxAccount = DEFAULT_ACCOUNT,
): Promise<TokenResponse> {
	const res = await postToken(sandbox, passwordFields(account));
	if (res.status !== 200)
		throw new Error(`token request failed: ${res.status} ${await res.text()}`);
	return (await res.json()) as TokenResponse;
}

/** Minimal client of the issuing API (spec path style). */
export class ApiClient {
	constructor(
		private readonly sandbox: Sandbox,
		public token: string,
		private readonly emisorId: number = EMISOR,
	) {}

	url(path: string): string {
		return `${this.sandbox.baseUrl}${path}`;
	}

	request(
		method: string,
		path: string,
		body?: unknown,
		headers: Record<string, string> = {},
	): Promise<Response> {
		const init: RequestInit = {
			method,
			headers: { authorization: `Bearer ${this.token}`, ...headers },
		};
		if (body !== undefined) {
			init.body = typeof body === 'string' ? body : JSON.stringify(body);
			(init.headers as Record<string, string>)['content-type'] ??= 'application/json';
		}
		return fetch(this.url(path), init);
	}

	create(voucher: unknown, query = 'emitir=true'): Promise<Response> {
		return this.request(
			'POST',
			`${PREFIX}/emisores/${this.emisorId}/comprobantes?${query}`,
			voucher,
		);
	}

	get(id: number): Promise<Response> {
		return this.request('GET', `${PREFIX}/emisores/${this.emisorId}/comprobantes/${id}`);
	}

	update(id: number, voucher: unknown, query = 'emitir=true'): Promise<Response> {
		return this.request(
			'PUT',
			`${PREFIX}/emisores/${this.emisorId}/comprobantes/${id}?${query}`,
			voucher,
		);
	}

	xml(uuid: string, query = 'tipoContenido=xml'): Promise<Response> {
		return this.request(
			'GET',
			`${PREFIX}/emisores/${this.emisorId}/descargacomprobantes/${uuid}?${query}`,
		);
	}

	requestPdf(uuid: string): Promise<Response> {
		return this.request('POST', `${PREFIX}/emisores/${this.emisorId}/pdfs/${uuid}`);
	}

	pdfLink(uuid: string, trailingSlash = false): Promise<Response> {
		return this.request(
			'GET',
			`${PREFIX}/emisores/${this.emisorId}/comprobantes/${uuid}/pdf${trailingSlash ? '/' : ''}`,
			undefined,
			{
				'content-type': 'application/x-www-form-urlencoded',
			},
		);
	}

	email(body: unknown): Promise<Response> {
		return this.request('POST', `${MAIL_PREFIX}/emisores/${this.emisorId}/enviocorreo`, body);
	}

	/** Creates and stamps a voucher, returning its id and UUID. */
	async stamp(voucher: unknown = validVoucher()): Promise<{ id: number; uuid: string }> {
		const res = await this.create(voucher);
		const result = (await res.json()) as {
			esValido: boolean;
			idComprobante: number;
			uuid: string;
			errores: unknown;
		};
		if (!result.esValido) throw new Error(`stamping failed: ${JSON.stringify(result.errores)}`);
		return { id: result.idComprobante, uuid: result.uuid };
	}
}

export async function apiClient(
	sandbox: Sandbox,
	account: SandboxAccount = DEFAULT_ACCOUNT,
): Promise<ApiClient> {
	const token = await getToken(sandbox, account);
	return new ApiClient(sandbox, token.access_token, account.emisorId);
}

const ADDRESS = {
	nombre: null,
	calle: 'Av. Juárez',
	codigoPostal: '42501',
	colonia: null,
	estado: 'HIDALGO',
	localidad: null,
	municipio: null,
	noExterior: '12',
	noInterior: null,
	pais: '',
	referencia: null,
	correo: '',
};

/** An invoice that passes every validation: 2 × 500 + 16 % IVA = 1160. */
export function validVoucher(overrides: Record<string, unknown> = {}): Record<string, unknown> {
	const traslado = {
		base: 1000,
		impuesto: '002',
		tipoFactor: 'Tasa',
		tasaOCuota: 0.16,
		importe: 160,
	};
	return {
		version: '4.0',
		serie: 'A',
		folio: '101',
		fecha: '2024-05-01T10:00:00',
		formaPago: '01',
		subTotal: 1000,
		moneda: 'MXN',
		total: 1160,
		tipoDeComprobante: 'I',
		exportacion: '01',
		metodoPago: 'PUE',
		lugarExpedicion: '42501',
		descripcionFacturador: 'Factura de prueba',
		emisor: {
			rfc: 'EKU9003173C9',
			nombre: 'ESCUELA KEMPER URGATE',
			regimenFiscal: '601',
			sucursal: ADDRESS,
		},
		receptor: {
			rfc: 'XAXX010101000',
			nombre: 'PÚBLICO EN GENERAL & CÍA <pruebas>',
			usoCFDI: 'S01',
			regimenFiscalReceptor: '616',
			domicilioFiscalReceptor: '42501',
			direccionIDFacturador: 0,
			direccion: ADDRESS,
		},
		conceptos: [
			{
				claveProdServ: '01010101',
				cantidad: '2',
				claveUnidad: 'H87',
				descripcion: 'Servicio "premium"',
				valorUnitario: 500,
				importe: 1000,
				objetoImp: '02',
				impuestos: { traslados: [traslado] },
			},
		],
		impuestos: { totalImpuestosTrasladados: 160, traslados: [traslado] },
		...overrides,
	};
}

/** The SAT Pagos 2.0 guide's case (invoice 1,160.00 with IVA 16 %, 580.00 paid in installment 1), written out. */
export function paymentVoucher(
	idDocumento = '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
): Record<string, unknown> {
	return {
		version: '4.0',
		serie: 'P',
		subTotal: 0,
		moneda: 'XXX',
		total: 0,
		tipoDeComprobante: 'P',
		exportacion: '01',
		lugarExpedicion: '42501',
		emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
		receptor: {
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPANOLA',
			usoCFDI: 'CP01',
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '86991',
		},
		conceptos: [
			{
				claveProdServ: '84111506',
				cantidad: '1',
				claveUnidad: 'ACT',
				descripcion: 'Pago',
				valorUnitario: 0,
				importe: 0,
				objetoImp: '01',
			},
		],
		complemento: satGuidePaymentComplement(idDocumento),
	};
}

export const SECOND_ACCOUNT: SandboxAccount = {
	username: 'IIA040805DZ4',
	password: 'Other-Pass-1',
	clientId: 'other-client',
	clientSecret: 'other-secret',
	emisorId: 5678,
	usuarioId: 88,
	rfc: 'IIA040805DZ4',
	nombre: 'INDISTRIA ILUMINADORA DE ALMACENES',
	regimenFiscal: '626',
	series: ['X'],
};

/** A controllable clock for expiry tests. */
export function fakeClock(start = Date.UTC(2024, 4, 1, 16, 0, 0)): {
	now: () => number;
	advance: (ms: number) => void;
} {
	let t = start;
	return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** Polls until `condition` holds (fails after a generous deadline). */
export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error('waitFor: condition not met in time');
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

export interface XmlElement {
	name: string;
	attrs: Record<string, string>;
	children: XmlElement[];
}

/**
 * A strict well-formedness check for the subset of XML the sandbox emits: one root,
 * balanced tags, quoted unique attributes, only predefined/numeric entities, declared prefixes.
 */
export function parseXml(xml: string): XmlElement {
	let rest = xml.replace(/^<\?xml version="1\.0" encoding="utf-8"\?>\s*/, '');
	if (rest === xml) throw new Error('missing XML declaration');
	const entity = /&(amp|lt|gt|quot|apos|#x[0-9A-Fa-f]+|#\d+);/g;
	const decode = (text: string): string => {
		if (/&(?!(amp|lt|gt|quot|apos|#x[0-9A-Fa-f]+|#\d+);)/.test(text))
			throw new Error(`bare & in ${text}`);
		return text.replace(entity, (_m, e: string) =>
			e === 'amp'
				? '&'
				: e === 'lt'
					? '<'
					: e === 'gt'
						? '>'
						: e === 'quot'
							? '"'
							: e === 'apos'
								? "'"
								: String.fromCodePoint(
										e.startsWith('#x') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10),
									),
		);
	};
	const stack: Array<XmlElement & { ns: Set<string> }> = [];
	let root: XmlElement | null = null;
	// XML names may hold any letter: the CFDI 4.0 InformacionGlobal attribute is "Año".
	const tag =
		/^<(\/?)([\p{L}_][\p{L}\p{N}_.-]*(?::[\p{L}_][\p{L}\p{N}_.-]*)?)((?:\s+[\p{L}_][\p{L}\p{N}_.:-]*="[^"<]*")*)\s*(\/?)>/u;
	while (rest.length > 0) {
		const lt = rest.indexOf('<');
		const text = lt === -1 ? rest : rest.slice(0, lt);
		if (text.trim() !== '') {
			if (stack.length === 0) throw new Error('text outside the root');
			decode(text);
		}
		if (lt === -1) break;
		rest = rest.slice(lt);
		const m = tag.exec(rest);
		if (!m) throw new Error(`malformed tag near: ${rest.slice(0, 60)}`);
		rest = rest.slice(m[0].length);
		const [, closing, name, rawAttrs, selfClosing] = m;
		if (closing) {
			const open = stack.pop();
			if (!open || open.name !== name) throw new Error(`unbalanced </${name}>`);
			continue;
		}
		const attrs: Record<string, string> = {};
		for (const a of rawAttrs.matchAll(/([\p{L}_][\p{L}\p{N}_.:-]*)="([^"<]*)"/gu)) {
			if (a[1] in attrs) throw new Error(`duplicate attribute ${a[1]}`);
			attrs[a[1]] = decode(a[2]);
		}
		const ns = new Set(stack.at(-1)?.ns ?? []);
		for (const key of Object.keys(attrs)) if (key.startsWith('xmlns:')) ns.add(key.slice(6));
		for (const qualified of [name, ...Object.keys(attrs).filter((k) => !k.startsWith('xmlns'))]) {
			const prefix = qualified.includes(':') ? qualified.split(':')[0] : null;
			if (prefix && !ns.has(prefix)) throw new Error(`undeclared prefix ${prefix}`);
		}
		const element = { name, attrs, children: [], ns };
		if (stack.length === 0) {
			if (root) throw new Error('more than one root');
			root = element;
		} else {
			stack[stack.length - 1].children.push(element);
		}
		if (!selfClosing) stack.push(element);
	}
	if (stack.length > 0 || !root) throw new Error('unclosed elements');
	return root;
}

export function findElement(element: XmlElement, name: string): XmlElement | undefined {
	if (element.name === name) return element;
	for (const child of element.children) {
		const found = findElement(child, name);
		if (found) return found;
	}
	return undefined;
}
