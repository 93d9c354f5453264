import { backoffDelay, MAX_BACKOFF_MS } from '../../../../nodes/CfdiEmision/network/backoff';
import {
	describeDownloadFailure,
	describePayloadTooLarge,
	describeServiceFailure,
	describeTokenServiceFailure,
	readNetworkFailure,
} from '../../../../nodes/CfdiEmision/network/failures';

/** The shape n8n gives a failed request: a NodeApiError that keeps only the original messages. */
const wrapped = (...messages: string[]) => ({
	message: 'The connection to the server was closed unexpectedly',
	messages,
});

describe('network failures: one classification, one set of words', () => {
	test.each([
		['ECONNREFUSED', 'refused', true, 'connection refused'],
		['ENOTFOUND', 'dns', true, 'host name not found'],
		['EAI_AGAIN', 'dns', true, 'host name not found'],
		['EHOSTUNREACH', 'unreachable', true, 'host unreachable'],
		['ETIMEDOUT', 'timeout', false, 'timed out'],
		['ECONNABORTED', 'timeout', false, 'timed out'],
		['ECONNRESET', 'reset', false, 'connection closed by the other side'],
		['EPIPE', 'reset', false, 'connection closed by the other side'],
		[
			'DEPTH_ZERO_SELF_SIGNED_CERT',
			'tls',
			true,
			'the secure connection failed: the server certificate could not be verified',
		],
		[
			'ERR_TLS_CERT_ALTNAME_INVALID',
			'tls',
			true,
			'the secure connection failed: the server certificate could not be verified',
		],
		['ERR_FR_MAX_BODY_LENGTH_EXCEEDED', 'tooLarge', true, 'the request body is too large'],
		['ERR_CANCELED', 'cancelled', false, 'cancelled'],
		['EWHATEVER', 'other', false, 'network error'],
	])('code %s on the error: %s, never arrived %s, "%s"', (code, kind, neverArrived, reason) => {
		expect(readNetworkFailure({ code })).toEqual({ kind, code, neverArrived, reason });
	});

	test('codes and phrases inside the messages n8n keeps are found', () => {
		expect(readNetworkFailure(wrapped('connect ECONNREFUSED 127.0.0.1:9'))?.kind).toBe('refused');
		expect(readNetworkFailure(wrapped('timeout of 1500ms exceeded'))?.kind).toBe('timeout');
		expect(readNetworkFailure(wrapped('socket hang up'))?.kind).toBe('reset');
		expect(readNetworkFailure(wrapped('self-signed certificate'))?.kind).toBe('tls');
		expect(readNetworkFailure(wrapped('certificate has expired'))?.kind).toBe('tls');
		expect(readNetworkFailure(wrapped('unable to verify the first certificate'))?.kind).toBe('tls');
		expect(readNetworkFailure(wrapped('Request body larger than maxBodyLength limit'))?.kind).toBe(
			'tooLarge',
		);
		expect(readNetworkFailure({ message: 'x', cause: { code: 'ENOTFOUND' } })?.kind).toBe('dns');
	});

	test('an error with no network trace is not a network failure (e.g. a sign-in refusal)', () => {
		expect(
			readNetworkFailure(
				new Error('The token service rejected the username or password (invalid_grant).'),
			),
		).toBeUndefined();
		expect(readNetworkFailure(undefined)).toBeUndefined();
		// The words this module writes must not be read back as a network failure when n8n wraps them.
		const tokenWords = describeTokenServiceFailure(
			readNetworkFailure({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }),
			'https://auth.example.com/connect/token',
		);
		expect(readNetworkFailure(wrapped(tokenWords))).toBeUndefined();
	});

	test('the sentences say whether the request reached the other side, and never carry a raw code', () => {
		expect(describeServiceFailure(readNetworkFailure({ code: 'ECONNREFUSED' })!)).toBe(
			'The service could not be reached (connection refused).',
		);
		expect(describeServiceFailure(readNetworkFailure({ code: 'ETIMEDOUT' })!)).toBe(
			'No answer from the service (timed out).',
		);
		expect(describeServiceFailure(readNetworkFailure({ code: 'CERT_HAS_EXPIRED' })!)).toBe(
			'The service could not be reached (the secure connection failed: the server certificate could not be verified). Check that the issuing API presents a valid certificate for its host name. For a test host whose certificate is not trusted, turn on the node option "Ignore SSL Issues (Insecure)".',
		);
		expect(
			describeTokenServiceFailure(
				readNetworkFailure({ code: 'ECONNREFUSED' }),
				'http://127.0.0.1:9/connect/token',
			),
		).toBe(
			"Could not reach the token service at http://127.0.0.1:9/connect/token (connection refused). Check the credential's environment or Auth URL and the network.",
		);
		expect(describeTokenServiceFailure(undefined, 'u')).toContain('(no answer)');
		expect(
			describeDownloadFailure(readNetworkFailure({ code: 'ECONNRESET' }), 'files.example.net'),
		).toBe(
			'the PDF download from the storage host files.example.net failed (connection closed by the other side)',
		);
		expect(describePayloadTooLarge()).toContain('HTTP 413');
		for (const code of ['ECONNREFUSED', 'ETIMEDOUT', 'ECONNRESET', 'CERT_HAS_EXPIRED', 'EPIPE']) {
			expect(describeServiceFailure(readNetworkFailure({ code })!)).not.toContain(code);
		}
	});
});

describe('back-off: the one pause formula of every retry', () => {
	test('doubles from the first pause and stops at the cap', () => {
		expect([0, 1, 2, 3].map((retry) => backoffDelay(2000, retry))).toEqual([
			2000, 4000, 8000, 16000,
		]);
		expect(backoffDelay(1000, 5, 10_000)).toBe(10_000);
		expect(backoffDelay(2000, 40)).toBe(MAX_BACKOFF_MS);
		expect(backoffDelay(0, 3)).toBe(0);
	});
});
