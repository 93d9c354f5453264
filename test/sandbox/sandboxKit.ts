/**
 * The set-ups the sandbox's own HTTP tests share: the issuing API's tests start one sandbox per
 * file with both accounts; the cancellation tests start one per test on a fake clock (days pass).
 */
import { DEFAULT_ACCOUNT, startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { type ApiClient, apiClient, fakeClock, SECOND_ACCOUNT } from '../support/sandboxHelpers';

/** The issuing API's answer to a create or update. */
export type StampResult = {
	esValido: boolean;
	idComprobante: number;
	errores: Array<{ codigo: string; mensaje: string }> | null;
	uuid: string | null;
	subEstatusId: number;
	descripcion: string | null;
};

export const UUID_V4 = /^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/;

export interface SandboxKit {
	sandbox: Sandbox;
	client: ApiClient;
}

/** One sandbox for the calling file (both accounts), signed in once. */
export function useIssuingApi(): SandboxKit {
	const kit = {} as SandboxKit;
	beforeAll(async () => {
		kit.sandbox = await startSandbox({ accounts: [DEFAULT_ACCOUNT, SECOND_ACCOUNT] });
		kit.client = await apiClient(kit.sandbox);
	});
	afterAll(async () => {
		await kit.sandbox.close();
	});
	return kit;
}

export interface CancellationKit extends SandboxKit {
	clock: ReturnType<typeof fakeClock>;
	/** Starts a sandbox for one test, on a clock at Wednesday 2024-05-01 10:00 in Mexico City. */
	start(options?: SandboxOptions): Promise<void>;
}

/** A sandbox per test (closed after each), on a fake clock with a token that outlives the days. */
export function useCancellationSandbox(): CancellationKit {
	const kit = {
		async start(options: SandboxOptions = {}) {
			kit.clock = fakeClock();
			kit.sandbox = await startSandbox({
				now: kit.clock.now,
				tokenLifetimeSeconds: 30 * 86_400,
				accounts: [DEFAULT_ACCOUNT, SECOND_ACCOUNT],
				...options,
			});
			kit.client = await apiClient(kit.sandbox);
		},
	} as CancellationKit;
	afterEach(async () => await kit.sandbox.close());
	return kit;
}
