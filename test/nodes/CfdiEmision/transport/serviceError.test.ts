/**
 * A failed call to the service, classified for the two decisions that keep a voucher from being
 * stamped twice: may the call go again (a 429 did nothing), and could the service have acted anyway
 * (a timeout or a 5xx: read the state before any retry). Through the engine:
 * test/nodes/CfdiEmision/transport/transport.engine.test.ts.
 */
import { ServiceCallError } from '../../../../nodes/CfdiEmision/transport/serviceError';

describe('ServiceCallError', () => {
	test('keeps its message, kind and details, and names itself', () => {
		const error = new ServiceCallError('the service answered 400', 'http', {
			status: 400,
			body: { mensaje: 'FAC101' },
		});
		expect(error).toBeInstanceOf(Error);
		expect(error.name).toBe('ServiceCallError');
		expect(error.message).toBe('the service answered 400');
		expect(error.details).toEqual({ status: 400, body: { mensaje: 'FAC101' } });
	});

	test('only an HTTP 429 is a rate limit', () => {
		expect(new ServiceCallError('', 'http', { status: 429 }).rateLimited).toBe(true);
		expect(new ServiceCallError('', 'http', { status: 503 }).rateLimited).toBe(false);
		expect(new ServiceCallError('', 'ambiguous', { status: 429 }).rateLimited).toBe(false);
	});

	test.each([
		['ambiguous', undefined, true],
		['http', 500, true],
		['http', 504, true],
		['http', 429, false],
		['http', 409, false],
		['http', undefined, false],
		['unreachable', undefined, false],
		['auth', undefined, false],
		['malformed', undefined, false],
		['redirect', undefined, false],
	] as const)('%s %s: the service may have acted: %s', (kind, status, acted) => {
		expect(new ServiceCallError('', kind, { status }).mayHaveTakenEffect).toBe(acted);
	});
});
