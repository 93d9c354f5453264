/**
 * Request-body binding the way ASP.NET Core + System.Text.Json (web defaults) does it:
 * invalid JSON and type mismatches become 400 problem details before any business rule.
 * Web defaults read numbers from numeric strings, but never strings from numbers.
 */

export type BindingErrors = Record<string, string[]>;

export type Bound<T> = { value: T } | { errors: BindingErrors };

/** Parses a JSON object body; arrays, primitives and syntax errors are binding errors. */
export function bindJsonObject(body: string, typeName: string): Bound<Record<string, unknown>> {
	if (body.trim() === '') return { errors: { '': ['A non-empty request body is required.'] } };
	let parsed: unknown;
	try {
		parsed = JSON.parse(body);
	} catch (err) {
		return { errors: { $: [`The JSON value is not valid: ${(err as Error).message}. Path: $`] } };
	}
	if (!isObject(parsed)) {
		return { errors: { $: [`The JSON value could not be converted to ${typeName}. Path: $`] } };
	}
	return { value: parsed };
}

type FieldType = 'string' | 'number' | 'integer' | Schema | [Schema];
interface Schema {
	[field: string]: FieldType;
}

const ADDRESS: Schema = {
	nombre: 'string',
	calle: 'string',
	codigoPostal: 'string',
	colonia: 'string',
	estado: 'string',
	localidad: 'string',
	municipio: 'string',
	noExterior: 'string',
	noInterior: 'string',
	pais: 'string',
	referencia: 'string',
	correo: 'string',
};

const TAX_LINE: Schema = {
	base: 'number',
	impuesto: 'string',
	tipoFactor: 'string',
	tasaOCuota: 'number',
	importe: 'number',
};

const TAXES: Schema = {
	totalImpuestosTrasladados: 'number',
	totalImpuestosRetenidos: 'number',
	traslados: [TAX_LINE],
	retenciones: [TAX_LINE],
};

// Spec section 2 plus the fields public integrations send (service-facts.md).
const VOUCHER: Schema = {
	id: 'integer',
	version: 'string',
	serie: 'string',
	folio: 'string',
	fecha: 'string',
	formaPago: 'string',
	condicionesDePago: 'string',
	subTotal: 'number',
	descuento: 'number',
	moneda: 'string',
	tipoCambio: 'number',
	total: 'number',
	tipoDeComprobante: 'string',
	exportacion: 'string',
	metodoPago: 'string',
	lugarExpedicion: 'string',
	descripcionFacturador: 'string',
	emisor: { rfc: 'string', nombre: 'string', regimenFiscal: 'string', sucursal: ADDRESS },
	receptor: {
		rfc: 'string',
		nombre: 'string',
		usoCFDI: 'string',
		regimenFiscalReceptor: 'string',
		domicilioFiscalReceptor: 'string',
		direccionIDFacturador: 'integer',
		direccion: ADDRESS,
	},
	conceptos: [
		{
			claveProdServ: 'string',
			noIdentificacion: 'string',
			cantidad: 'string',
			claveUnidad: 'string',
			unidad: 'string',
			descripcion: 'string',
			valorUnitario: 'number',
			importe: 'number',
			descuento: 'number',
			objetoImp: 'string',
			impuestos: { traslados: [TAX_LINE], retenciones: [TAX_LINE] },
		},
	],
	impuestos: TAXES,
};

const EMAIL: Schema = {
	para: 'string',
	cc: 'string',
	asunto: 'string',
	mensaje: 'string',
	responderA: 'string',
	cfdi: { uuid: 'string' },
};

/** Type errors of a voucher body, keyed by JSON path ($.conceptos[0].cantidad). */
export function voucherTypeErrors(body: Record<string, unknown>): BindingErrors {
	return typeErrors(body, VOUCHER, '$');
}

export function emailTypeErrors(body: Record<string, unknown>): BindingErrors {
	return typeErrors(body, EMAIL, '$');
}

function typeErrors(value: Record<string, unknown>, schema: Schema, path: string): BindingErrors {
	const errors: BindingErrors = {};
	for (const [field, type] of Object.entries(schema)) {
		collect(value[field], type, `${path}.${field}`, errors);
	}
	return errors;
}

function collect(value: unknown, type: FieldType, path: string, errors: BindingErrors): void {
	// Nullable everywhere: the spec allows nulls in addresses and says nothing about required fields.
	if (value === undefined || value === null) return;
	const fail = (target: string): void => {
		errors[path] = [`The JSON value could not be converted to ${target}. Path: ${path}`];
	};
	if (type === 'string') {
		if (typeof value !== 'string') fail('System.String');
	} else if (type === 'number') {
		if (toNumber(value) === undefined) fail('System.Decimal');
	} else if (type === 'integer') {
		const n = toNumber(value);
		if (n === undefined || !Number.isInteger(n)) fail('System.Int32');
	} else if (Array.isArray(type)) {
		if (!Array.isArray(value)) return fail('System.Collections.Generic.List');
		value.forEach((item, i) => collect(item, type[0], `${path}[${i}]`, errors));
	} else if (!isObject(value)) {
		fail('an object');
	} else {
		Object.assign(errors, typeErrors(value, type, path));
	}
}

/** A JSON number, or a numeric string (System.Text.Json web defaults allow both). */
export function toNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$/.test(value))
		return Number(value);
	return undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Value of a query parameter; ASP.NET binds query keys case-insensitively. */
export function queryValue(params: URLSearchParams, name: string): string | undefined {
	const wanted = name.toLowerCase();
	for (const [key, value] of params) if (key.toLowerCase() === wanted) return value;
	return undefined;
}

/** A .NET bool query value ('true'/'false' in any case), or an error message. */
export function bindBoolean(
	raw: string | undefined,
	name: string,
	required: boolean,
): { value: boolean } | { error: string } {
	if (raw === undefined || raw === '') {
		return required ? { error: `The ${name} field is required.` } : { value: false };
	}
	const lower = raw.toLowerCase();
	if (lower === 'true') return { value: true };
	if (lower === 'false') return { value: false };
	return { error: `The value '${raw}' is not valid for ${name}.` };
}
