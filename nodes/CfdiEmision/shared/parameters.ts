import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { UUID_PATTERN } from './descriptions';

/**
 * Reads a JSON parameter given as text or as a value (an expression may produce either); empty text
 * is undefined. `hint` says how to map the value, for the error on text that is not JSON.
 */
export function readJsonValue(ctx: IExecuteFunctions, name: string, itemIndex: number, label: string, hint: string): unknown {
	const raw = ctx.getNodeParameter(name, itemIndex, undefined) as unknown;
	if (typeof raw !== 'string') return raw;
	const text = raw.trim();
	if (!text) return undefined;
	try {
		return JSON.parse(text) as unknown;
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: "${label}" is not valid JSON (${(error as Error).message}).`, { itemIndex, description: hint });
	}
}

/** Reads a JSON object parameter given as text or as an object (an expression may produce either). */
export function readJsonParameter(ctx: IExecuteFunctions, name: string, itemIndex: number, label: string): IDataObject {
	const value = readJsonValue(ctx, name, itemIndex, label, 'Enter a JSON object, or map one from a previous node with an expression such as {{ $json.voucher }}.') ?? {};
	if (!value || typeof value !== 'object' || Array.isArray(value)) {
		throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: "${label}" must be a JSON object, not ${Array.isArray(value) ? 'an array' : typeof value}.`, { itemIndex });
	}
	return value as IDataObject;
}

export function readUuid(ctx: IExecuteFunctions, itemIndex: number): string {
	const uuid = String(ctx.getNodeParameter('uuid', itemIndex, '') ?? '').trim();
	if (!UUID_PATTERN.test(uuid)) {
		throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: UUID "${uuid}" is not a voucher UUID.`, {
			itemIndex,
			description: 'Use the 36-character UUID (folio fiscal) of a stamped voucher, such as the "uuid" returned by the Create operation.',
		});
	}
	return uuid;
}

export function readVoucherId(ctx: IExecuteFunctions, itemIndex: number): number {
	const raw = ctx.getNodeParameter('voucherId', itemIndex, '') as unknown;
	const id = typeof raw === 'number' ? raw : Number(String(raw ?? '').trim());
	if (!Number.isInteger(id) || id <= 0) {
		throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: Voucher ID "${String(raw)}" is not a voucher id.`, {
			itemIndex,
			description: 'Use the positive integer "idComprobante" returned when the voucher was saved as pending.',
		});
	}
	return id;
}

/** Deep-merges plain objects; arrays and other values from `extra` replace what was there. */
export function mergeMembers(base: IDataObject, extra: IDataObject): IDataObject {
	const merged: IDataObject = { ...base };
	for (const [key, value] of Object.entries(extra)) {
		const current = merged[key];
		merged[key] =
			value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object' && !Array.isArray(current)
				? mergeMembers(current as IDataObject, value as IDataObject)
				: value;
	}
	return merged;
}
