/** How the kinds' rules and rendering read a body's JSON members, and the checks they share. */
import { isObject } from './modelBinding';
import type { ValidationError, VoucherBody } from './types';

export type Json = Record<string, unknown>;

// Amount comparisons allow one cent per summed amount (plus float noise), as the SAT's margins do.
export const CENT = 0.01 + 1e-9;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function obj(value: unknown): Json {
	return isObject(value) ? value : {};
}

export function list(value: unknown): Json[] {
	return Array.isArray(value) ? value.filter(isObject) : [];
}

export function complemento(body: VoucherBody): Json {
	return obj(body.complemento);
}

export function present(value: unknown): boolean {
	return value !== undefined && value !== null && value !== '';
}

export function near(a: number | undefined, b: number, tolerance = CENT): boolean {
	return a !== undefined && Math.abs(a - b) <= tolerance;
}

export function err(codigo: string, mensaje: string): ValidationError {
	return { codigo, mensaje };
}
