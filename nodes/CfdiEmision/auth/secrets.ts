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
		values.add(md5Hex(password));
		// What is sent when the password was typed as a digest.
		values.add(password.trim().toLowerCase());
	}
	for (const key of ['clientSecret', 'accessToken', 'refreshToken']) {
		const value = credentials[key];
		if (typeof value === 'string' && value) values.add(value);
	}
	// Short values would redact ordinary words; real secrets are longer.
	return [...values].filter((value) => value.length >= 6);
}

/** Replaces any secret of the credential found in a text (defence in depth for service messages). */
export function redactSecrets(text: string, secrets: string[]): string {
	let redacted = text;
	for (const secret of secrets) {
		redacted = redacted.split(secret).join('[redacted]');
		const encoded = encodeURIComponent(secret);
		if (encoded !== secret) redacted = redacted.split(encoded).join('[redacted]');
	}
	return redacted;
}

/**
 * A one-way fingerprint of everything that signs in (hosts, account, password digest, client key
 * pair): a stored session is reused only while none of these changed, so an edited credential
 * always proves its new values with the password grant.
 */
export function sessionFingerprint(credentials: ICredentialDataDecryptedObject, authUrl: string, baseUrl: string): string {
	let digest: string;
	try {
		digest = passwordDigest(credentials);
	} catch {
		digest = 'invalid';
	}
	return createHash('sha256')
		.update(
			[authUrl, baseUrl, String(credentials.username ?? '').trim().toUpperCase(), digest, String(credentials.clientId ?? '').trim(), String(credentials.clientSecret ?? '')].join('\n'),
		)
		.digest('hex');
}
