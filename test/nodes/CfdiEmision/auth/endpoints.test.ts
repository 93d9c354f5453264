import {
	expandUrlTemplate,
	isServiceUrl,
	resolveEndpoints,
} from '../../../../nodes/CfdiEmision/auth/endpoints';

describe('the service endpoints of a credential', () => {
	it('Test and Production use the provider hosts and their path styles', () => {
		expect(resolveEndpoints({ environment: 'test' })).toEqual({
			authUrl: 'https://authcli.stagefacturador.com',
			baseUrl: 'https://pruebas.stagefacturador.com',
			apiPrefix: '/businessEmision/api/v1',
			emailPrefix: '/BusinessEmision/api/v1',
		});
		expect(resolveEndpoints({ environment: 'production' })).toMatchObject({
			baseUrl: 'https://emision-api.facturador.com',
			apiPrefix: '/api/v1',
		});
	});

	it('Custom takes the URLs given, without a trailing slash, and refuses what is not an http(s) URL', () => {
		expect(
			resolveEndpoints({
				environment: 'custom',
				authUrl: ' http://127.0.0.1:4010/ ',
				baseUrl: 'http://127.0.0.1:4011',
				apiPathStyle: 'short',
			}),
		).toEqual({
			authUrl: 'http://127.0.0.1:4010',
			baseUrl: 'http://127.0.0.1:4011',
			apiPrefix: '/api/v1',
			emailPrefix: '/api/v1',
		});
		expect(() =>
			resolveEndpoints({ environment: 'custom', authUrl: 'not a url', baseUrl: 'http://x' }),
		).toThrow(`The credential's Auth URL "not a url" is not a valid URL.`);
		expect(() =>
			resolveEndpoints({ environment: 'custom', authUrl: 'ftp://x', baseUrl: 'http://x' }),
		).toThrow(`The credential's Auth URL must start with https://`);
		expect(() => resolveEndpoints({ environment: 'staging' })).toThrow(
			'Unknown environment "staging" in the credential. Choose Test, Production or Custom.',
		);
	});

	it('fills the URL placeholders, the issuer id encoded, and says how to get a missing one', () => {
		const endpoints = resolveEndpoints({ environment: 'test' });
		expect(expandUrlTemplate('{apiRoot}/emisores/{emisorId}/comprobantes', endpoints, '12 3')).toBe(
			'https://pruebas.stagefacturador.com/businessEmision/api/v1/emisores/12%203/comprobantes',
		);
		expect(expandUrlTemplate('{emailRoot}/correo', endpoints, '')).toBe(
			'https://pruebas.stagefacturador.com/BusinessEmision/api/v1/correo',
		);
		expect(() => expandUrlTemplate('{apiRoot}/emisores/{emisorId}', endpoints, '')).toThrow(
			'The credential has no issuer id (emisorId) yet. Run the credential test, or set "Issuer ID Override" on the node.',
		);
	});

	it('a URL is the service only on the token service or API origin', () => {
		const endpoints = resolveEndpoints({ environment: 'test' });
		expect(isServiceUrl('https://pruebas.stagefacturador.com/anything', endpoints)).toBe(true);
		expect(isServiceUrl('https://authcli.stagefacturador.com/connect/token', endpoints)).toBe(true);
		expect(isServiceUrl('https://blob.example.com/x.pdf', endpoints)).toBe(false);
		expect(isServiceUrl('not a url', endpoints)).toBe(false);
	});
});
