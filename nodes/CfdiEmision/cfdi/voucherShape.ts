/**
 * The ONE module that knows how complements and relations are laid out in the service's JSON.
 *
 * The spec shows no complement shapes (section 2.10). The convention used here, seen in a public
 * client of the service: member names are the SAT XML attribute names in lowerCamelCase, a
 * repeated element is an array under its singular name, and complements sit under `complemento`:
 *
 *   complemento.complementoPago20 = { version "2.0", totales {...}, pago [{ ..., doctoRelacionado [...], impuestosP {...} }] }
 *   cfdiRelacionados              = [{ tipoRelacion, cfdiRelacionado [{ uuid }] }]
 *   informacionGlobal             = { periodicidad, meses, anio }
 *   complemento.leyendasFiscales  = { version "1.0", leyenda [{ disposicionFiscal, norma, textoLeyenda }] }
 *   complemento.cartaPorte31      = { version "3.1", idCCP, transpInternac, ubicaciones { ubicacion [...] }, mercancias {...}, figuraTransporte {...} }
 *   complemento.comercioExterior20 = { version "2.0", ..., mercancias { mercancia [...] } }
 *
 * Every other file reads and writes these structures through the names and accessors below. The
 * code works with "model" member names (the SAT names); `JSON_NAMES` maps a model name to the
 * service's member name wherever they differ. Today they never differ, so the map is empty; if the
 * real service turns out to use another name (say `pagos20` instead of `complementoPago20`, or
 * `doctosRelacionados`), adding it to `JSON_NAMES` is the whole change.
 */

export type JsonRecord = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Model types (what builders produce and validators read, with the SAT's member names)
// ---------------------------------------------------------------------------------------------

/** A transferred tax of a related document (TrasladoDR). */
export interface TrasladoDR {
	baseDR: number;
	impuestoDR: string;
	tipoFactorDR: string;
	/** Absent for Exento. */
	tasaOCuotaDR?: number;
	/** Absent for Exento. */
	importeDR?: number;
}

/** A withheld tax of a related document (RetencionDR). */
export interface RetencionDR {
	baseDR: number;
	impuestoDR: string;
	tipoFactorDR: string;
	tasaOCuotaDR: number;
	importeDR: number;
}

export interface ImpuestosDR {
	retencionesDR?: RetencionDR[];
	trasladosDR?: TrasladoDR[];
}

/** One invoice paid by a payment (DoctoRelacionado). */
export interface DoctoRelacionado {
	/** UUID of the paid invoice. */
	idDocumento: string;
	serie?: string;
	folio?: string;
	monedaDR: string;
	/** Units of monedaDR per one unit of monedaP; 1 when both are the same. */
	equivalenciaDR: number;
	numParcialidad: number;
	impSaldoAnt: number;
	impPagado: number;
	impSaldoInsoluto: number;
	objetoImpDR: string;
	impuestosDR?: ImpuestosDR;
}

export interface TrasladoP {
	baseP: number;
	impuestoP: string;
	tipoFactorP: string;
	tasaOCuotaP?: number;
	importeP?: number;
}

export interface RetencionP {
	impuestoP: string;
	importeP: number;
}

export interface ImpuestosP {
	retencionesP?: RetencionP[];
	trasladosP?: TrasladoP[];
}

/** One payment (Pago). */
export interface Pago {
	/** YYYY-MM-DDThh:mm:ss */
	fechaPago: string;
	formaDePagoP: string;
	monedaP: string;
	tipoCambioP?: number;
	monto: number;
	numOperacion?: string;
	doctoRelacionado: DoctoRelacionado[];
	impuestosP?: ImpuestosP;
}

/** Totales of the payment complement, in MXN; each member present only when it applies. */
export interface PaymentTotals {
	totalRetencionesIVA?: number;
	totalRetencionesISR?: number;
	totalRetencionesIEPS?: number;
	totalTrasladosBaseIVA16?: number;
	totalTrasladosImpuestoIVA16?: number;
	totalTrasladosBaseIVA8?: number;
	totalTrasladosImpuestoIVA8?: number;
	totalTrasladosBaseIVA0?: number;
	totalTrasladosImpuestoIVA0?: number;
	totalTrasladosBaseIVAExento?: number;
	montoTotalPagos: number;
}

/** Complemento para recepción de pagos 2.0. */
export interface PaymentComplement {
	version: string;
	totales: PaymentTotals;
	pago: Pago[];
}

/** One group of related vouchers (CfdiRelacionados). */
export interface RelatedGroup {
	tipoRelacion: string;
	cfdiRelacionado: Array<{ uuid: string }>;
}

/** InformacionGlobal of a global invoice. */
export interface InformacionGlobal {
	periodicidad: string;
	meses: string;
	anio: number;
}

export interface FiscalLegend {
	disposicionFiscal?: string;
	norma?: string;
	textoLeyenda: string;
}

/** Complemento LeyendasFiscales 1.0. */
export interface FiscalLegends {
	version: string;
	leyenda: FiscalLegend[];
}

// ---------------------------------------------------------------------------------------------
// Names, versions and the mapping to the service's JSON
// ---------------------------------------------------------------------------------------------

/** Where each structure lives, with its model member names. */
export const SHAPE = {
	complemento: 'complemento',
	payments: 'complementoPago20',
	legends: 'leyendasFiscales',
	cartaPorte: 'cartaPorte31',
	foreignTrade: 'comercioExterior20',
	related: 'cfdiRelacionados',
	globalInformation: 'informacionGlobal',
} as const;

export const VERSIONS = {
	payments: '2.0',
	legends: '1.0',
	cartaPorte: '3.1',
	foreignTrade: '2.0',
} as const;

/**
 * Model member name → service member name, where they differ (none known today). Keys are model
 * names; the same map serves reading (reversed) and writing, and the paths shown in errors.
 */
const JSON_NAMES: Readonly<Record<string, string>> = {};
const MODEL_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
	Object.entries(JSON_NAMES).map(([model, json]) => [json, model]),
);

