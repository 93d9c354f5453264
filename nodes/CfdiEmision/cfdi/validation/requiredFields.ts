import { EXPORTACION } from '../catalogs/exportacion';
import { FORMA_PAGO } from '../catalogs/formaPago';
import { METODO_PAGO } from '../catalogs/metodoPago';
import { MONEDA } from '../catalogs/moneda';
import { OBJETO_IMP } from '../catalogs/objetoImp';
import { REGIMEN_FISCAL } from '../catalogs/regimenFiscal';
import { TIPO_DE_COMPROBANTE } from '../catalogs/tipoDeComprobante';
import type { CatalogEntry } from '../catalogs/catalogEntry';
import { USO_CFDI } from '../catalogs/usoCfdi';
import { decimalToString, multiplyDecimal, parseDecimal, roundDecimal } from '../decimal';
import { obviousCode } from './suggestions';
import { messageValue } from './describe';
import { isPresent, type UnknownRecord, type ValidationContext } from './context';
import { readObject } from './members';
import { memberPath, isRecord } from '../voucherShape';

type Kind = 'text' | 'amount' | 'quantity';

/** One member: its JSON type and, when it is required, how to supply it. */
interface MemberSpec {
	key: string;
	kind: Kind;
	/** Fix text when the member is missing; absent for optional members. */
	required?: string;
	/** For code members: a number like 3 is advised as its catalog text, "03". */
	catalog?: ReadonlyArray<CatalogEntry>;
}

const VOUCHER_MEMBERS: MemberSpec[] = [
	{ key: 'version', kind: 'text', required: 'Add version "4.0".' },
	{ key: 'serie', kind: 'text' },
	{ key: 'fecha', kind: 'text' },
	{ key: 'formaPago', kind: 'text', catalog: FORMA_PAGO },
	{ key: 'metodoPago', kind: 'text', catalog: METODO_PAGO },
	{ key: 'condicionesDePago', kind: 'text' },
	{
		key: 'moneda',
		kind: 'text',
		catalog: MONEDA,
		required: 'Add moneda, a c_Moneda code such as "MXN".',
	},
	{
		key: 'tipoDeComprobante',
		kind: 'text',
		catalog: TIPO_DE_COMPROBANTE,
		required: 'Add tipoDeComprobante: "I" (invoice), "E" (credit note), "T", "N" or "P".',
	},
	{
		key: 'exportacion',
		kind: 'text',
		catalog: EXPORTACION,
		required: 'Add exportacion, usually "01" (not an export).',
	},
	{
		key: 'lugarExpedicion',
		kind: 'text',
		required: 'Add lugarExpedicion, the 5-digit postal code of the place of issue.',
	},
	{ key: 'descripcionFacturador', kind: 'text' },
	{
		key: 'subTotal',
		kind: 'amount',
		required: 'Add subTotal, the sum of the concept importe values.',
	},
	{ key: 'descuento', kind: 'amount' },
	{ key: 'tipoCambio', kind: 'amount' },
	{
		key: 'total',
		kind: 'amount',
		required: 'Add total = subTotal − descuento + transferred taxes − withheld taxes.',
	},
];

const EMISOR_MEMBERS: MemberSpec[] = [
	{
		key: 'rfc',
		kind: 'text',
		required: 'Add the issuer RFC (12 characters for a legal entity, 13 for an individual).',
	},
	{
		key: 'nombre',
		kind: 'text',
		required: 'Add the issuer name exactly as registered with the SAT.',
	},
	{
		key: 'regimenFiscal',
		kind: 'text',
		catalog: REGIMEN_FISCAL,
		required: 'Add the issuer tax regime code, e.g. "601".',
	},
];

const RECEPTOR_MEMBERS: MemberSpec[] = [
	{
		key: 'rfc',
		kind: 'text',
		required:
			'Add the recipient RFC, "XAXX010101000" for the general public or "XEXX010101000" for a foreign recipient.',
	},
	{
		key: 'nombre',
		kind: 'text',
		required: "Add the recipient name exactly as in the recipient's SAT tax status certificate.",
	},
	{
		key: 'usoCFDI',
		kind: 'text',
		catalog: USO_CFDI,
		required: 'Add the CFDI use code, e.g. "G03" (general expenses) or "S01" (no tax effects).',
	},
	{
		key: 'regimenFiscalReceptor',
		kind: 'text',
		catalog: REGIMEN_FISCAL,
		required: 'Add the recipient tax regime code, e.g. "601" or "616".',
	},
	{
		key: 'domicilioFiscalReceptor',
		kind: 'text',
		required: "Add the 5-digit postal code of the recipient's fiscal address.",
	},
];

