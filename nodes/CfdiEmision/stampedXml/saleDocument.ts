/**
 * What a stamped CFDI says about the sales it documents, read from its XML: its concepts' ticket
 * numbers (NoIdentificacion: a global invoice holds one concept per ticket) with each concept's
 * amount and taxes, InformacionGlobal, the vouchers it relates (CfdiRelacionados, and a payment
 * receipt's DoctoRelacionado). A refund of a sale in a global invoice and "which vouchers document
 * this sale" are answered from it.
 */
import {
	addDecimal,
	decimalToString,
	parseDecimal,
	subtractDecimal,
	type Decimal,
} from '../cfdi/decimal';
import { declaringLines, isGlobalInvoice, isSaleLine } from '../cfdi/globalSaleLines';
import { satStamps } from './stampedCfdi';
import { parseElements, type XmlElement } from './xmlElements';
import type { TaxRate } from '../cfdi/kinds/taxRates';

export interface SaleConcept {
	noIdentificacion?: string;
	/** ClaveProdServ and ClaveUnidad: whether a global invoice's concept is a sale line. */
	claveProdServ?: string;
	claveUnidad?: string;
	descripcion?: string;
	/** Importe − Descuento (the base of its taxes), as written. */
	base: string;
	/** What the buyer paid for it: base + transferred − withheld taxes. */
	gross: string;
	/** Its taxes with the concept's own base and amount. */
	taxes: TaxRate[];
}

export interface SaleDocument {
	uuid?: string;
	tipoDeComprobante?: string;
	fecha?: string;
	serie?: string;
	folio?: string;
	total?: string;
	moneda?: string;
	informacionGlobal?: { periodicidad?: string; meses?: string; anio?: string };
	/** CfdiRelacionados groups: relation type and the related UUIDs (upper case). */
	relations: Array<{ tipoRelacion?: string; uuids: string[] }>;
	/** A payment receipt's paid invoices (DoctoRelacionado IdDocumento, upper case). */
	paidDocuments: string[];
	concepts: SaleConcept[];
}

function walk(element: XmlElement, visit: (element: XmlElement) => void): void {
	visit(element);
	for (const child of element.children) walk(child, visit);
}

const ZERO = parseDecimal('0') as Decimal;
const decimal = (value: string | undefined): Decimal =>
	(value === undefined ? undefined : parseDecimal(value.trim())) ?? ZERO;

function conceptOf(element: XmlElement): SaleConcept {
	const base = subtractDecimal(decimal(element.attrs.Importe), decimal(element.attrs.Descuento));
	let gross = base;
	const taxes: TaxRate[] = [];
	walk(element, (node) => {
		if (node === element || (node.name !== 'Traslado' && node.name !== 'Retencion')) return;
		const withheld = node.name === 'Retencion';
		const importe = node.attrs.Importe;
		if (importe !== undefined)
			gross = withheld
				? subtractDecimal(gross, decimal(importe))
				: addDecimal(gross, decimal(importe));
		const rate: TaxRate = {
			impuesto: node.attrs.Impuesto ?? '',
			tipoFactor: node.attrs.TipoFactor ?? '',
		};
		if (node.attrs.Base !== undefined) rate.base = Number(node.attrs.Base);
		if (node.attrs.TasaOCuota !== undefined) rate.tasaOCuota = Number(node.attrs.TasaOCuota);
		if (importe !== undefined) rate.importe = Number(importe);
		if (withheld) rate.withheld = true;
		taxes.push(rate);
	});
	const concept: SaleConcept = {
		base: decimalToString(base),
		gross: decimalToString(gross),
		taxes,
	};
	if (element.attrs.NoIdentificacion !== undefined)
		concept.noIdentificacion = element.attrs.NoIdentificacion.trim();
	if (element.attrs.ClaveProdServ !== undefined)
		concept.claveProdServ = element.attrs.ClaveProdServ;
	if (element.attrs.ClaveUnidad !== undefined) concept.claveUnidad = element.attrs.ClaveUnidad;
	if (element.attrs.Descripcion !== undefined) concept.descripcion = element.attrs.Descripcion;
	return concept;
}

