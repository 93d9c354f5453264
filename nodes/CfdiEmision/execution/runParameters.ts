import type { IExecuteFunctions, INode } from 'n8n-workflow';

/**
 * Parameters read once per run when they hold no expression. n8n resolves, copies and validates a
 * parameter on every read (tens of microseconds, per item); a value without an expression is the
 * same for every item, so its first answer is kept for the run. One holding an expression anywhere
 * (n8n marks it with a leading "=") is read per item as before.
 */

/** Whether a raw parameter value holds an expression, at any depth. */
export function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

/** The raw value at a parameter path ("options", "relatedVouchers.relation"), as the node stores it. */
function rawAt(parameters: unknown, name: string): unknown {
	let current = parameters;
	for (const part of name.split('.')) {
		if (!current || typeof current !== 'object') return undefined;
		current = (current as Record<string, unknown>)[part];
	}
	return current;
}

// Callers may change what they read (n8n hands each read a fresh copy): each answer is a copy too.
const copyOf = <T>(value: T): T =>
	value && typeof value === 'object' ? (structuredClone(value) as T) : value;

/**
 * Whether nothing is stored at the path under plain objects (an unset fixed collection's group):
 * n8n then answers the caller's fallback, the same for every item.
 */
function absentAt(parameters: unknown, name: string): boolean {
	// n8n reads the path with lodash's get: only plain dotted names are walked alike here.
	if (!/^[\w$]+(\.[\w$]+)*$/.test(name)) return false;
	let current = parameters;
	for (const part of name.split('.')) {
		if (!current || typeof current !== 'object') return false;
		if (!Object.prototype.hasOwnProperty.call(current, part)) return true;
		current = (current as Record<string, unknown>)[part];
	}
	return false;
}

interface ParameterCache {
	raw: unknown;
	values: Map<string, unknown>;
	/** Absent paths (absentAt): n8n's answer, by the fallback it was given (as JSON). */
	absent: Map<string, { fallback: string | undefined; value: unknown }>;
}

// One entry per n8n execution context (one per node run), dropped with it.
const runs = new WeakMap<object, ParameterCache>();

/**
 * ctx.getNodeParameter(name, itemIndex, fallback), kept for the run when the parameter holds no
 * expression, or when nothing is stored at its path (kept with the fallback it answered: an unset
 * Related Vouchers or Fiscal Legends group was two n8n reads per item, issue 40 item 5).
 */
export function runParameter<T>(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	fallback: T,
): T {
	let run = runs.get(ctx);
	if (!run) {
		// A stand-in context without getNode() (some unit tests) is read per item.
		const raw = typeof ctx.getNode === 'function' ? ctx.getNode()?.parameters : undefined;
		run = { raw, values: new Map(), absent: new Map() };
		runs.set(ctx, run);
	}
	if (run.values.has(name)) return copyOf(run.values.get(name) as T);
	// An absent path answers its fallback (resolved like a stored value): kept per fallback given.
	const plainFallback = !holdsExpression(fallback);
	const fallbackText = plainFallback ? JSON.stringify(fallback) : undefined;
	const known = run.absent.get(name);
	if (known && plainFallback && known.fallback === fallbackText) return copyOf(known.value as T);
	const value = ctx.getNodeParameter(name, itemIndex, fallback) as T;
	const raw = rawAt(run.raw, name);
	if (raw !== undefined && !holdsExpression(raw)) run.values.set(name, copyOf(value));
	else if (raw === undefined && plainFallback && absentAt(run.raw, name))
		run.absent.set(name, { fallback: fallbackText, value: copyOf(value) });
	return value;
}

/** The run's reader of per-item parameters (runParameter), made once so that callers need no context. */
export class RunParameters {
	constructor(private readonly ctx: IExecuteFunctions) {}

	get<T>(name: string, itemIndex: number, fallback: T): T {
		return runParameter(this.ctx, name, itemIndex, fallback);
	}

	/** The node whose parameters these are, for an error naming one. */
	getNode(): INode {
		return this.ctx.getNode();
	}
}
