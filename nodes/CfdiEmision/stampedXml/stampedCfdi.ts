/**
 * Reads the figures a payment receipt or a credit note needs from a stamped CFDI's XML text, as
 * the service's XML download returns it (its element tree read by ./xmlElements.ts). It reads
 * CFDI 4.0 and 3.3 (an invoice of 2021 may still be paid with a Pagos 2.0 receipt); a CFDI 3.2 or
 * older file is refused with a message saying so.
 */
import { addDecimal, decimalToNumber, parseDecimal, type Decimal } from '../cfdi/decimal';
import type { TaxRate } from '../cfdi/kinds/taxRates';
import { child, children, find, parseElements, type XmlElement } from './xmlElements';

export interface StampedTax {
	impuesto: string;
	tipoFactor: string;
	tasaOCuota?: number;
	/** Σ of the concept bases of this tax and rate. */
	base: number;
	/** Σ of the concept amounts; absent for Exento. */
	importe?: number;
	withheld: boolean;
}

export interface StampedCfdi {
	uuid?: string;
	/** The SAT's stamp time (TimbreFiscalDigital FechaTimbrado: Mexico City's wall clock). */
	fechaTimbrado?: string;
	version?: string;
	serie?: string;
	folio?: string;
	fecha?: string;
	tipoDeComprobante?: string;
	moneda?: string;
	tipoCambio?: number;
	subTotal?: number;
	descuento?: number;
	total?: number;
	formaPago?: string;
	metodoPago?: string;
	lugarExpedicion?: string;
	exportacion?: string;
	emisor: { rfc?: string; nombre?: string; regimenFiscal?: string };
	receptor: {
		rfc?: string;
		nombre?: string;
		usoCFDI?: string;
		regimenFiscalReceptor?: string;
		domicilioFiscalReceptor?: string;
	};
	/** The invoice's taxes per impuesto / tipoFactor / rate, with their bases (from the concepts). */
	taxes: StampedTax[];
	/** A global invoice's InformacionGlobal, as written. */
	informacionGlobal?: { periodicidad?: string; meses?: string; anio?: string };
	/** Each concept's NoIdentificacion (a global invoice's ticket numbers), in order, trimmed. */
	conceptIds: string[];
	/** Its concepts as written (a credit note for the whole invoice repeats them). */
	conceptos?: StampedConcept[];
	/** Its CfdiRelacionados: each relation type with the UUIDs it relates. */
	relacionados?: Array<{ tipoRelacion: string; uuids: string[] }>;
	/**
	 * A payment receipt's paid documents (Pagos DoctoRelacionado): invoice UUID and installment, and
	 * as written (decimal text, for exact sums) the previous balance, the amount paid and its currency.
	 */
	pagados?: Array<{
		uuid: string;
		installment: number;
		impSaldoAnt?: string;
		impPagado?: string;
		monedaDR?: string;
	}>;
	/**
	 * Without a stamp, why an element named TimbreFiscalDigital in the SAT's namespace is none (where
	 * it stands instead of directly under Complemento); absent when there is no such element.
	 */
	stampNote?: string;
}

/** The sentence saying a CFDI has no stamp, with why when it carries one out of place. */
export function noStampMessage(cfdi: StampedCfdi, what: string, kind = 'CFDI'): string {
	return `${what} has no TimbreFiscalDigital UUID${cfdi.stampNote ? ` (${cfdi.stampNote})` : ''}: it is not a stamped ${kind}.`;
}

/** A concept of a stamped CFDI: what a line of a credit note needs to repeat it. */
export interface StampedConcept {
	claveProdServ: string;
	noIdentificacion?: string;
	cantidad: string;
	claveUnidad: string;
	unidad?: string;
	descripcion: string;
	valorUnitario: string;
	descuento?: string;
	/** The concept's taxes, rates only (the note computes its own bases and amounts). */
	taxes: TaxRate[];
}

/** The CFDI versions whose attribute names this reader knows. */
export const READABLE_CFDI_VERSIONS: ReadonlyArray<string> = ['4.0', '3.3'];

