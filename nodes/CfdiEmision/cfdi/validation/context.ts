import { currencyDecimals } from '../catalogs/moneda';
import { parseDecimal, type Decimal } from '../decimal';
import type { Finding } from '../types';
import { isRecord } from '../voucherShape';

export type UnknownRecord = Record<string, unknown>;

/** A non-empty string member, or undefined (type problems are reported by requiredFields). */
export function textOf(record: UnknownRecord | undefined, key: string): string | undefined {
	const value = record?.[key];
	return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** An amount member that is a JSON number, as an exact decimal; undefined otherwise. */
export function amountOf(record: UnknownRecord | undefined, key: string): Decimal | undefined {
	const value = record?.[key];
	return typeof value === 'number' ? parseDecimal(value) : undefined;
}

/** A member that holds something: null and undefined count as absent. */
export function isPresent(record: UnknownRecord | undefined, key: string): boolean {
	const value = record?.[key];
	return value !== undefined && value !== null;
}

/** The parts of a voucher the checks navigate, resolved once. */
export interface VoucherView {
	root: UnknownRecord;
	emisor?: UnknownRecord;
	receptor?: UnknownRecord;
	/** undefined entries are concepts that are not objects. */
	conceptos: Array<UnknownRecord | undefined>;
	impuestos?: UnknownRecord;
	tipo?: string;
	moneda?: string;
}

export function viewOf(root: UnknownRecord): VoucherView {
	return {
		root,
		emisor: isRecord(root.emisor) ? root.emisor : undefined,
		receptor: isRecord(root.receptor) ? root.receptor : undefined,
		conceptos: Array.isArray(root.conceptos)
			? root.conceptos.map((c) => (isRecord(c) ? c : undefined))
			: [],
		impuestos: isRecord(root.impuestos) ? root.impuestos : undefined,
		tipo: textOf(root, 'tipoDeComprobante'),
		moneda: textOf(root, 'moneda'),
	};
}

/**
 * Collects findings. Each path that got an error is remembered so that checks depending on it
 * are skipped: one wrong value gives one error, not a cascade of derived ones.
 */
export class ValidationContext {
	readonly errors: Finding[] = [];
	readonly warnings: Finding[] = [];
	private readonly flaggedPaths: string[] = [];

	constructor(
		readonly view: VoucherView,
		readonly stamp: boolean,
	) {}

	/** Currency decimals of a valid moneda; undefined when moneda is missing or not in c_Moneda. */
	get decimals(): number | undefined {
		return currencyDecimals(this.view.moneda);
	}

	error(code: string, path: string, message: string, fix: string, value?: unknown): void {
		this.errors.push(withValue({ code, path, message, fix }, value));
		this.flaggedPaths.push(path);
	}

	warn(code: string, path: string, message: string, fix: string, value?: unknown): void {
		this.warnings.push(withValue({ code, path, message, fix }, value));
	}

	/** A required member is absent: an error when stamping, a warning for a pending save. */
	missing(path: string, fix: string, code = 'REQUIRED', message = `${path} is missing.`): void {
		const finding: Finding = { code, path, message, fix };
		(this.stamp ? this.errors : this.warnings).push(finding);
		this.flaggedPaths.push(path);
	}

	/** true when no error was reported on any of these paths, their parents or their children. */
	isClean(...paths: string[]): boolean {
		return paths.every((path) => this.flaggedPaths.every((flagged) => !related(flagged, path)));
	}
}

function withValue(finding: Finding, value: unknown): Finding {
	return value === undefined ? finding : { ...finding, value };
}

function related(a: string, b: string): boolean {
	return a === b || contains(a, b) || contains(b, a);
}

function contains(parent: string, child: string): boolean {
	if (parent === '') return true;
	return child.startsWith(parent) && (child[parent.length] === '.' || child[parent.length] === '[');
}
