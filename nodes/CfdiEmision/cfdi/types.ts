/**
 * The voucher body sent to the issuing service (spec section 2.1 plus the members seen in
 * practice). Field names are exact. Amounts are JSON numbers except concept cantidad, which the
 * service carries as a string. Members the totals computation can fill are optional here.
 * Unknown extra members (complements, custom fields) are allowed and passed through.
 */

export type TipoFactor = 'Tasa' | 'Cuota' | 'Exento';

/** A tax line of a concept: transferred (traslado) or withheld (retención). */
export interface ConceptoTax {
	/** Amount the tax is computed on: importe − descuento for Tasa, units for Cuota. */
	base?: number;
	/** "001" ISR, "002" IVA, "003" IEPS. */
	impuesto: string;
	tipoFactor: TipoFactor | string;
	/** Rate (0.16) or amount per unit; absent for Exento. */
	tasaOCuota?: number;
	/** Tax amount; absent for Exento. */
	importe?: number;
	[extra: string]: unknown;
}

export interface ConceptoImpuestos {
	traslados?: ConceptoTax[];
	retenciones?: ConceptoTax[];
	[extra: string]: unknown;
}

export interface Concepto {
	claveProdServ: string;
	noIdentificacion?: string;
	/** Quantity as decimal text (a number is accepted and converted by computeTotals). */
	cantidad: string | number;
	claveUnidad: string;
	unidad?: string;
	descripcion: string;
	valorUnitario: number;
	/** cantidad × valorUnitario rounded to the currency decimals. */
	importe?: number;
	descuento?: number;
	/** c_ObjetoImp; "02" when the concept carries taxes. */
	objetoImp?: string;
	impuestos?: ConceptoImpuestos;
	[extra: string]: unknown;
}

/** Voucher-level transferred tax, one per impuesto + tipoFactor + tasaOCuota. */
export interface VoucherTraslado {
	base: number;
	impuesto: string;
	tipoFactor: TipoFactor | string;
	tasaOCuota?: number;
	importe?: number;
	[extra: string]: unknown;
}

/** Voucher-level withheld tax, one per impuesto. */
export interface VoucherRetencion {
	impuesto: string;
	importe: number;
	[extra: string]: unknown;
}

export interface Impuestos {
	traslados?: VoucherTraslado[];
	retenciones?: VoucherRetencion[];
	totalImpuestosTrasladados?: number;
	totalImpuestosRetenidos?: number;
	[extra: string]: unknown;
}

/** Address object (spec 2.5); most members may be null. */
export interface Address {
	nombre?: string | null;
	calle?: string | null;
	codigoPostal?: string | null;
	colonia?: string | null;
	estado?: string | null;
	localidad?: string | null;
	municipio?: string | null;
	noExterior?: string | null;
	noInterior?: string | null;
	pais?: string | null;
	referencia?: string | null;
	correo?: string | null;
	[extra: string]: unknown;
}

export interface Emisor {
	rfc: string;
	nombre: string;
	regimenFiscal: string;
	sucursal?: Address | null;
	[extra: string]: unknown;
}

export interface Receptor {
	rfc: string;
	nombre: string;
	usoCFDI: string;
	regimenFiscalReceptor: string;
	/** Postal code of the recipient's fiscal address. */
	domicilioFiscalReceptor: string;
	direccionIDFacturador?: number;
	direccion?: Address | null;
	[extra: string]: unknown;
}

export interface Voucher {
	/** Sent only on update. */
	id?: number;
	emisor: Emisor;
	receptor: Receptor;
	conceptos: Concepto[];
	/** Always "4.0". */
	version: string;
	serie?: string;
	folio?: string;
	/** YYYY-MM-DDThh:mm:ss; the service computes it unless noCalcularFecha is sent. */
	fecha?: string;
	formaPago?: string;
	condicionesDePago?: string;
	subTotal?: number;
	descuento?: number;
	moneda: string;
	tipoCambio?: number;
	total?: number;
	tipoDeComprobante: string;
	exportacion: string;
	metodoPago?: string;
	lugarExpedicion: string;
	descripcionFacturador?: string;
	impuestos?: Impuestos;
	[extra: string]: unknown;
}

/** One problem found in a voucher. */
export interface Finding {
	/** A local code such as 'RFC_PATTERN', or the SAT rejection it prevents, such as 'CFDI40108'. */
	code: string;
	/** Where the problem is: 'receptor.usoCFDI', 'conceptos[2].importe', '' for the whole voucher. */
	path: string;
	/** The offending value, when there is one. */
	value?: unknown;
	/** What is wrong, naming the path and the value. */
	message: string;
	/** What to do about it. */
	fix: string;
}

export interface ValidationResult {
	/** true when there are no errors (warnings do not block). */
	valid: boolean;
	errors: Finding[];
	warnings: Finding[];
}

export interface ValidateOptions {
	/**
	 * true (default) when the voucher is going to be stamped. false when it is only saved as
	 * pending: missing members are then reported as warnings, since they can be added later.
	 */
	stamp?: boolean;
}
