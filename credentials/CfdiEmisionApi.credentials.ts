import type {
	IAuthenticate,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

import { catalogOptions } from '../nodes/CfdiEmision/actions/common.fields';
import { CREDENTIAL_TEST_REQUEST } from '../nodes/CfdiEmision/api/credentialTest';
import { authorizeRequest } from '../nodes/CfdiEmision/auth/authorizeRequest';
import { KNOWN_ENVIRONMENTS } from '../nodes/CfdiEmision/auth/endpoints';
import { obtainSession } from '../nodes/CfdiEmision/auth/tokenService';
import { REGIMEN_FISCAL } from '../nodes/CfdiEmision/cfdi/catalogs/regimenFiscal';

/**
 * A boolean switch, not a secret. It is declared apart because the scanner's credential-password-field
 * rule matches "password" in its name, and a boolean must not carry `password: true`: n8n's
 * credential redaction calls string methods on every such value.
 */
const PASSWORD_IS_MD5_FIELD: INodeProperties = {
	displayName: 'Password Is MD5',
	name: 'passwordIsMd5',
	type: 'boolean',
	default: false,
	description:
		'Whether the password above is already the 32-character MD5 hex digest, sent as given',
};

/** The optional issuer fields (RFC, name, regime, place of issue), typed once for every voucher. */
const ISSUER_FIELDS: INodeProperties[] = [
	{
		displayName: 'Issuer RFC',
		name: 'issuerRfc',
		type: 'string',
		default: '',
		placeholder: 'EKU9003173C9',
		description:
			"Optional. The issuer's RFC, used by the CFDI node when its Issuer RFC field is empty, so it is typed once.",
	},
	{
		displayName: 'Issuer Name',
		name: 'issuerName',
		type: 'string',
		default: '',
		description:
			'Optional. Legal name as registered with SAT, without the regime suffix; used with the Issuer RFC above.',
	},
	{
		displayName: 'Issuer Tax Regime',
		name: 'issuerRegime',
		type: 'options',
		options: [{ name: 'Not Set', value: '' }, ...catalogOptions(REGIMEN_FISCAL)],
		default: '',
		description: 'Optional. Used with the Issuer RFC above.',
	},
	{
		displayName: 'Place of Issue Postal Code',
		name: 'issuerPostalCode',
		type: 'string',
		default: '',
		placeholder: '64000',
		description:
			'Optional. Used by the CFDI node when its Place of Issue Postal Code field is empty.',
	},
];

export class CfdiEmisionApi implements ICredentialType {
	name = 'cfdiEmisionApi';

	displayName = 'CFDI Emision API';

	icon: Icon = {
		light: 'file:../nodes/CfdiEmision/cfdiEmision.svg',
		dark: 'file:../nodes/CfdiEmision/cfdiEmision.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-cfdi-emision/n8n-nodes-cfdi-emision#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Environment',
			name: 'environment',
			type: 'options',
			options: [
				{
					name: 'Test',
					value: 'test',
					description: `Provider test environment (${KNOWN_ENVIRONMENTS.test.baseUrl}); vouchers have no fiscal effect`,
				},
				{
					name: 'Production',
					value: 'production',
					description: `Provider production environment (${KNOWN_ENVIRONMENTS.production.baseUrl}); vouchers are real`,
				},
				{
					name: 'Custom',
					value: 'custom',
					description: 'Other hosts, e.g. a local sandbox or a dedicated deployment',
				},
			],
			default: 'test',
		},
		{
			displayName: 'Auth URL',
			name: 'authUrl',
			type: 'string',
			default: '',
			placeholder: 'https://auth.example.com',
			description: 'Scheme and host of the token service, without a path',
			displayOptions: { show: { environment: ['custom'] } },
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://api.example.com',
			description: 'Scheme and host of the issuing API, without a path',
			displayOptions: { show: { environment: ['custom'] } },
		},
		{
			displayName: 'API Path Style',
			name: 'apiPathStyle',
			type: 'options',
			options: [
				{
					name: '/businessEmision/api/v1 (As in the API Specification)',
					value: 'businessEmision',
					description: 'E-mail route under /BusinessEmision/api/v1, with a capital B',
				},
				{
					name: '/api/v1 (As on the Production API Host)',
					value: 'short',
					description: 'Every route under /api/v1',
				},
			],
			default: 'businessEmision',
			description:
				'How the issuing API paths begin. Test uses the specification paths; Production uses /api/v1.',
			displayOptions: { show: { environment: ['custom'] } },
		},
		{
			displayName: 'Username',
			name: 'username',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'EKU9003173C9',
			description: 'The RFC (taxpayer ID) of the account',
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'Type the plain password: the credential sends its MD5 digest, as the token service requires',
		},
		PASSWORD_IS_MD5_FIELD,
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		// The issuer's data, typed once for every node that uses this credential (optional).
		...ISSUER_FIELDS,
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			displayName: 'Refresh Token',
			name: 'refreshToken',
			type: 'hidden',
			typeOptions: { password: true },
			default: '',
		},
		{
			displayName: 'Issuer ID',
			name: 'emisorId',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Session Expires At',
			name: 'sessionExpiresAt',
			type: 'hidden',
			default: 0,
		},
		{
			displayName: 'Session Started At',
			name: 'sessionStartedAt',
			type: 'hidden',
			default: 0,
		},
		{
			displayName: 'Session Fingerprint',
			name: 'sessionFingerprint',
			type: 'hidden',
			default: '',
		},
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		return await obtainSession(this, credentials);
	}

	authenticate: IAuthenticate = authorizeRequest;

	/**
	 * Signs in (preAuthentication: the token service's token and userinfo calls), then makes one
	 * harmless call to the issuing API: the voucher list of one day long past, at most one voucher.
	 * It goes to the Base URL with the path style's prefix and the account's issuer id, so a wrong
	 * Base URL or path style fails the test instead of the first run. A sign-in failure names the
	 * token service and its address (the node's own message); a failure of this call shows n8n's
	 * message for the HTTP status or network error (n8n's credential tester drops the response, so
	 * `rules` keyed on the status never apply: NodeApiError does not keep an Error as its cause).
	 */
	test: ICredentialTestRequest = { request: CREDENTIAL_TEST_REQUEST };
}