/** A CFDI of another version: refused with what it is and what is read. */
function checkVersion(comprobante: XmlElement): void {
	// CFDI 3.2 and older write their attributes in lowerCamelCase (version, subTotal, tipoDeComprobante).
	const legacy = comprobante.attrs.version;
	const version = comprobante.attrs.Version ?? legacy;
	if (version === undefined || READABLE_CFDI_VERSIONS.includes(version.trim())) return;
	const what =
		legacy !== undefined && comprobante.attrs.Version === undefined
			? `a CFDI ${version.trim()} (version="${legacy}", the attribute names of CFDI 3.2 and older)`
			: `a CFDI ${version.trim()}`;
	throw new Error(
		`The XML is ${what}; only CFDI ${READABLE_CFDI_VERSIONS.join(' and ')} files can be read.`,
	);
}

/** The SAT's namespace of its stamp (Anexo 20, TimbreFiscalDigital 1.0 and 1.1). */
export const TFD_NAMESPACE = 'http://www.sat.gob.mx/TimbreFiscalDigital';

/**
 * The SAT's stamps of a CFDI: each TimbreFiscalDigital in the SAT's namespace (resolved from the
 * xmlns declarations in scope, whatever the prefix) directly under the Comprobante's Complemento.
 * An element of that name elsewhere (an Addenda's, a foreign namespace's) is no stamp: the Addenda
 * lies outside the sealed document and may carry anything.
 */
export function satStamps(comprobante: XmlElement): XmlElement[] {
	return children(comprobante, 'Complemento')
		.filter((complemento) => complemento.namespace === comprobante.namespace)
		.flatMap((complemento) => children(complemento, 'TimbreFiscalDigital'))
		.filter((timbre) => timbre.namespace === TFD_NAMESPACE);
}

/**
 * Why a CFDI without a stamp is not one, when it carries the SAT's TimbreFiscalDigital elsewhere
 * (inside its Addenda, say): the sentence that tells the user where it was found.
 */
export function misplacedStampNote(comprobante: XmlElement): string | undefined {
	const where: string[] = [];
	const walk = (element: XmlElement, path: string[]) => {
		for (const item of element.children) {
			const at = [...path, item.name];
			if (item.name === 'TimbreFiscalDigital' && item.namespace === TFD_NAMESPACE)
				where.push(at.join('/'));
			else walk(item, at);
		}
	};
	walk(comprobante, ['Comprobante']);
	if (!where.length) return undefined;
	return `its TimbreFiscalDigital in the SAT's namespace stands at ${where.join(', ')}, not directly under Comprobante/Complemento, where the SAT's stamp goes`;
}

/**
 * The one SAT stamp of a CFDI. A document with two is refused: which UUID it is stands in doubt
 * (an XML whose first stamp is another voucher's would be saved under the wrong one).
 */
function theTimbre(comprobante: XmlElement): XmlElement | undefined {
	const timbres = satStamps(comprobante);
	if (timbres.length > 1) {
		const uuids = timbres.map((timbre) => textAttr(timbre, 'UUID') ?? '(no UUID)').join(', ');
		throw new Error(
			`The XML carries ${timbres.length} TimbreFiscalDigital stamps (UUIDs ${uuids}); a stamped CFDI has exactly one.`,
		);
	}
	return timbres[0];
}

function amount(value: string | undefined): number | undefined {
	const parsed = parseDecimal(value);
	return parsed ? decimalToNumber(parsed) : undefined;
}

