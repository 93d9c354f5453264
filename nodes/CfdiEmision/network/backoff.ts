import { sleep } from 'n8n-workflow';

/** Retries of answers that prove nothing was done (busy series, rate limit), and their first pause. */
export const DEFAULT_RETRIES = 3;
export const DEFAULT_RETRY_DELAY_MS = 2000;

/** No single pause of any retry in the package grows beyond this. */
export const MAX_BACKOFF_MS = 60_000;

/**
 * The pause before retry number `retry` (0 for the first retry): the first pause, doubled for each
 * further retry, capped. Every retry in the package waits through this one function.
 */
export function backoffDelay(
	firstDelayMs: number,
	retry: number,
	maxDelayMs = MAX_BACKOFF_MS,
): number {
	const first = Math.max(0, firstDelayMs);
	return Math.min(first * 2 ** Math.max(0, retry), maxDelayMs);
}

/** Waits the back-off pause before retry number `retry`. */
export async function backoff(
	firstDelayMs: number,
	retry: number,
	maxDelayMs = MAX_BACKOFF_MS,
): Promise<void> {
	await sleep(backoffDelay(firstDelayMs, retry, maxDelayMs));
}
