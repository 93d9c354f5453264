import { createHash } from 'node:crypto';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

export function md5Hex(text: string): string {
	return createHash('md5').update(text, 'utf8').digest('hex');
}

/** The password as the token service expects it: an MD5 hex digest (spec 5.1, es_md5=true). */
export function passwordDigest(credentials: ICredentialDataDecryptedObject): string {
	const password = String(credentials.password ?? '');
	if (credentials.passwordIsMd5 === true) {
		const digest = password.trim().toLowerCase();
		if (!/^[0-9a-f]{32}$/.test(digest)) {
			throw new Error(
				'"Password Is MD5" is on, but the password is not a 32-character hexadecimal MD5 digest. Turn the option off and type the plain password, or paste the digest.',
			);
		}
		return digest;
	}
	return md5Hex(password);
}

/** Every secret value a credential holds, in every form it may travel in. */
export function secretValues(credentials: ICredentialDataDecryptedObject): string[] {
	const values = new Set<string>();
	const password = String(credentials.password ?? '');
	if (password) {
		values.add(password);
		const digest = md5Hex(password);
		values.add(digest);
		// The digest's raw bytes, as base64 (a service may print the digest that way).
		values.add(Buffer.from(digest, 'hex').toString('base64'));
		// What is sent when the password was typed as a digest.
		const typed = password.trim().toLowerCase();
		values.add(typed);
		if (/^[0-9a-f]{32}$/.test(typed)) values.add(Buffer.from(typed, 'hex').toString('base64'));
	}
	for (const key of ['clientSecret', 'accessToken', 'refreshToken']) {
		const value = credentials[key];
		if (typeof value === 'string' && value) values.add(value);
	}
	const clientId = String(credentials.clientId ?? '').trim();
	const clientSecret = String(credentials.clientSecret ?? '');
	// HTTP Basic client authentication, as an echoed Authorization header would quote it.
	if (clientId && clientSecret)
		values.add(Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64'));
	// Short values would redact ordinary words; real secrets are longer.
	return [...values].filter((value) => value.length >= MIN_SECRET_LENGTH);
}

const MIN_SECRET_LENGTH = 6;
const REDACTED = '[redacted]';

/** ASP.NET's default JSON encoder: HTML-sensitive characters and everything outside ASCII as \uXXXX. */
function dotNetJsonEscaped(text: string): string {
	let out = '';
	for (const char of text) {
		if (char === '\\') out += '\\\\';
		else if (/^[\x20-\x7e]$/.test(char) && !'"+&\'<>`'.includes(char)) out += char;
		else
			for (let i = 0; i < char.length; i++)
				out += `\\u${char.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`;
	}
	return out;
}

/**
 * The base64 text of a secret quoted inside a larger base64 blob: depending on where the secret
 * starts, its bytes fall into the 3-byte groups at one of three alignments; the characters of the
 * groups made only of the secret's bytes are the same whatever surrounds it.
 */
function base64Cores(secret: string): string[] {
	const bytes = Buffer.from(secret, 'utf8');
	const cores: string[] = [];
	for (let skip = 0; skip < 3; skip++) {
		const groups = Math.floor((bytes.length - skip) / 3);
		// Fewer than 3 groups (12 characters) could match ordinary base64 by chance.
		if (groups < 3) continue;
		const core = bytes.subarray(skip, skip + groups * 3).toString('base64');
		cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
	}
	return cores;
}

/** Every byte as %XX: URL encoding that escapes all characters, not only the reserved ones. */
function percentEveryByte(secret: string): string {
	return [...Buffer.from(secret, 'utf8')]
		.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
		.join('');
}

/**
 * Every way a secret may be quoted back: as is, URL-encoded (reserved characters or every byte) or
 * form-encoded, JSON-escaped, as hexadecimal, as base64 or base64url (whole, unpadded, or inside a
 * larger blob). Forms are matched without regard to case (SecretRedactor), so an upper-case digest
 * or hex dump and %2f / %2F are the same form.
 */
export function secretForms(secret: string): string[] {
	const bytes = Buffer.from(secret, 'utf8');
	const base64 = bytes.toString('base64');
	const forms = new Set([
		secret,
		encodeURIComponent(secret),
		new URLSearchParams([['', secret]]).toString().slice(1),
		percentEveryByte(secret),
		JSON.stringify(secret).slice(1, -1),
		dotNetJsonEscaped(secret),
		bytes.toString('hex'),
		base64,
		base64.replace(/=+$/, ''),
		bytes.toString('base64url'),
		encodeURIComponent(base64),
		...base64Cores(secret),
	]);
	return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH);
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Secrets whose values the node cannot know (a token another process holds, an older one): what
 * an echoed header, form or token answer looks like. The value after the name is replaced.
 */
const SECRET_PATTERNS: Array<[RegExp, string]> = [
	[
		/(authorization\\?["']?\s*[:=]\s*\\?["']?\s*(?:Bearer|Basic)\s+)[^\s"',;}\]\\]+/gi,
		`$1${REDACTED}`,
	],
	[/(\bBearer\s+)[A-Za-z0-9\-._~+/]{20,}=*/g, `$1${REDACTED}`],
	[/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, REDACTED],
	[
		/(\b(?:access_token|refresh_token|id_token|client_secret|password)\\?["']?\s*[:=]\s*\\?["']?)[^\s"'&,;}\]\\]+/gi,
		`$1${REDACTED}`,
	],
];