const CONCEPTO_MEMBERS: MemberSpec[] = [
	{
		key: 'claveProdServ',
		kind: 'text',
		required: 'Add the 8-digit SAT product or service code, e.g. "01010101".',
	},
	{ key: 'noIdentificacion', kind: 'text' },
	{ key: 'cantidad', kind: 'quantity', required: 'Add the quantity, e.g. "1".' },
	{
		key: 'claveUnidad',
		kind: 'text',
		required: 'Add the SAT unit code, e.g. "H87" (piece) or "E48" (service unit).',
	},
	{ key: 'unidad', kind: 'text' },
	{ key: 'descripcion', kind: 'text', required: 'Add a description of the item.' },
	{ key: 'valorUnitario', kind: 'amount', required: 'Add the unit price (valorUnitario).' },
	{
		key: 'importe',
		kind: 'amount',
		required: 'Add importe = cantidad × valorUnitario, rounded to the currency decimals.',
	},
	{ key: 'descuento', kind: 'amount' },
	{
		key: 'objetoImp',
		kind: 'text',
		catalog: OBJETO_IMP,
		required:
			'Add objetoImp: "02" when the concept carries taxes, "01" when it is not subject to tax.',
	},
];

const CONCEPTO_TAX_MEMBERS: MemberSpec[] = [
	{
		key: 'base',
		kind: 'amount',
		required: 'Add the base the tax is computed on (importe − descuento for a rate).',
	},
	{ key: 'impuesto', kind: 'text', required: 'Add impuesto: "002" IVA, "001" ISR or "003" IEPS.' },
	{ key: 'tipoFactor', kind: 'text', required: 'Add tipoFactor: "Tasa", "Cuota" or "Exento".' },
	{ key: 'tasaOCuota', kind: 'amount' },
	{ key: 'importe', kind: 'amount' },
];

const VOUCHER_TAX_MEMBERS: MemberSpec[] = [
	{ key: 'totalImpuestosTrasladados', kind: 'amount' },
	{ key: 'totalImpuestosRetenidos', kind: 'amount' },
];

const VOUCHER_TRASLADO_MEMBERS: MemberSpec[] = [
	{
		key: 'base',
		kind: 'amount',
		required: 'Add base, the sum of the concept bases of this tax and rate.',
	},
	{ key: 'impuesto', kind: 'text', required: 'Add impuesto: "002" IVA or "003" IEPS.' },
	{ key: 'tipoFactor', kind: 'text', required: 'Add tipoFactor: "Tasa", "Cuota" or "Exento".' },
	{ key: 'tasaOCuota', kind: 'amount' },
	{ key: 'importe', kind: 'amount' },
];

const VOUCHER_RETENCION_MEMBERS: MemberSpec[] = [
	{ key: 'impuesto', kind: 'text', required: 'Add impuesto: "001" ISR, "002" IVA or "003" IEPS.' },
	{
		key: 'importe',
		kind: 'amount',
		required: 'Add importe, the sum of the concept amounts withheld for this tax.',
	},
];

/** For a concept missing importe: the exact value to add, when cantidad and valorUnitario allow it. */
function importeHint(ctx: ValidationContext, record: UnknownRecord): string | undefined {
	const cantidad = parseDecimal(record.cantidad);
	const valorUnitario =
		typeof record.valorUnitario === 'number' ? parseDecimal(record.valorUnitario) : undefined;
	const decimals = ctx.decimals;
	if (!cantidad || !valorUnitario || decimals === undefined) return undefined;
	const importe = decimalToString(
		roundDecimal(multiplyDecimal(cantidad, valorUnitario), decimals),
		decimals,
	);
	return `Add importe ${importe} (cantidad × valorUnitario rounded to ${decimals} decimals).`;
}

function join(parent: string, key: string): string {
	return parent ? `${parent}.${key}` : key;
}

function checkMembers(
	ctx: ValidationContext,
	record: UnknownRecord,
	parent: string,
	specs: MemberSpec[],
): void {
	for (const spec of specs) {
		const path = join(parent, spec.key);
		const value = record[spec.key];
		if (
			value === undefined ||
			value === null ||
			(typeof value === 'string' && value.trim() === '')
		) {
			if (spec.required)
				ctx.missing(
					path,
					spec.key === 'importe' ? (importeHint(ctx, record) ?? spec.required) : spec.required,
				);
			continue;
		}
		checkType(ctx, path, spec, value);
	}
}

