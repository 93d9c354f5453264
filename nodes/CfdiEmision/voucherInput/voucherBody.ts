import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { mergeMembers, readJsonParameter } from '../shared/parameters';
import type { BuiltVoucher } from './builtVoucher';
import { voucherFromLineItems, voucherFromOrder } from './orderInput';

function compactAddress(address: IDataObject | undefined): IDataObject | undefined {
	if (!address) return undefined;
	const members = Object.entries(address).filter(([, value]) => value !== undefined && value !== '');
	return members.length ? Object.fromEntries(members) : undefined;
}

function withoutEmpty(object: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined && value !== '')) as IDataObject;
}

/** The issuer (spec 2.2) from the shared issuer fields. */
export function issuerFromFields(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const get = <T>(name: string, fallback: T) => ctx.getNodeParameter(name, itemIndex, fallback) as T;
	return withoutEmpty({
		rfc: get('emisorRfc', ''),
		nombre: get('emisorNombre', ''),
		regimenFiscal: get('emisorRegimenFiscal', ''),
		sucursal: compactAddress(get<IDataObject>('emisorSucursal', {})),
	});
}

/** The recipient (spec 2.3) from the shared recipient fields. */
export function recipientFromFields(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const get = <T>(name: string, fallback: T) => ctx.getNodeParameter(name, itemIndex, fallback) as T;
	const direccionId = get<number>('receptorDireccionId', 0);
	return withoutEmpty({
		rfc: get('receptorRfc', ''),
		nombre: get('receptorNombre', ''),
		usoCFDI: get('receptorUsoCfdi', ''),
		regimenFiscalReceptor: get('receptorRegimenFiscal', ''),
		domicilioFiscalReceptor: get('receptorDomicilioFiscal', ''),
		direccionIDFacturador: direccionId ? direccionId : undefined,
		direccion: compactAddress(get<IDataObject>('receptorDireccion', {})),
	});
}

/** The voucher of spec 2.1 from the node's field-by-field parameters. */
function voucherFromFields(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const get = <T>(name: string, fallback: T) => ctx.getNodeParameter(name, itemIndex, fallback) as T;
	const conceptos = (get<{ concepto?: IDataObject[] }>('conceptos', {}).concepto ?? []).map((line) => ({
		claveProdServ: line.claveProdServ,
		cantidad: line.cantidad,
		claveUnidad: line.claveUnidad,
		descripcion: line.descripcion,
		valorUnitario: line.valorUnitario,
		importe: line.importe,
		objetoImp: line.objetoImp,
	}));
	return withoutEmpty({
		emisor: issuerFromFields(ctx, itemIndex),
		receptor: recipientFromFields(ctx, itemIndex),
		conceptos,
		version: '4.0',
		serie: get('serie', ''),
		formaPago: get('formaPago', ''),
		subTotal: get('subTotal', 0),
		moneda: get('moneda', ''),
		total: get('total', 0),
		tipoDeComprobante: get('tipoDeComprobante', ''),
		exportacion: get('exportacion', ''),
		metodoPago: get('metodoPago', ''),
		lugarExpedicion: get('lugarExpedicion', ''),
		descripcionFacturador: get('descripcionFacturador', ''),
	});
}

/** Small normalisations both input modes share, so the same voucher gives the same body. */
export function normalizeVoucher(voucher: IDataObject): IDataObject {
	const normalized: IDataObject = { ...voucher };
	normalized.version ??= '4.0';
	if (Array.isArray(normalized.conceptos)) {
		// The API carries cantidad as a string (spec 2.4).
		normalized.conceptos = (normalized.conceptos as IDataObject[]).map((line) =>
			line && typeof line === 'object' && typeof line.cantidad === 'number' ? { ...line, cantidad: String(line.cantidad) } : line,
		);
	}
	return normalized;
}

/**
 * The voucher of the Input Mode (Fields, JSON, Order, Line Items): the body builder of Create and
 * Update, and what Validate checks.
 */
export function voucherFromInput(ctx: IExecuteFunctions, itemIndex: number): IDataObject | BuiltVoucher {
	const mode = ctx.getNodeParameter('inputMode', itemIndex, 'fields') as string;
	if (mode === 'order') return voucherFromOrder(ctx, itemIndex);
	if (mode === 'lineItems') return voucherFromLineItems(ctx, itemIndex);
	return mode === 'json' ? readJsonParameter(ctx, 'voucherJson', itemIndex, 'Voucher (JSON)') : voucherFromFields(ctx, itemIndex);
}

/**
 * What the Options collection adds to any voucher, whatever built it: the "additional fields"
 * merged in and the options that belong in the body (fecha). `id` is the stamping handler's.
 */
export function applyBodyOptions(ctx: IExecuteFunctions, itemIndex: number, given: IDataObject, options: IDataObject): IDataObject {
	let voucher: IDataObject = { ...given };
	if (options.additionalFieldsJson !== undefined) {
		const extra = readJsonParameter(ctx, 'options.additionalFieldsJson', itemIndex, 'Additional Fields (JSON)');
		voucher = mergeMembers(voucher, extra);
	}
	if (options.noCalcularFecha === true && typeof options.fecha === 'string' && options.fecha.trim()) {
		voucher.fecha = options.fecha.trim();
	}
	return normalizeVoucher(voucher);
}
