import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { createHash } from 'node:crypto';

import { DEFAULT_ACCOUNT, type LoggedRequest, type Sandbox } from '../../sandbox';

export const account = DEFAULT_ACCOUNT;
export const passwordMd5 = createHash('md5').update(DEFAULT_ACCOUNT.password).digest('hex');

/** Where a sandbox listens: a running Sandbox, or just its URLs (from another process). */
export type SandboxAddress = Pick<Sandbox, 'authUrl' | 'baseUrl'> & {
	options?: { pathStyle?: string };
};

/** A fresh credential (nothing stored yet) pointing at the sandbox. */
export function sandboxCredential(
	sandbox: SandboxAddress,
	overrides: ICredentialDataDecryptedObject = {},
): ICredentialDataDecryptedObject {
	return {
		environment: 'custom',
		authUrl: sandbox.authUrl,
		baseUrl: sandbox.baseUrl,
		apiPathStyle: sandbox.options?.pathStyle === 'short' ? 'short' : 'businessEmision',
		username: account.username,
		password: account.password,
		passwordIsMd5: false,
		clientId: account.clientId,
		clientSecret: account.clientSecret,
		...overrides,
	};
}

/**
 * The issuer the sandbox accepts (the SAT's test taxpayer), typed once in the credential's Issuer
 * fields as a shop types its own: the examples carry no issuer and take the credential's.
 */
export const SANDBOX_ISSUER = {
	issuerRfc: 'EKU9003173C9',
	issuerName: 'ESCUELA KEMPER URGATE',
	issuerRegime: '601',
	issuerPostalCode: '64000',
};

/** The credential the examples run with: the sandbox's, with its issuer (SANDBOX_ISSUER). */
export function exampleCredential(
	sandbox: SandboxAddress,
	overrides: ICredentialDataDecryptedObject = {},
): ICredentialDataDecryptedObject {
	return sandboxCredential(sandbox, { ...SANDBOX_ISSUER, ...overrides });
}

/** The requests the sandbox logged on one route ('unknown': no route matched); a misspelt name does not compile. */
export function routes(sandbox: Sandbox, route: LoggedRequest['route']) {
	return sandbox.requests.filter((request) => request.route === route);
}

/** A registered test RFC of the sandbox (an individual, regime 612, fiscal postal code 01160). */
export const REGISTERED_INDIVIDUAL = {
	rfc: 'FUNK671228PH6',
	nombre: 'KARLA FUENTE NOLASCO',
	regimenFiscalReceptor: '612',
	domicilioFiscalReceptor: '01160',
	usoCFDI: 'G03',
};
