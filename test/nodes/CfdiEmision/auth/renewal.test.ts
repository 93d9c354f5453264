import {
	awaitSessionSavedElsewhere,
	currentSessionKey,
	noteRefusedRefresh,
	refreshRefusal,
	renewOnce,
	sessionKey,
	type RenewedSession,
} from '../../../../nodes/CfdiEmision/auth/renewal';

const session = (name: string, lifetimeMs = 60_000): RenewedSession => ({
	accessToken: `access-${name}`,
	refreshToken: `refresh-${name}`,
	sessionExpiresAt: Date.now() + lifetimeMs,
	sessionFingerprint: 'fingerprint',
});

function deferred<T>() {
	let resolve!: (value: T) => void;
	let reject!: (error: Error) => void;
	const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
	return { promise, resolve, reject };
}

describe('sessionKey', () => {
	test('differs per stored session and per sign-in fingerprint, holds no token, and is absent before the first sign-in', () => {
		const a = session('a');
		const key = sessionKey(a);
		expect(key).toMatch(/^[0-9a-f]{64}$/);
		expect(key).not.toContain('access-a');
		expect(sessionKey({ ...a, refreshToken: 'refresh-b' })).not.toBe(key);
		expect(sessionKey(a, 'edited credential')).not.toBe(key);
		expect(sessionKey({ accessToken: '', refreshToken: '' })).toBeUndefined();
	});
});

describe('renewOnce', () => {
	test('callers holding the same session share one renewal, also after it settled', async () => {
		const key = sessionKey(session('shared'));
		const gate = deferred<RenewedSession>();
		let renewals = 0;
		const renew = async () => {
			renewals++;
			return await gate.promise;
		};
		const waiting = [renewOnce(key, renew), renewOnce(key, renew), renewOnce(key, renew)];
		gate.resolve(session('next'));
		const results = await Promise.all(waiting);
		expect(results.map((result) => result.accessToken)).toEqual([
			'access-next',
			'access-next',
			'access-next',
		]);
		expect((await renewOnce(key, renew)).accessToken).toBe('access-next');
		expect(renewals).toBe(1);
	});

	test('a caller still holding an old session gets the newest one when the renewal was itself renewed', async () => {
		const first = session('first');
		const second = session('second');
		await renewOnce(sessionKey(first), async () => second);
		await renewOnce(sessionKey(second), async () => session('third'));
		expect(
			(await renewOnce(sessionKey(first), async () => session('unexpected'))).accessToken,
		).toBe('access-third');
	});

	test('a failed renewal fails the callers that waited for it and is not remembered', async () => {
		const key = sessionKey(session('failing'));
		const gate = deferred<RenewedSession>();
		const waiting = [
			renewOnce(key, async () => await gate.promise),
			renewOnce(key, async () => session('never')),
		];
		gate.reject(new Error('token service down'));
		for (const result of waiting) await expect(result).rejects.toThrow('token service down');
		expect((await renewOnce(key, async () => session('retry'))).accessToken).toBe('access-retry');
	});

	test('different sessions, and sessions not stored yet, never share', async () => {
		let renewals = 0;
		const renew = async () => session(`n${++renewals}`);
		await Promise.all([
			renewOnce(sessionKey(session('x')), renew),
			renewOnce(sessionKey(session('y')), renew),
			renewOnce(undefined, renew),
			renewOnce(undefined, renew),
		]);
		expect(renewals).toBe(4);
	});

	test('an expired renewal result is not handed out again', async () => {
		const key = sessionKey(session('short'));
		await renewOnce(key, async () => session('already-expired', -1));
		expect((await renewOnce(key, async () => session('fresh'))).accessToken).toBe('access-fresh');
	});
});

test('refused refresh tokens are remembered per session, and whether a successor may still come', async () => {
	const key = sessionKey(session('refused'));
	expect(refreshRefusal(key)).toBe('none');
	noteRefusedRefresh(key, true);
	expect(refreshRefusal(key)).toBe('awaiting successor');
	expect(refreshRefusal(sessionKey(session('other')))).toBe('none');
	expect(refreshRefusal(undefined)).toBe('none');

	// Nobody saves a newer session: the wait gives up and the session is refused for good.
	const stored = {
		...session('refused'),
		environment: 'custom',
		authUrl: 'http://127.0.0.1:1',
		baseUrl: 'http://127.0.0.1:2',
		username: 'u',
		password: 'p',
		clientId: 'c',
		clientSecret: 's',
	};
	const storedKey = currentSessionKey(stored);
	noteRefusedRefresh(storedKey, true);
	const waits: number[] = [];
	await expect(
		awaitSessionSavedElsewhere(
			async () => stored,
			async (ms) => void waits.push(ms),
		),
	).resolves.toBe(false);
	expect(waits).toEqual([100, 200, 400, 800, 1600]);
	expect(refreshRefusal(storedKey)).toBe('no successor');

	// A newer session saved meanwhile ends the wait at once.
	const renewed = { ...stored, accessToken: 'access-renewed', refreshToken: 'refresh-renewed' };
	noteRefusedRefresh(currentSessionKey(stored), true);
	let reads = 0;
	await expect(
		awaitSessionSavedElsewhere(
			async () => (++reads < 3 ? stored : renewed),
			async () => undefined,
		),
	).resolves.toBe(true);
	expect(reads).toBe(3);
});
