/** The voucher members around the concepts, shared by the order, line-items and refund conversions. */
import { mexicoCityMonthOf } from '../cfdi/mexicoTime';
import { GENERIC_NATIONAL_RFC } from '../cfdi/rfc';
import type { Receptor } from '../cfdi/types';
import { OrderInputError } from './orderInputError';
import type { VoucherHeader } from '../cfdi/pricing';
import type { IssuerSettings } from './settings';

export interface HeaderParts {
	tipoDeComprobante: 'I' | 'E';
	receptor: Receptor;
	moneda: string;
	tipoCambio?: number;
	formaPago: string;
	metodoPago: string;
	folio?: string;
	descripcionFacturador?: string;
	/** Year and month of the sale; needed for a general-public voucher (informacionGlobal). */
	period?: { anio: number; meses: string };
	/** Where the period comes from, for the error when it is missing. */
	periodPath: string;
}

/** Issuer settings are checked before any record is read: without them no voucher can be built. */
export function checkIssuerSettings(settings: IssuerSettings): void {
	const emisor = settings.emisor ?? {};
	const required: Array<[string, unknown, string]> = [
		['settings.emisor.rfc', emisor.rfc, "Set Issuer RFC to your company's RFC."],
		[
			'settings.emisor.nombre',
			emisor.nombre,
			'Set Issuer Name to your registered name, as on your tax certificate.',
		],
		[
			'settings.emisor.regimenFiscal',
			emisor.regimenFiscal,
			'Set Issuer Tax Regime, e.g. 601 for a company under the general regime.',
		],
		[
			'settings.lugarExpedicion',
			settings.lugarExpedicion,
			'Set Place of Issue to the 5-digit postal code you issue from.',
		],
	];
	for (const [path, value, fix] of required) {
		if (value === undefined || value === null || String(value).trim() === '') {
			throw new OrderInputError(path, `${path} is empty; every voucher needs it.`, fix);
		}
	}
}

export function voucherHeader(settings: IssuerSettings, parts: HeaderParts): VoucherHeader {
	const header: VoucherHeader = {
		version: '4.0',
		...(settings.serie ? { serie: settings.serie } : {}),
		...(parts.folio ? { folio: parts.folio } : {}),
		formaPago: parts.formaPago,
		metodoPago: parts.metodoPago,
		moneda: parts.moneda,
		...(parts.tipoCambio !== undefined ? { tipoCambio: parts.tipoCambio } : {}),
		tipoDeComprobante: parts.tipoDeComprobante,
		exportacion: '01',
		lugarExpedicion: settings.lugarExpedicion,
		...(parts.descripcionFacturador ? { descripcionFacturador: parts.descripcionFacturador } : {}),
		emisor: settings.emisor,
		receptor: parts.receptor,
	};
	if (parts.receptor.rfc === GENERIC_NATIONAL_RFC) {
		if (!parts.period) {
			const path = parts.periodPath;
			throw new OrderInputError(
				path,
				`${path} is missing; a general-public voucher names the month of the sale (informacionGlobal).`,
				`Give ${path} as a date such as 2026-11-20.`,
			);
		}
		// One sale to the general public is written as a daily-period global invoice of that sale.
		header.informacionGlobal = {
			periodicidad: '01',
			meses: parts.period.meses,
			anio: parts.period.anio,
		};
	}
	return header;
}

/**
 * The year and month of a sale (informacionGlobal's anio and meses) on Mexico City's calendar: a
 * timestamp with a zone is an instant ("2026-11-01T05:30:00Z" is 31 October there), a zone-less one
 * the shop's wall clock.
 */
export function saleMonthOf(value: unknown): { anio: number; meses: string } | undefined {
	const month = mexicoCityMonthOf(value);
	return month ? { anio: month.year, meses: String(month.month).padStart(2, '0') } : undefined;
}
