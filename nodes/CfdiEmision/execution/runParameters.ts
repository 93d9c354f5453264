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

interface ParameterCache {
	raw: unknown;
	values: Map<string, unknown>;
}

// One entry per n8n execution context (one per node run), dropped with it.
const runs = new WeakMap<object, ParameterCache>();

/**
 * ctx.getNodeParameter(name, itemIndex, fallback), kept for the run when the parameter holds no
 * expression (the fallback is only kept with a stored value, which makes it unused).
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
		run = { raw, values: new Map() };
		runs.set(ctx, run);
	}
	if (run.values.has(name)) return copyOf(run.values.get(name) as T);
	const value = ctx.getNodeParameter(name, itemIndex, fallback) as T;
	const raw = rawAt(run.raw, name);
	if (raw !== undefined && !holdsExpression(raw)) run.values.set(name, copyOf(value));
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
