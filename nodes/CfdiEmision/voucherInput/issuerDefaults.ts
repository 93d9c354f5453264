/**
 * The issuer's data remembered in the credential (optional fields): RFC, name, tax regime and place
 * of issue, typed once. A voucher whose Issuer RFC field is left empty takes the whole issuer (RFC,
 * name, regime) from the credential; an empty Place of Issue takes the credential's postal code.
 * Values typed in the node always win. The credential's fields are in credentials/CfdiEmisionApi.credentials.ts.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Emisor } from '../cfdi/types';
import { fieldText } from '../cfdi/fieldText';

export interface IssuerDefaults {
	rfc?: string;
	nombre?: string;
	regimenFiscal?: string;
	lugarExpedicion?: string;
}

function text(value: unknown): string {
	return typeof value === 'string' ? value.trim() : '';
}

/** The issuer data of the node's credential; none when the node has no credential (e.g. Validate). */
export async function readIssuerDefaults(ctx: IExecuteFunctions): Promise<IssuerDefaults> {
	let credential: IDataObject;
	try {
		credential = (await ctx.getCredentials('cfdiEmisionApi')) as IDataObject;
	} catch {
		return {};
	}
	const defaults: IssuerDefaults = {
		rfc: text(credential.issuerRfc).toUpperCase() || undefined,
		nombre: text(credential.issuerName) || undefined,
		regimenFiscal: text(credential.issuerRegime) || undefined,
		lugarExpedicion: text(credential.issuerPostalCode) || undefined,
	};
	return Object.fromEntries(
		Object.entries(defaults).filter(([, value]) => value !== undefined),
	) as IssuerDefaults;
}

const empty = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The voucher with the credential's issuer where the node left it empty (see the module comment). */
export function withIssuerDefaults(voucher: IDataObject, defaults: IssuerDefaults): IDataObject {
	if (!defaults.rfc && !defaults.lugarExpedicion) return voucher;
	const out: IDataObject = { ...voucher };
	const emisor = out.emisor && typeof out.emisor === 'object' ? (out.emisor as IDataObject) : {};
	if (defaults.rfc && empty(emisor.rfc)) {
		out.emisor = {
			...emisor,
			rfc: defaults.rfc,
			...(defaults.nombre && empty(emisor.nombre) ? { nombre: defaults.nombre } : {}),
			// Version 1's regime field always has a value (601 by default): the credential's goes with its RFC.
			...(defaults.regimenFiscal ? { regimenFiscal: defaults.regimenFiscal } : {}),
		};
	} else if (
		defaults.regimenFiscal &&
		empty(emisor.regimenFiscal) &&
		String(emisor.rfc ?? '')
			.trim()
			.toUpperCase() === defaults.rfc
	) {
		// The credential's own RFC typed in the node, its regime left empty (no preset from version 1.1).
		out.emisor = { ...emisor, regimenFiscal: defaults.regimenFiscal };
	}
	if (defaults.lugarExpedicion && empty(out.lugarExpedicion)) {
		out.lugarExpedicion = defaults.lugarExpedicion;
		// The general public's postal code is the place of issue (built before it was known).
		const receptor =
			out.receptor && typeof out.receptor === 'object' ? (out.receptor as IDataObject) : undefined;
		if (receptor?.rfc === 'XAXX010101000' && empty(receptor.domicilioFiscalReceptor))
			out.receptor = { ...receptor, domicilioFiscalReceptor: defaults.lugarExpedicion };
	}
	return out;
}

/**
 * The Order and Line Items modes' issuer settings: the node's issuer fields, the credential's issuer
 * where they are empty (as above), before the conversion checks them.
 */
export function issuerSettings(
	get: <T>(name: string, fallback: T) => T,
	defaults: IssuerDefaults,
): { emisor: Emisor; lugarExpedicion: string; serie?: string } {
	const serie = fieldText(get('serie', ''));
	const typed = {
		emisor: {
			rfc: fieldText(get('emisorRfc', '')).toUpperCase(),
			nombre: fieldText(get('emisorNombre', '')),
			regimenFiscal: fieldText(get('emisorRegimenFiscal', '')),
		},
		lugarExpedicion: fieldText(get('lugarExpedicion', '')),
	};
	return {
		...(withIssuerDefaults(typed, defaults) as typeof typed),
		...(serie ? { serie } : {}),
	};
}
