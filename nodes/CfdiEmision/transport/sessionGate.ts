/**
 * n8n has no lock around a credential's preAuthentication: items that start together on a fresh
 * credential would each sign in. The gate lets the first authenticated call of a run go alone;
 * the others wait for it and then reuse the saved token. If signing in itself failed, the others
 * fail with the same error instead of hammering the token service.
 */
export class SessionGate {
	private opened = false;

	private opening: Promise<void> | undefined;

	private signInFailure: Error | undefined;

	async run<T>(call: () => Promise<T>, isSignInFailure: (error: unknown) => boolean): Promise<T> {
		for (;;) {
			if (this.signInFailure) throw this.signInFailure;
			if (this.opened) return await call();
			if (!this.opening) break;
			await this.opening;
		}
		let release!: () => void;
		this.opening = new Promise<void>((resolve) => (release = resolve));
		let outcome: { ok: true; value: T } | { ok: false; error: unknown };
		try {
			outcome = { ok: true, value: await call() };
		} catch (error) {
			outcome = { ok: false, error };
		}
		if (!outcome.ok && isSignInFailure(outcome.error)) this.signInFailure = outcome.error as Error;
		else this.opened = true;
		this.opening = undefined;
		release();
		if (!outcome.ok) throw outcome.error;
		return outcome.value;
	}
}
