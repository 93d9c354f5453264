/**
 * What the callers of the service's client hold and judge, from the transport underneath: the
 * run's session they pass to every api/ function, the failure those functions throw (callers
 * classify it: retry, settle, report), its wording for the user, and the package's one back-off.
 * Nothing here sends a request; outside api/ (and auth/), nothing imports transport/ itself.
 */
import { readNetworkFailure } from '../network/failures';
import { ServiceCallError } from '../transport/serviceError';

export { backoff, DEFAULT_RETRIES, DEFAULT_RETRY_DELAY_MS } from '../network/backoff';
export {
	formatErrores,
	operationFailed,
	readErrores,
	toNodeError,
	type FailureContext,
	type ServiceErrorEntry,
} from '../transport/errors';
export { ServiceCallError, type FailureKind } from '../transport/serviceError';
export { CREDENTIAL_TYPE, RunSession, type ServiceContext } from '../transport/transport';

/** Whether a failure was the request running out of time (a stamp may still finish at the service). */
export function timedOut(failure: ServiceCallError | undefined): boolean {
	return (
		!!failure?.details.code &&
		readNetworkFailure({ code: failure.details.code })?.kind === 'timeout'
	);
}
