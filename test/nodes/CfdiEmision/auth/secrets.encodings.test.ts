import { createHash } from 'node:crypto';

import { SecretRedactor, secretValues } from '../../../../nodes/CfdiEmision/auth/secrets';

// Every secret a credential holds: the password, its MD5 digest (what the token service receives),
// the client secret and both tokens. Each is quoted back in a form a service or proxy may use.
const credentials = {
	password: 'Pässwörd "q" & +',
	clientId: 'client-1',
	clientSecret: 'sëcret+/=&"x\\y 9f2c',
	accessToken: 'opaque-access-token-000111',
	refreshToken: 'refresh-Token-Z9y8x7w6v5u4',
};
const digest = createHash('md5').update(credentials.password, 'utf8').digest('hex');
const redactor = new SecretRedactor(secretValues(credentials));

const secrets: Array<[string, string]> = [
	['password', credentials.password],
	['password digest', digest],
	['client secret', credentials.clientSecret],
	['access token', credentials.accessToken],
	['refresh token', credentials.refreshToken],
];

const encodings: Array<[string, (secret: string) => string]> = [
	['upper case', (secret) => secret.toUpperCase()],
	['lower case', (secret) => secret.toLowerCase()],
	['hex', (secret) => Buffer.from(secret, 'utf8').toString('hex')],
	['HEX', (secret) => Buffer.from(secret, 'utf8').toString('hex').toUpperCase()],
	['base64', (secret) => Buffer.from(secret, 'utf8').toString('base64')],
	['base64url', (secret) => Buffer.from(secret, 'utf8').toString('base64url')],
	['URL-encoded', (secret) => encodeURIComponent(secret)],
	[
		'every byte percent-encoded, lower-case hex',
		(secret) =>
			[...Buffer.from(secret, 'utf8')]
				.map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
				.join(''),
	],
	[
		'base64, then URL-encoded',
		(secret) => encodeURIComponent(Buffer.from(secret).toString('base64')),
	],
];

describe('secret redaction: every secret in any case and encoding (issue 27, item 10)', () => {
	for (const [name, secret] of secrets) {
		test.each(encodings)(`the ${name} as %s is redacted`, (_encoding, encode) => {
			const quoted = encode(secret);
			const redacted = redactor.text(`error: echo ${quoted} end`);
			expect(redacted).toBe('error: echo [redacted] end');
		});
	}

	test('the digest printed as base64 of its bytes is redacted', () => {
		const raw = Buffer.from(digest, 'hex').toString('base64');
		expect(redactor.text(`md5=${raw};`)).toBe('md5=[redacted];');
	});

	test('a password typed as its digest is redacted in upper case too', () => {
		const typed = new SecretRedactor(
			secretValues({ password: digest.toUpperCase(), passwordIsMd5: true }),
		);
		expect(typed.text(`p=${digest} P=${digest.toUpperCase()}`)).toBe('p=[redacted] P=[redacted]');
	});

	test('ordinary text is left alone', () => {
		const text = 'Item 0: the series A is busy (FAC119); try later. Total 1160.00 MXN';
		expect(redactor.text(text)).toBe(text);
	});
});