function textAttr(element: XmlElement | undefined, name: string): string | undefined {
	const value = element?.attrs[name];
	return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function defined<T extends Record<string, unknown>>(record: T): T {
	for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
	return record;
}

interface TaxGroup {
	impuesto: string;
	tipoFactor: string;
	tasaOCuota?: Decimal;
	base: Decimal;
	importe?: Decimal;
	withheld: boolean;
}

function groupTaxLines(
	lines: XmlElement[],
	withheld: boolean,
	groups: Map<string, TaxGroup>,
): void {
	for (const line of lines) {
		const impuesto = textAttr(line, 'Impuesto');
		const tipoFactor = textAttr(line, 'TipoFactor');
		const base = parseDecimal(line.attrs.Base ?? '');
		if (!impuesto || !tipoFactor || !base) continue;
		const rate = parseDecimal(line.attrs.TasaOCuota ?? '');
		const importe = parseDecimal(line.attrs.Importe ?? '');
		const key = `${withheld ? 'R' : 'T'}|${impuesto}|${tipoFactor}|${rate ? decimalToNumber(rate) : ''}`;
		const group = groups.get(key);
		if (!group) {
			groups.set(key, { impuesto, tipoFactor, tasaOCuota: rate, base, importe, withheld });
			continue;
		}
		group.base = addDecimal(group.base, base);
		if (importe) group.importe = group.importe ? addDecimal(group.importe, importe) : importe;
	}
}

/** The taxes of the voucher per rate: concept lines summed; the voucher summary when concepts have none. */
function taxesOf(comprobante: XmlElement): StampedTax[] {
	const groups = new Map<string, TaxGroup>();
	for (const concepto of children(child(comprobante, 'Conceptos'), 'Concepto')) {
		const impuestos = child(concepto, 'Impuestos');
		groupTaxLines(children(child(impuestos, 'Traslados'), 'Traslado'), false, groups);
		groupTaxLines(children(child(impuestos, 'Retenciones'), 'Retencion'), true, groups);
	}
	if (groups.size === 0) {
		// Voucher-level withholdings carry no base or rate, so only transfers can be read there.
		groupTaxLines(
			children(child(child(comprobante, 'Impuestos'), 'Traslados'), 'Traslado'),
			false,
			groups,
		);
	}
	return [...groups.values()].map((group) =>
		defined({
			impuesto: group.impuesto,
			tipoFactor: group.tipoFactor,
			tasaOCuota: group.tasaOCuota ? decimalToNumber(group.tasaOCuota) : undefined,
			base: decimalToNumber(group.base),
			importe:
				group.tipoFactor === 'Exento' || !group.importe
					? undefined
					: decimalToNumber(group.importe),
			withheld: group.withheld,
		}),
	);
}

function rateLines(lines: XmlElement[], withheld: boolean): TaxRate[] {
	return lines.flatMap((line) => {
		const impuesto = textAttr(line, 'Impuesto');
		const tipoFactor = textAttr(line, 'TipoFactor');
		if (!impuesto || !tipoFactor) return [];
		const rate: TaxRate = { impuesto, tipoFactor };
		const tasa = textAttr(line, 'TasaOCuota');
		if (tasa !== undefined) rate.tasaOCuota = tasa;
		if (withheld) rate.withheld = true;
		return [rate];
	});
}

/** The concepts of the voucher as written; undefined when one lacks a member a line needs. */
function conceptsOf(comprobante: XmlElement): StampedConcept[] | undefined {
	const concepts: StampedConcept[] = [];
	for (const concepto of children(child(comprobante, 'Conceptos'), 'Concepto')) {
		const get = (name: string) => textAttr(concepto, name);
		const [claveProdServ, cantidad, claveUnidad, descripcion, valorUnitario] = [
			'ClaveProdServ',
			'Cantidad',
			'ClaveUnidad',
			'Descripcion',
			'ValorUnitario',
		].map(get);
		if (!claveProdServ || !cantidad || !claveUnidad || !descripcion || !valorUnitario)
			return undefined;
		const impuestos = child(concepto, 'Impuestos');
		concepts.push(
			defined({
				claveProdServ,
				noIdentificacion: get('NoIdentificacion'),
				cantidad,
				claveUnidad,
				unidad: get('Unidad'),
				descripcion,
				valorUnitario,
				descuento: get('Descuento'),
				taxes: [
					...rateLines(children(child(impuestos, 'Traslados'), 'Traslado'), false),
					...rateLines(children(child(impuestos, 'Retenciones'), 'Retencion'), true),
				],
			}),
		);
	}
	return concepts.length ? concepts : undefined;
}

/** Every DoctoRelacionado of a Pagos complement (any version), or undefined without one. */
function paidDocumentsOf(comprobante: XmlElement): StampedCfdi['pagados'] {
	const found: XmlElement[] = [];
	const walk = (element: XmlElement) => {
		for (const item of element.children) {
			if (item.name === 'DoctoRelacionado') found.push(item);
			else walk(item);
		}
	};
	const complemento = child(comprobante, 'Complemento');
	if (complemento) walk(complemento);
	if (!found.length) return undefined;
	return found.map((docto) =>
		defined({
			uuid: (textAttr(docto, 'IdDocumento') ?? '').toUpperCase(),
			installment: Number(textAttr(docto, 'NumParcialidad') ?? 1) || 1,
			impSaldoAnt: textAttr(docto, 'ImpSaldoAnt'),
			impPagado: textAttr(docto, 'ImpPagado'),
			monedaDR: textAttr(docto, 'MonedaDR'),
		}),
	);
}

/** The voucher's CfdiRelacionados (CFDI 4.0: several groups; 3.3: one). */
function relationsOf(comprobante: XmlElement): Array<{ tipoRelacion: string; uuids: string[] }> {
	return children(comprobante, 'CfdiRelacionados').map((group) => ({
		tipoRelacion: textAttr(group, 'TipoRelacion') ?? '',
		uuids: children(group, 'CfdiRelacionado')
			.map((related) => textAttr(related, 'UUID') ?? '')
			.filter(Boolean)
			.map((uuid) => uuid.toUpperCase()),
	}));
}

/** Reads a stamped CFDI. Throws when the text is not a CFDI (an HTML page, a JSON error, ...). */
export function readStampedCfdi(xml: string): StampedCfdi {
	const source = typeof xml === 'string' ? xml.replace(/^\uFEFF/, '') : '';
	const root = parseElements(source);
	const comprobante =
		root?.name === 'Comprobante' ? root : root ? find(root, 'Comprobante') : undefined;
	if (!comprobante) {
		const start = source.trim().slice(0, 40);
		throw new Error(
			`The text is not a CFDI: no Comprobante element${start ? ` (it starts with ${JSON.stringify(start)})` : ''}.`,
		);
	}
	checkVersion(comprobante);
	const attr = (name: string): string | undefined => textAttr(comprobante, name);
	const emisor = child(comprobante, 'Emisor');
	const receptor = child(comprobante, 'Receptor');
	const timbre = theTimbre(comprobante);
	const global = child(comprobante, 'InformacionGlobal');
	return defined({
		uuid: textAttr(timbre, 'UUID'),
		fechaTimbrado: textAttr(timbre, 'FechaTimbrado'),
		version: attr('Version'),
		serie: attr('Serie'),
		folio: attr('Folio'),
		fecha: attr('Fecha'),
		tipoDeComprobante: attr('TipoDeComprobante'),
		moneda: attr('Moneda'),
		tipoCambio: amount(attr('TipoCambio')),
		subTotal: amount(attr('SubTotal')),
		descuento: amount(attr('Descuento')),
		total: amount(attr('Total')),
		formaPago: attr('FormaPago'),
		metodoPago: attr('MetodoPago'),
		lugarExpedicion: attr('LugarExpedicion'),
		exportacion: attr('Exportacion'),
		emisor: defined({
			rfc: textAttr(emisor, 'Rfc'),
			nombre: textAttr(emisor, 'Nombre'),
			regimenFiscal: textAttr(emisor, 'RegimenFiscal'),
		}),
		receptor: defined({
			rfc: textAttr(receptor, 'Rfc'),
			nombre: textAttr(receptor, 'Nombre'),
			usoCFDI: textAttr(receptor, 'UsoCFDI'),
			regimenFiscalReceptor: textAttr(receptor, 'RegimenFiscalReceptor'),
			domicilioFiscalReceptor: textAttr(receptor, 'DomicilioFiscalReceptor'),
		}),
		taxes: taxesOf(comprobante),
		informacionGlobal: global
			? defined({
					periodicidad: textAttr(global, 'Periodicidad'),
					meses: textAttr(global, 'Meses'),
					anio: textAttr(global, 'Año') ?? textAttr(global, 'Anio'),
				})
			: undefined,
		conceptIds: children(child(comprobante, 'Conceptos'), 'Concepto')
			.map((concepto) => textAttr(concepto, 'NoIdentificacion'))
			.filter((id): id is string => id !== undefined),
		conceptos: conceptsOf(comprobante),
		relacionados: children(comprobante, 'CfdiRelacionados').length
			? relationsOf(comprobante)
			: undefined,
		pagados: paidDocumentsOf(comprobante),
		stampNote: timbre ? undefined : misplacedStampNote(comprobante),
	}) as StampedCfdi;
}

/** The invoice's taxes as the builders take them (rates with the invoice's bases and amounts). */
export function taxRatesOfCfdi(cfdi: StampedCfdi): TaxRate[] {
	return cfdi.taxes.map((tax) => {
		const rate: TaxRate = { impuesto: tax.impuesto, tipoFactor: tax.tipoFactor, base: tax.base };
		if (tax.tasaOCuota !== undefined) rate.tasaOCuota = tax.tasaOCuota;
		if (tax.importe !== undefined) rate.importe = tax.importe;
		if (tax.withheld) rate.withheld = true;
		return rate;
	});
}
