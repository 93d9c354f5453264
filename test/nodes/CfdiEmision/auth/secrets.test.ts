import { createHash } from 'node:crypto';

import {
	SecretRedactor,
	redactSecrets,
	secretValues,
} from '../../../../nodes/CfdiEmision/auth/secrets';

const credentials = {
	password: 'Pässwörd "q" & +',
	clientId: 'client-1',
	clientSecret: 'sëcret+/=&"x\\y 9f2c',
	accessToken: 'opaque-access-token-000111',
	refreshToken: 'R'.repeat(40),
};
const redactor = new SecretRedactor(secretValues(credentials));

describe('secret redaction', () => {
	test.each([
		['as is', credentials.clientSecret],
		['percent-encoded', encodeURIComponent(credentials.clientSecret)],
		['form-encoded', new URLSearchParams({ s: credentials.clientSecret }).toString().slice(2)],
		['JSON-escaped', JSON.stringify(credentials.clientSecret).slice(1, -1)],
		['ASP.NET JSON-escaped', 's\\u00EBcret\\u002B/=\\u0026\\u0022x\\\\y 9f2c'],
	])('the client secret %s', (_form, quoted) => {
		const text = `echo: ${quoted} end`;
		expect(redactor.text(text)).toBe('echo: [redacted] end');
	});

	test('inside a base64 blob at any alignment, the secret cannot be decoded back', () => {
		for (const prefix of ['', 'a', 'ab', 'abc']) {
			const blob = Buffer.from(
				`${prefix}client_secret ${credentials.clientSecret} and more`,
				'utf8',
			).toString('base64');
			const redacted = redactor.text(`trace=${blob}`);
			expect(redacted).toContain('[redacted]');
			const decoded = Buffer.from(
				redacted.replace('trace=', '').replace('[redacted]', ''),
				'base64',
			).toString('utf8');
			expect(decoded).not.toContain(credentials.clientSecret);
		}
	});

	test('the password, its MD5 digest, the tokens, and HTTP Basic of the client pair', () => {
		const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString(
			'base64',
		);
		const md5 = createHash('md5').update(credentials.password, 'utf8').digest('hex');
		const text = `${credentials.password} password digest ${md5} ${credentials.accessToken} ${credentials.refreshToken} Basic ${basic}`;
		const redacted = redactor.text(text);
		for (const value of [
			credentials.password,
			md5,
			credentials.accessToken,
			credentials.refreshToken,
			basic,
		])
			expect(redacted).not.toContain(value);
	});

	test('token-shaped values nobody told it about: Bearer headers, JWTs, token and secret members', () => {
		const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJFS1U5MDAzMTczQzkifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
		expect(redactSecrets(`authorization: Bearer abcdefghijklmnopqrstuvwxyz012345`, [])).toBe(
			'authorization: Bearer [redacted]',
		);
		expect(redactSecrets(`token ${jwt} seen`, [])).toBe('token [redacted] seen');
		expect(
			redactSecrets('grant_type=refresh_token&refresh_token=XYZ123abc&client_secret=s3cr3t', []),
		).toBe('grant_type=refresh_token&refresh_token=[redacted]&client_secret=[redacted]');
		expect(redactSecrets('{"access_token":"abc.def","password":"p4ss"}', [])).toBe(
			'{"access_token":"[redacted]","password":"[redacted]"}',
		);
	});

	test('ordinary text is left alone', () => {
		const text =
			'The token service rejected the username or password (invalid_grant). Check "Password" in the credential; Bearer bonds are fine.';
		expect(redactSecrets(text, [])).toBe(text);
		expect(redactor.value({ uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF', total: 1160 })).toEqual({
			uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
			total: 1160,
		});
	});

	test('parsed JSON keeps its shape after redaction', () => {
		expect(
			redactor.value({
				message: `bad ${credentials.accessToken}`,
				errores: [{ codigo: 'X', mensaje: credentials.clientSecret }],
			}),
		).toEqual({ message: 'bad [redacted]', errores: [{ codigo: 'X', mensaje: '[redacted]' }] });
	});
});
