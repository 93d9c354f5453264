/**
 * timedOut (api/sessionAndFailure.ts): whether a failed call ran out of time, which decides whether
 * a stamp that got no answer may still finish at the service, so that the pending voucher's note
 * tells the user to check it with Voucher > Get before stamping it again (stamping/stampPending.ts).
 */
import { timedOut } from '../../../../nodes/CfdiEmision/api/sessionAndFailure';
import { ServiceCallError } from '../../../../nodes/CfdiEmision/transport/serviceError';

const failed = (code?: string) =>
	new ServiceCallError('no answer', 'ambiguous', code ? { code } : {});

describe('timedOut', () => {
	test.each(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ECONNABORTED'])(
		'a call that ran out of time (%s) timed out: the service may still stamp',
		(code) => expect(timedOut(failed(code))).toBe(true),
	);

	test.each(['ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND', 'EPROTO'])(
		'a broken, refused or unreachable call (%s) did not time out',
		(code) => expect(timedOut(failed(code))).toBe(false),
	);

	test('an HTTP error (no network code) or no failure at all did not time out', () => {
		expect(timedOut(new ServiceCallError('HTTP 503', 'http', { status: 503 }))).toBe(false);
		expect(timedOut(failed())).toBe(false);
		expect(timedOut(undefined)).toBe(false);
	});
});