function checkType(ctx: ValidationContext, path: string, spec: MemberSpec, value: unknown): void {
	const kind = spec.kind;
	if (kind === 'text' && typeof value !== 'string') {
		const text =
			typeof value === 'number'
				? ((spec.catalog && obviousCode(spec.catalog, String(value))) ?? String(value))
				: undefined;
		const asText = text !== undefined ? `Send it as text: "${text}".` : 'Send it as text.';
		ctx.error(
			'STRING_EXPECTED',
			path,
			`${path} ${messageValue(value)} is not a string.`,
			asText,
			value,
		);
	} else if (kind === 'amount' && !(typeof value === 'number' && Number.isFinite(value))) {
		const numeric = typeof value === 'string' && parseDecimal(value) ? value.trim() : undefined;
		const fix = numeric
			? `Send it as a JSON number without quotes: ${numeric}.`
			: 'Send a decimal number, e.g. 100.50.';
		ctx.error(
			'NUMBER_EXPECTED',
			path,
			`${path} ${messageValue(value)} is not a number.`,
			fix,
			value,
		);
	} else if (
		kind === 'quantity' &&
		!((typeof value === 'string' || typeof value === 'number') && parseDecimal(value))
	) {
		ctx.error(
			'DECIMAL_INVALID',
			path,
			`${path} ${messageValue(value)} is not a decimal quantity.`,
			'Send a positive decimal such as "1" or "2.5".',
			value,
		);
	}
}

/** An object member: missing, not an object (members.ts's readObject), or checked member by member. */
function checkObject(
	ctx: ValidationContext,
	parent: UnknownRecord,
	key: string,
	parentPath: string,
	specs: MemberSpec[],
	required?: string,
): UnknownRecord | undefined {
	const value = readObject(ctx, parent, key, parentPath, required);
	if (value) checkMembers(ctx, value, memberPath(parentPath, key), specs);
	return value;
}

/** The items of an optional array member; reports a non-array and non-object items. */
function arrayItems(
	ctx: ValidationContext,
	parent: UnknownRecord,
	key: string,
	path: string,
): Array<[UnknownRecord, string]> {
	if (!isPresent(parent, key)) return [];
	const value = parent[key];
	if (!Array.isArray(value)) {
		ctx.error(
			'ARRAY_EXPECTED',
			path,
			`${path} ${messageValue(value)} is not an array.`,
			`Send ${path} as an array of objects.`,
			value,
		);
		return [];
	}
	const items: Array<[UnknownRecord, string]> = [];
	value.forEach((item, index) => {
		const itemPath = `${path}[${index}]`;
		if (isRecord(item)) items.push([item, itemPath]);
		else
			ctx.error(
				'OBJECT_EXPECTED',
				itemPath,
				`${itemPath} ${messageValue(item)} is not an object.`,
				`Send each item of ${path} as an object.`,
				item,
			);
	});
	return items;
}

/** Presence and JSON type of every member the voucher must or may carry. */
export function checkRequiredFields(ctx: ValidationContext): void {
	const root = ctx.view.root;
	checkMembers(ctx, root, '', VOUCHER_MEMBERS);
	checkObject(
		ctx,
		root,
		'emisor',
		'',
		EMISOR_MEMBERS,
		'Add the issuer object emisor {rfc, nombre, regimenFiscal}.',
	);
	checkObject(
		ctx,
		root,
		'receptor',
		'',
		RECEPTOR_MEMBERS,
		'Add the recipient object receptor {rfc, nombre, usoCFDI, regimenFiscalReceptor, domicilioFiscalReceptor}.',
	);

	if (!isPresent(root, 'conceptos')) {
		ctx.missing('conceptos', 'Add at least one concept (line item) in conceptos.');
	} else if (Array.isArray(root.conceptos) && root.conceptos.length === 0) {
		ctx.error(
			'CONCEPTOS_EMPTY',
			'conceptos',
			'conceptos is empty.',
			'Add at least one concept (line item).',
			[],
		);
	}
	for (const [concepto, path] of arrayItems(ctx, root, 'conceptos', 'conceptos')) {
		checkMembers(ctx, concepto, path, CONCEPTO_MEMBERS);
		const impuestos = checkObject(ctx, concepto, 'impuestos', path, []);
		if (!impuestos) continue;
		for (const member of ['traslados', 'retenciones']) {
			for (const [line, linePath] of arrayItems(
				ctx,
				impuestos,
				member,
				`${path}.impuestos.${member}`,
			)) {
				checkMembers(ctx, line, linePath, CONCEPTO_TAX_MEMBERS);
			}
		}
	}

	const impuestos = checkObject(ctx, root, 'impuestos', '', VOUCHER_TAX_MEMBERS);
	if (impuestos) {
		for (const [item, path] of arrayItems(ctx, impuestos, 'traslados', 'impuestos.traslados')) {
			checkMembers(ctx, item, path, VOUCHER_TRASLADO_MEMBERS);
		}
		for (const [item, path] of arrayItems(ctx, impuestos, 'retenciones', 'impuestos.retenciones')) {
			checkMembers(ctx, item, path, VOUCHER_RETENCION_MEMBERS);
		}
	}
}
