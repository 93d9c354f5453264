/**
 * The voucher list of the service (not in the spec; shape seen in public integrations, see
 * docs/spec-choices.md, "Calls beyond the documentation"): its two answer framings, its status codes, and the item this package
 * outputs for a voucher. Pure: no requests here.
 */
import type { IDataObject } from 'n8n-workflow';

import { ServiceCallError } from '../transport/serviceError';

/** Readable voucher states; `subEstatusId` 2, 3 and 4 are the ones seen on stamped vouchers. */
export type VoucherStatus = 'pending' | 'stamped' | 'cancelled' | 'pendingAcceptance' | 'unknown';

export function statusFromSubEstatus(subEstatusId: unknown): VoucherStatus {
	if (subEstatusId === null || subEstatusId === undefined || subEstatusId === '') return 'unknown';
	switch (Number(subEstatusId)) {
		case 0:
			return 'pending';
		case 2:
			return 'stamped';
		case 3:
			return 'cancelled';
		case 4:
			return 'pendingAcceptance';
		default:
			return 'unknown';
	}
}

/** One voucher as the node outputs it: the service's summary with English names. */
export interface VoucherRecord extends IDataObject {
	uuid: string;
	voucherId: number | null;
	/** The voucher date as the service reports it (CFDI Fecha, Mexico City time). */
	date: string | null;
	status: VoucherStatus;
	subEstatusId: number | null;
	/** The service's own words for the state, e.g. "Cancelado con aceptación". */
	statusDescription: string | null;
	series: string | null;
	folio: string | null;
	recipientRfc: string | null;
	recipientName: string | null;
	subtotal: number | null;
	total: number | null;
	currency: string | null;
	/** Members the list entry left out (series, folio): unknown, unlike a member given as null. */
	omits?: string[];
}

const pick = (item: IDataObject, ...keys: string[]): unknown => {
	for (const key of keys) if (item[key] !== undefined && item[key] !== null) return item[key];
	return null;
};
const textOrNull = (value: unknown): string | null =>
	value === null || value === undefined || value === '' ? null : String(value);
const numberOrNull = (value: unknown): number | null => {
	if (value === null || value === undefined || value === '') return null;
	const n = Number(value);
	return Number.isFinite(n) ? n : null;
};

/** Maps one list item; the casing of keys varies between integrations, so both are read. */
export function toVoucherRecord(item: IDataObject): VoucherRecord {
	const subEstatusId = numberOrNull(pick(item, 'subestatusId', 'subEstatusId', 'SubestatusId'));
	return {
		uuid: String(pick(item, 'uuid', 'UUID', 'Uuid') ?? '').toUpperCase(),
		voucherId: numberOrNull(pick(item, 'idComprobante', 'IdComprobante')),
		date: textOrNull(pick(item, 'fecha', 'Fecha')),
		status: statusFromSubEstatus(subEstatusId),
		subEstatusId,
		statusDescription: textOrNull(pick(item, 'subestatus', 'subEstatus', 'estatus')),
		series: textOrNull(pick(item, 'serie', 'Serie')),
		folio: textOrNull(pick(item, 'folio', 'Folio')),
		recipientRfc: textOrNull(pick(item, 'receptorRfc', 'rfcReceptor', 'ReceptorRfc')),
		recipientName: textOrNull(pick(item, 'receptorNombre', 'nombreReceptor', 'ReceptorNombre')),
		subtotal: numberOrNull(pick(item, 'subtotal', 'subTotal', 'SubTotal')),
		total: numberOrNull(pick(item, 'total', 'Total')),
		currency: textOrNull(pick(item, 'moneda', 'Moneda')),
		...omitted(item),
	};
}

/** The series and folio members an entry lacks altogether (a voucher without a folio lists it as null). */
function omitted(item: IDataObject): { omits?: string[] } {
	const omits = [
		['series', 'serie', 'Serie'],
		['folio', 'folio', 'Folio'],
	]
		.filter(([, ...keys]) => keys.every((key) => !(key in item)))
		.map(([member]) => member);
	return omits.length ? { omits } : {};
}

