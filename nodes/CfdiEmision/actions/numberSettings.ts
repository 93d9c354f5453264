/**
 * What a setting's expression gives, read as the user meant it (issue 39 item 6), in the one place
 * every operation reads its parameters: the context each operation gets answers getNodeParameter
 * with the value settled against the node's description.
 * - A number setting (declared `type: 'number'`, also inside collections and line items) refuses a
 *   boolean, a list or an object, by name, before anything is sent: the readers turn values into
 *   numbers with Number() or a default, so `true` would silently be 1 (one global invoice per sale)
 *   and `false` 0. Text is left to each reader, which parses numeric text exactly or refuses it.
 * - Every number a setting gives, at any depth, is the number it stands for without binary float
 *   noise (100 × 1.16 = 115.99999999999999 is 116): a Sale Amount, a credit amount, a line's price,
 *   an Expected Total. Noise in text stays text, refused by its reader.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { withoutFloatNoise } from '../cfdi/decimal';
import { refusedInput } from '../voucherInput/refusedInput';

/** The code of a refusal of a number setting that holds no number. */
export const NOT_A_NUMBER = 'NOT_A_NUMBER';

/** A setting's shape: a number, or a group of named settings (a collection, a fixed collection's). */
interface Shape {
	label: string;
	kind: 'number' | 'collection' | 'fixedCollection';
	/** A collection's members, or a fixed collection's groups (each a collection), by name. */
	members?: Map<string, Shape>;
}

/**
 * The shapes of the settings of one level. A name declared with several types (by operation) is
 * checked only where every declaration agrees, so no other operation's text is refused.
 */
function shapesOf(properties: ReadonlyArray<INodeProperties>): Map<string, Shape> {
	const byName = new Map<string, INodeProperties[]>();
	for (const property of properties)
		byName.set(property.name, [...(byName.get(property.name) ?? []), property]);
	const shapes = new Map<string, Shape>();
	for (const [name, declared] of byName) {
		const label = declared[0].displayName;
		const kind = declared[0].type;
		if (!declared.every((property) => property.type === kind)) continue;
		if (kind === 'number') shapes.set(name, { label, kind });
		else if (kind === 'collection')
			shapes.set(name, {
				label,
				kind,
				members: shapesOf(declared.flatMap((property) => property.options as INodeProperties[])),
			});
		else if (kind === 'fixedCollection')
			shapes.set(name, { label, kind, members: groupsOf(declared) });
	}
	return shapes;
}

/** A fixed collection's groups ("Line Item"), each a collection of its values. */
function groupsOf(declared: INodeProperties[]): Map<string, Shape> {
	const groups = new Map<string, { label: string; values: INodeProperties[] }>();
	for (const property of declared)
		for (const group of (property.options ?? []) as Array<{
			name: string;
			displayName: string;
			values?: INodeProperties[];
		}>) {
			const known = groups.get(group.name) ?? { label: group.displayName, values: [] };
			known.values.push(...(group.values ?? []));
			groups.set(group.name, known);
		}
	return new Map(
		[...groups].map(([name, group]) => [
			name,
			{ label: group.label, kind: 'collection', members: shapesOf(group.values) },
		]),
	);
}

interface Refused {
	label: string;
	path: string;
	value: unknown;
}

/** The finest decimals the CFDI writes (a quantity, a unit price, a rate): float noise lies below. */
const NOISE_DECIMALS = 6;

/**
 * The setting's value as the user meant it: each number without float noise (100 × 1.16 is 116,
 * withoutFloatNoise), at any depth; or the first number setting (of `shape`) that holds a boolean,
 * a list or an object. A value is changed in place: n8n hands each read a fresh copy.
 */
function settled(
	shape: Shape | undefined,
	value: unknown,
	label: string,
	path: string,
): { value: unknown } | { refused: Refused } {
	if (typeof value === 'number') return { value: withoutFloatNoise(value, NOISE_DECIMALS) };
	if (value === undefined || value === null) return { value };
	if (shape?.kind === 'number')
		return typeof value === 'boolean' || typeof value === 'object'
			? { refused: { label, path, value } }
			: { value };
	if (typeof value !== 'object') return { value };
	const container = value as Record<string, unknown>;
	for (const key of Object.keys(container)) {
		const list = Array.isArray(container);
		// A fixed collection's group with multiple values is a list: each entry named by its place.
		const inner = list ? shape : shape?.members?.get(key);
		const at = list ? `${path}[${key}]` : `${path}.${key}`;
		const called = list
			? `${label} ${Number(key) + 1}`
			: inner
				? `${label} > ${inner.label}`
				: `${label} > ${key}`;
		const member = settled(inner, container[key], called, at);
		if ('refused' in member) return member;
		container[key] = member.value;
	}
	return { value };
}

/** The shape at a dotted parameter name ("options.busyRetries"), or undefined. */
function shapeAt(shapes: Map<string, Shape>, name: string): Shape | undefined {
	const [first, ...rest] = name.split('.');
	let shape = shapes.get(first);
	for (const part of rest) shape = shape?.members?.get(part);
	return shape;
}

const shown = (value: unknown) =>
	typeof value === 'boolean' ? String(value) : JSON.stringify(value);

function notANumber(ctx: IExecuteFunctions, itemIndex: number, refused: Refused): Error {
	const message = `"${refused.label}" is ${shown(refused.value)}, not a number.`;
	return refusedInput(ctx.getNode(), itemIndex, message, {
		field: refused.label,
		path: refused.path,
		code: NOT_A_NUMBER,
		value: refused.value,
		message,
		fix: `Give "${refused.label}" a number: type it, or make its expression give one (a boolean is not read as 1 or 0).`,
	});
}

/**
 * The context an operation runs with: `ctx` whose getNodeParameter refuses a number setting (of
 * `properties`, the node's description) holding a boolean, a list or an object.
 */
export function checkingNumberSettings(
	ctx: IExecuteFunctions,
	properties: ReadonlyArray<INodeProperties>,
): IExecuteFunctions {
	const shapes = shapesFor(properties);
	const getNodeParameter = ((name: string, itemIndex: number, ...rest: unknown[]) => {
		const value = (ctx.getNodeParameter as (...args: unknown[]) => unknown)(
			name,
			itemIndex,
			...rest,
		);
		const read = settled(shapeAt(shapes, name), value, labelAt(shapes, name), name);
		if ('refused' in read) throw notANumber(ctx, itemIndex, read.refused);
		return read.value;
	}) as IExecuteFunctions['getNodeParameter'];
	return new Proxy(ctx, {
		get(target, property) {
			if (property === 'getNodeParameter') return getNodeParameter;
			const member = Reflect.get(target, property, target) as unknown;
			return typeof member === 'function' ? member.bind(target) : member;
		},
	});
}

function labelAt(shapes: Map<string, Shape>, name: string): string {
	const labels: string[] = [];
	let members: Map<string, Shape> | undefined = shapes;
	for (const part of name.split('.')) {
		const shape: Shape | undefined = members?.get(part);
		labels.push(shape?.label ?? part);
		members = shape?.members;
	}
	return labels.join(' > ');
}

// The description's shapes, worked out once per description.
const known = new WeakMap<ReadonlyArray<INodeProperties>, Map<string, Shape>>();

function shapesFor(properties: ReadonlyArray<INodeProperties>): Map<string, Shape> {
	let shapes = known.get(properties);
	if (!shapes) known.set(properties, (shapes = shapesOf(properties)));
	return shapes;
}
