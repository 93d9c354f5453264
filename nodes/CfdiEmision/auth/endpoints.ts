import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/** Where the token service and the issuing API live, and how the API paths begin. */
export interface ServiceEndpoints {
	/** Scheme + host (+ port) of the token service, no path: the spec's {auth_url}. */
	authUrl: string;
	/** Scheme + host (+ port) of the issuing API, no path: the spec's {base_url}. */
	baseUrl: string;
	/** Path prefix of the voucher, XML and PDF routes. */
	apiPrefix: string;
	/** Path prefix of the e-mail route (the spec writes it with a capital B). */
	emailPrefix: string;
}

export type Environment = 'test' | 'production' | 'custom';
export type ApiPathStyle = 'businessEmision' | 'short';

/** The spec's prefixes, and the shorter one seen on the production API host. */
export const PATH_STYLES: Record<ApiPathStyle, { apiPrefix: string; emailPrefix: string }> = {
	businessEmision: {
		apiPrefix: '/businessEmision/api/v1',
		emailPrefix: '/BusinessEmision/api/v1',
	},
	short: { apiPrefix: '/api/v1', emailPrefix: '/api/v1' },
};

/** Hosts of the provider's two environments (service-facts.md). */
export const KNOWN_ENVIRONMENTS: Record<
	Exclude<Environment, 'custom'>,
	{ authUrl: string; baseUrl: string; pathStyle: ApiPathStyle }
> = {
	test: {
		authUrl: 'https://authcli.stagefacturador.com',
		baseUrl: 'https://pruebas.stagefacturador.com',
		pathStyle: 'businessEmision',
	},
	production: {
		authUrl: 'https://auth.facturador.com',
		baseUrl: 'https://emision-api.facturador.com',
		pathStyle: 'short',
	},
};

/** Placeholders a request URL may carry; the credential's `authenticate` fills them in. */
export const URL_TEMPLATE = {
	authUrl: '{authUrl}',
	apiRoot: '{apiRoot}',
	emailRoot: '{emailRoot}',
	emisorId: '{emisorId}',
} as const;

function trimUrl(value: unknown, field: string): string {
	const text = typeof value === 'string' ? value.trim().replace(/\/+$/, '') : '';
	const parsed = URL.canParse(text) ? new URL(text) : undefined;
	if (!parsed) {
		throw new Error(
			`The credential's ${field} "${text}" is not a valid URL. Enter the scheme and host only, e.g. https://api.example.com.`,
		);
	}
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
		throw new Error(
			`The credential's ${field} must start with https:// (or http:// for a local sandbox).`,
		);
	}
	return text;
}

export function resolveEndpoints(credentials: ICredentialDataDecryptedObject): ServiceEndpoints {
	const environment = (credentials.environment as Environment | undefined) ?? 'test';
	if (environment === 'custom') {
		const style = PATH_STYLES[(credentials.apiPathStyle as ApiPathStyle) ?? 'businessEmision'];
		if (!style) {
			throw new Error(
				`Unknown API path style "${String(credentials.apiPathStyle)}" in the credential.`,
			);
		}
		return {
			authUrl: trimUrl(credentials.authUrl, 'Auth URL'),
			baseUrl: trimUrl(credentials.baseUrl, 'Base URL'),
			...style,
		};
	}
	const known = KNOWN_ENVIRONMENTS[environment];
	if (!known) {
		throw new Error(
			`Unknown environment "${String(environment)}" in the credential. Choose Test, Production or Custom.`,
		);
	}
	return { authUrl: known.authUrl, baseUrl: known.baseUrl, ...PATH_STYLES[known.pathStyle] };
}

/** Fills the placeholders of a request URL. */
export function expandUrlTemplate(
	url: string,
	endpoints: ServiceEndpoints,
	emisorId: string,
): string {
	let expanded = url
		.replace(URL_TEMPLATE.authUrl, endpoints.authUrl)
		.replace(URL_TEMPLATE.apiRoot, endpoints.baseUrl + endpoints.apiPrefix)
		.replace(URL_TEMPLATE.emailRoot, endpoints.baseUrl + endpoints.emailPrefix);
	if (expanded.includes(URL_TEMPLATE.emisorId)) {
		if (!emisorId) {
			throw new Error(
				'The credential has no issuer id (emisorId) yet. Run the credential test, or set "Issuer ID Override" on the node.',
			);
		}
		expanded = expanded.split(URL_TEMPLATE.emisorId).join(encodeURIComponent(emisorId));
	}
	return expanded;
}

/** True when the URL points at the configured token service or issuing API (same origin). */
export function isServiceUrl(url: string, endpoints: ServiceEndpoints): boolean {
	if (!URL.canParse(url)) return false;
	const origin = new URL(url).origin;
	return (
		origin === new URL(endpoints.authUrl).origin || origin === new URL(endpoints.baseUrl).origin
	);
}