export interface ListPage {
	items: IDataObject[];
	/** The total count when the service frames the answer with it. */
	total?: number;
}

/** Reads a list answer: a bare array, or `{ numeroComprobantes, resumenComprobante }`. */
export function readListPage(parsed: unknown): ListPage {
	const asItems = (list: unknown[]): IDataObject[] => {
		if (!list.every((item) => item && typeof item === 'object' && !Array.isArray(item))) {
			throw new ServiceCallError(
				'The service answered the voucher list with entries that are not objects.',
				'malformed',
			);
		}
		return list as IDataObject[];
	};
	if (Array.isArray(parsed)) return { items: asItems(parsed) };
	if (parsed && typeof parsed === 'object') {
		const framed = parsed as IDataObject;
		const list = framed.resumenComprobante ?? framed.ResumenComprobante;
		if (Array.isArray(list)) {
			const total = numberOrNull(framed.numeroComprobantes ?? framed.NumeroComprobantes);
			return total === null ? { items: asItems(list) } : { items: asItems(list), total };
		}
	}
	throw new ServiceCallError(
		`The service answered the voucher list with ${JSON.stringify(parsed)?.slice(0, 80)} instead of a list of vouchers.`,
		'malformed',
	);
}

/** Where a zone-less date or date-time is read (the workflow's time zone). */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ZONELESS = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one (a poll reads thousands of dates). */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
	let format = wallClockFormats.get(timeZone);
	if (!format) {
		format = new Intl.DateTimeFormat('en-CA', {
			timeZone,
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
			hourCycle: 'h23',
		});
		wallClockFormats.set(timeZone, format);
	}
	return format;
}

function wallClockOffsetMs(epochMs: number, timeZone: string): number {
	const parts: Record<string, string> = {};
	const format = wallClockFormat(timeZone);
	for (const part of format.formatToParts(new Date(epochMs))) parts[part.type] = part.value;
	const asUtc = Date.UTC(
		Number(parts.year),
		Number(parts.month) - 1,
		Number(parts.day),
		Number(parts.hour),
		Number(parts.minute),
		Number(parts.second),
	);
	return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/**
 * Unix seconds of a date the user typed or mapped: an ISO string with a zone, a zone-less date or
 * date-time read in `timeZone`, a Date, or a Luxon DateTime (what {{ $now }} gives). Null when it
 * cannot be read.
 */
export function toUnixSeconds(value: unknown, timeZone: string): number | null {
	if (value instanceof Date)
		return Number.isNaN(value.getTime()) ? null : Math.floor(value.getTime() / 1000);
	if (
		value &&
		typeof value === 'object' &&
		typeof (value as { toMillis?: unknown }).toMillis === 'function'
	) {
		const ms = (value as { toMillis: () => number }).toMillis();
		return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
	}
	if (typeof value !== 'string') return null;
	const text = value.trim();
	const local = DATE_ONLY.exec(text) ?? ZONELESS.exec(text);
	if (local) {
		const [year, month, day, hour = '0', minute = '0', second = '0'] = local.slice(1);
		const asUtc = Date.UTC(
			Number(year),
			Number(month) - 1,
			Number(day),
			Number(hour),
			Number(minute),
			Number(second ?? 0),
		);
		if (Number.isNaN(asUtc)) return null;
		// Two passes settle the offset around a daylight-saving change.
		let epoch = asUtc - wallClockOffsetMs(asUtc, timeZone);
		epoch = asUtc - wallClockOffsetMs(epoch, timeZone);
		return Math.floor(epoch / 1000);
	}
	const parsed = Date.parse(text);
	return Number.isNaN(parsed) ? null : Math.floor(parsed / 1000);
}