/** Reads the sale facts of a stamped CFDI; throws when the text is not a CFDI. */
export function readSaleDocument(xml: string): SaleDocument {
	const root = parseElements(typeof xml === 'string' ? xml.replace(/^\uFEFF/, '') : '');
	let comprobante: XmlElement | undefined;
	if (root) walk(root, (node) => (comprobante ??= node.name === 'Comprobante' ? node : undefined));
	if (!comprobante) throw new Error('The text is not a CFDI: no Comprobante element.');
	const document: SaleDocument = { relations: [], paidDocuments: [], concepts: [] };
	const attrs = comprobante.attrs;
	for (const [key, name] of [
		['tipoDeComprobante', 'TipoDeComprobante'],
		['fecha', 'Fecha'],
		['serie', 'Serie'],
		['folio', 'Folio'],
		['total', 'Total'],
		['moneda', 'Moneda'],
	] as const)
		if (attrs[name] !== undefined) document[key] = attrs[name];
	// The SAT's stamp only: in its namespace, directly under Complemento (never an Addenda's).
	const stamp = satStamps(comprobante)[0];
	if (stamp?.attrs.UUID) document.uuid = stamp.attrs.UUID.toUpperCase();
	walk(comprobante, (node) => {
		if (node.name === 'InformacionGlobal')
			document.informacionGlobal = {
				periodicidad: node.attrs.Periodicidad,
				meses: node.attrs.Meses,
				anio: node.attrs['Año'] ?? node.attrs.Anio,
			};
		else if (node.name === 'CfdiRelacionados')
			document.relations.push({
				tipoRelacion: node.attrs.TipoRelacion,
				uuids: node.children
					.filter((child) => child.name === 'CfdiRelacionado' && child.attrs.UUID)
					.map((child) => child.attrs.UUID.toUpperCase()),
			});
		else if (node.name === 'DoctoRelacionado' && node.attrs.IdDocumento)
			document.paidDocuments.push(node.attrs.IdDocumento.toUpperCase());
		else if (node.name === 'Concepto') document.concepts.push(conceptOf(node));
	});
	return document;
}

/** The sale or ticket number as compared: trimmed, a leading "#" left out, upper case. */
export function saleNumber(value: unknown): string {
	return String(value ?? '')
		.trim()
		.replace(/^#\s*/, '')
		.toUpperCase();
}

/**
 * The concepts through which a document names tickets: a global invoice's sale lines only (the
 * sale-line rule, globalSaleLines.ts declaringLines: another order's invoice to the general public
 * names its products' SKUs, not sales), any other document's concepts with a NoIdentificacion (a
 * credit note carries the ticket it credits).
 */
function ticketConcepts(document: SaleDocument): SaleConcept[] {
	if (isGlobalInvoice(document)) return declaringLines(document.concepts);
	return document.concepts.filter((concept) => concept.noIdentificacion !== undefined);
}

/** The tickets a document names (see ticketConcepts), each once, as compared. */
export function ticketsOf(document: SaleDocument): string[] {
	return [
		...new Set(ticketConcepts(document).map((concept) => saleNumber(concept.noIdentificacion))),
	].filter(Boolean);
}

/**
 * The sales a voucher to the general public declares: a global invoice its sale lines' tickets; the
 * node's invoice of one order to the general public (also type I with InformacionGlobal, its concepts
 * the order's products) the sale of its folio, never its products' SKUs; any other voucher none.
 */
export function salesDeclaredBy(document: SaleDocument): string[] {
	if (!isGlobalInvoice(document)) return [];
	const tickets = ticketsOf(document);
	if (tickets.length || document.concepts.every(isSaleLine)) return tickets;
	const own = saleNumber(document.folio);
	return own ? [own] : [];
}

/** The concepts of a document naming the ticket (see ticketConcepts). */
export function conceptsOfTicket(document: SaleDocument, ticket: string): SaleConcept[] {
	const wanted = saleNumber(ticket);
	return ticketConcepts(document).filter(
		(concept) => saleNumber(concept.noIdentificacion) === wanted,
	);
}

/** Σ of the gross amounts of the ticket's concepts in a document. */
export function ticketAmount(document: SaleDocument, ticket: string): Decimal {
	return conceptsOfTicket(document, ticket).reduce(
		(sum, concept) => addDecimal(sum, decimal(concept.gross)),
		ZERO,
	);
}

/** Whether the document relates (CfdiRelacionados or a paid DoctoRelacionado) the UUID. */
export function relatesTo(document: SaleDocument, uuid: string): boolean {
	const wanted = uuid.toUpperCase();
	return (
		document.relations.some((group) => group.uuids.includes(wanted)) ||
		document.paidDocuments.includes(wanted)
	);
}