/**
 * Takes secrets out of texts: the given values in every form they may be quoted in (worked out
 * once), and token-shaped values the node cannot know (a token another process holds, an older one).
 */
export class SecretRedactor {
	/** Every form of every secret, in one case-insensitive alternation, longest first. */
	private readonly forms: RegExp | undefined;

	constructor(secrets: string[]) {
		// Longest first, so that a form containing another is replaced whole.
		const forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length);
		this.forms = forms.length ? new RegExp(forms.map(escapeRegExp).join('|'), 'gi') : undefined;
	}

	text(text: string): string {
		let redacted = this.forms ? text.replace(this.forms, REDACTED) : text;
		for (const [pattern, replacement] of SECRET_PATTERNS)
			redacted = redacted.replace(pattern, replacement);
		return redacted;
	}

	/** The same, for anything an answer may hold: text, bytes (as text) or parsed JSON, keeping its type. */
	value<T>(value: T): T {
		if (typeof value === 'string') return this.text(value) as T;
		if (value === null || value === undefined || typeof value !== 'object') return value;
		if (Buffer.isBuffer(value)) {
			const text = value.toString('utf8');
			const redacted = this.text(text);
			return (redacted === text ? value : Buffer.from(redacted, 'utf8')) as T;
		}
		const text = JSON.stringify(value);
		const redacted = this.text(text);
		if (redacted === text) return value;
		try {
			return JSON.parse(redacted) as T;
		} catch {
			return redacted as T;
		}
	}
}

/** Token-shaped values only (no credential at hand): the last check of every worded error. */
const TOKEN_SHAPES = new SecretRedactor([]);

/** Replaces any secret found in a text: the given values in any form, and token-shaped values. */
export function redactSecrets(text: string, secrets: string[]): string {
	return (secrets.length ? new SecretRedactor(secrets) : TOKEN_SHAPES).text(text);
}

/**
 * A one-way fingerprint of everything that signs in (hosts, account, password digest, client key
 * pair): a stored session is reused only while none of these changed, so an edited credential
 * always proves its new values with the password grant.
 */
export function sessionFingerprint(
	credentials: ICredentialDataDecryptedObject,
	authUrl: string,
	baseUrl: string,
): string {
	let digest: string;
	try {
		digest = passwordDigest(credentials);
	} catch {
		digest = 'invalid';
	}
	return createHash('sha256')
		.update(
			[
				authUrl,
				baseUrl,
				String(credentials.username ?? '')
					.trim()
					.toUpperCase(),
				digest,
				String(credentials.clientId ?? '').trim(),
				String(credentials.clientSecret ?? ''),
			].join('\n'),
		)
		.digest('hex');
}
