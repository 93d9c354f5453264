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