/** The service's member name for a model member name. */
export function jsonName(modelName: string): string {
	return JSON_NAMES[modelName] ?? modelName;
}

/** `parent.member` with the service's name, for paths shown to users ('' parent = the root). */
export function memberPath(parent: string, modelName: string): string {
	const name = jsonName(modelName);
	return parent ? `${parent}.${name}` : name;
}

/** `parent.member[index]`. */
export function itemPath(parent: string, modelName: string, index: number): string {
	return `${memberPath(parent, modelName)}[${index}]`;
}

export const PATHS = {
	complemento: memberPath('', SHAPE.complemento),
	payments: memberPath(memberPath('', SHAPE.complemento), SHAPE.payments),
	legends: memberPath(memberPath('', SHAPE.complemento), SHAPE.legends),
	cartaPorte: memberPath(memberPath('', SHAPE.complemento), SHAPE.cartaPorte),
	foreignTrade: memberPath(memberPath('', SHAPE.complemento), SHAPE.foreignTrade),
	related: memberPath('', SHAPE.related),
	globalInformation: memberPath('', SHAPE.globalInformation),
} as const;

/** A JSON object: not null, not a list, not text or a number. The one test of it in the package. */
export function isRecord(value: unknown): value is JsonRecord {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function renameKeys(value: unknown, names: Readonly<Record<string, string>>): unknown {
	if (Array.isArray(value)) return value.map((item) => renameKeys(item, names));
	if (!isRecord(value)) return value;
	const out: JsonRecord = {};
	for (const [key, member] of Object.entries(value))
		out[names[key] ?? key] = renameKeys(member, names);
	return out;
}

/** A model structure written with the service's member names (deep; unknown members kept). */
export function toServiceJson(model: unknown): unknown {
	return Object.keys(JSON_NAMES).length === 0 ? model : renameKeys(model, JSON_NAMES);
}

/** A service structure read with the model's member names (deep; unknown members kept). */
export function fromServiceJson(json: unknown): unknown {
	return Object.keys(MODEL_NAMES).length === 0 ? json : renameKeys(json, MODEL_NAMES);
}

// ---------------------------------------------------------------------------------------------
// Accessors on a voucher body (service JSON in, model out; model in, service JSON out)
// ---------------------------------------------------------------------------------------------

function complementoOf(voucher: JsonRecord): JsonRecord | undefined {
	const complemento = voucher[jsonName(SHAPE.complemento)];
	return isRecord(complemento) ? complemento : undefined;
}

/** A complement's raw value (model names), or undefined when the voucher has none. */
export function complementOf(
	voucher: JsonRecord,
	member: 'payments' | 'legends' | 'cartaPorte' | 'foreignTrade',
): unknown {
	const value = complementoOf(voucher)?.[jsonName(SHAPE[member])];
	return value === undefined ? undefined : fromServiceJson(value);
}

/** true when the voucher carries a complemento member of that name (whatever its value). */
export function hasComplement(
	voucher: JsonRecord,
	member: 'payments' | 'legends' | 'cartaPorte' | 'foreignTrade',
): boolean {
	const value = complementoOf(voucher)?.[jsonName(SHAPE[member])];
	return value !== undefined && value !== null;
}

/** A copy of the voucher with the complement set (other complements kept). */
export function withComplement(
	voucher: JsonRecord,
	member: 'payments' | 'legends' | 'cartaPorte' | 'foreignTrade',
	model: PaymentComplement | FiscalLegends | JsonRecord,
): JsonRecord {
	const complemento = {
		...(complementoOf(voucher) ?? {}),
		[jsonName(SHAPE[member])]: toServiceJson(model),
	};
	return { ...voucher, [jsonName(SHAPE.complemento)]: complemento };
}

/** The raw related-voucher groups (model names), or undefined. */
export function relatedGroupsOf(voucher: JsonRecord): unknown {
	const value = voucher[jsonName(SHAPE.related)];
	return value === undefined ? undefined : fromServiceJson(value);
}

/** A copy of the voucher with these related-voucher groups added after any it had. */
export function withRelatedGroups(voucher: JsonRecord, groups: RelatedGroup[]): JsonRecord {
	if (groups.length === 0) return voucher;
	const existing = voucher[jsonName(SHAPE.related)];
	const before = Array.isArray(existing) ? existing : [];
	return {
		...voucher,
		[jsonName(SHAPE.related)]: [...before, ...(toServiceJson(groups) as unknown[])],
	};
}

export function globalInformationOf(voucher: JsonRecord): unknown {
	const value = voucher[jsonName(SHAPE.globalInformation)];
	return value === undefined ? undefined : fromServiceJson(value);
}

export function withGlobalInformation(voucher: JsonRecord, info: InformacionGlobal): JsonRecord {
	return { ...voucher, [jsonName(SHAPE.globalInformation)]: toServiceJson(info) };
}

// ---------------------------------------------------------------------------------------------
// Payment totals: which totales member holds which tax
// ---------------------------------------------------------------------------------------------

/** IVA transfer rates with their own totales members (rate text with 6 decimals, as in the XML). */
export const TOTALES_IVA_RATES: ReadonlyArray<{
	rate: string;
	base: keyof PaymentTotals;
	impuesto: keyof PaymentTotals;
}> = [
	{ rate: '0.160000', base: 'totalTrasladosBaseIVA16', impuesto: 'totalTrasladosImpuestoIVA16' },
	{ rate: '0.080000', base: 'totalTrasladosBaseIVA8', impuesto: 'totalTrasladosImpuestoIVA8' },
	{ rate: '0.000000', base: 'totalTrasladosBaseIVA0', impuesto: 'totalTrasladosImpuestoIVA0' },
];

export const TOTALES_IVA_EXEMPT_BASE: keyof PaymentTotals = 'totalTrasladosBaseIVAExento';

/** Withheld tax code → its totales member. */
export const TOTALES_RETENCIONES: Readonly<Record<string, keyof PaymentTotals>> = {
	'001': 'totalRetencionesISR',
	'002': 'totalRetencionesIVA',
	'003': 'totalRetencionesIEPS',
};

export const TOTALES_MONTO: keyof PaymentTotals = 'montoTotalPagos';

/** Every totales member, in the order the XML schema lists them. */
export const TOTALES_MEMBERS: ReadonlyArray<keyof PaymentTotals> = [
	'totalRetencionesIVA',
	'totalRetencionesISR',
	'totalRetencionesIEPS',
	'totalTrasladosBaseIVA16',
	'totalTrasladosImpuestoIVA16',
	'totalTrasladosBaseIVA8',
	'totalTrasladosImpuestoIVA8',
	'totalTrasladosBaseIVA0',
	'totalTrasladosImpuestoIVA0',
	'totalTrasladosBaseIVAExento',
	'montoTotalPagos',
];
