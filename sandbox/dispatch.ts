/**
 * The request pipeline common to every server: route → 'unauthorized' fault →
 * authentication → other faults → operation → post-operation faults.
 */
import { cannedReply, FaultBook, genericServerError, requestReply } from './faults';
import type { Call, Outcome, Reply } from './http';
import type { FaultSpec, RouteName } from './types';

/** A matched route. Closures capture the call and path parameters. */
export interface RouteHandler {
	readonly route: RouteName;
	/** Authentication checks; they run before a fault is consumed. Null means allowed. */
	authorize?: () => Reply | null;
	/** Performs the operation. Only storeThen500 and expiredLink change what it does. */
	perform: (fault: FaultSpec | null) => Reply;
}

/** A request answered during routing (unknown path, wrong method). */
export interface RoutingReply {
	readonly route: RouteName | 'unknown';
	readonly reply: Reply;
}

export type Resolution = RouteHandler | RoutingReply;

export const DEFAULT_HOLD_MS = 120_000;

export function dispatch(call: Call, resolution: Resolution, faults: FaultBook): Outcome {
	call.log.route = resolution.route;
	if ('reply' in resolution) return resolution.reply;
	const { route } = resolution;

	// 'unauthorized' is the one fault that fires before the token is even looked at.
	if (faults.peek(route)?.kind === 'unauthorized') {
		return cannedReply(faults.take(route) as FaultSpec) as Reply;
	}
	const denied = resolution.authorize?.() ?? null;
	if (denied) return denied;

	const fault = faults.take(route);
	if (!fault) return resolution.perform(null);

	const canned = cannedReply(fault) ?? requestReply(fault, call);
	if (canned) return canned;

	switch (fault.kind) {
		case 'timeout':
			if (fault.perform === 'afterHold')
				return {
					hold: fault.holdMs ?? DEFAULT_HOLD_MS,
					thenPerform: () => resolution.perform(null),
				};
			if (fault.perform !== false) resolution.perform(null);
			return { hold: fault.holdMs ?? DEFAULT_HOLD_MS };
		case 'connectionReset':
			if (fault.perform !== false) resolution.perform(null);
			return { reset: true };
		case 'storeThen500':
			resolution.perform(fault);
			return genericServerError();
		default:
			return resolution.perform(fault);
	}
}
