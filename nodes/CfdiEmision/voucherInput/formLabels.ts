/**
 * The voucher's JSON members as the Fields form names them, so an error about a voucher typed in
 * the form speaks of "Recipient Tax Regime" and "line 2's IVA", not receptor.regimenFiscalReceptor
 * and conceptos[1].impuestos.traslados[0]. Members the form computes (amounts, totals) have no label.
 * The labels are the form fields' display names (a test holds them to the node's description).
 */

/** Header members: JSON path -> the form field's display name. */
export const FORM_LABELS: Readonly<Record<string, string>> = {
	'emisor.rfc': 'Issuer RFC',
	'emisor.nombre': 'Issuer Name',
	'emisor.regimenFiscal': 'Issuer Tax Regime',
	'receptor.rfc': 'Recipient RFC',
	'receptor.nombre': 'Recipient Name',
	'receptor.usoCFDI': 'Recipient CFDI Use',
	'receptor.regimenFiscalReceptor': 'Recipient Tax Regime',
	'receptor.domicilioFiscalReceptor': 'Recipient Fiscal Postal Code',
	serie: 'Series',
	formaPago: 'Payment Form',
	moneda: 'Currency',
	lugarExpedicion: 'Place of Issue Postal Code',
	tipoDeComprobante: 'Voucher Type',
	metodoPago: 'Payment Method',
	exportacion: 'Export',
};

/** Line members: JSON member of conceptos[i] -> the Line Item field's display name. */
export const LINE_LABELS: Readonly<Record<string, string>> = {
	descripcion: 'Description',
	claveProdServ: 'Product or Service Code',
	cantidad: 'Quantity',
	claveUnidad: 'Unit Code',
	valorUnitario: 'Unit Price',
	descuento: 'Discount',
	objetoImp: 'Tax Object',
	// Version 1's form has the line amount as a field; version 1.1 computes it.
	importe: 'Amount',
};

/** A line's tax by list and tax code -> the Line Item field that sets it. */
const TAX_LABELS: Readonly<Record<string, string>> = {
	'traslados:002': 'IVA',
	'traslados:003': 'IEPS',
	'retenciones:001': 'ISR Withheld',
	'retenciones:002': 'IVA Withheld',
};

type Voucher = Record<string, unknown>;

const record = (value: unknown): Voucher =>
	value && typeof value === 'object' && !Array.isArray(value) ? (value as Voucher) : {};

/** The form's name for a JSON path, or undefined when the form has no field for it. */
export function formLabel(path: string, voucher: Voucher = {}): string | undefined {
	if (FORM_LABELS[path]) return FORM_LABELS[path];
	const line = /^conceptos\[(\d+)\](?:\.(.+))?$/.exec(path);
	if (!line) return undefined;
	const index = Number(line[1]);
	const name = `line ${index + 1}`;
	const rest = line[2];
	if (!rest) return name;
	if (LINE_LABELS[rest]) return `${name}'s ${LINE_LABELS[rest]}`;
	const tax = /^impuestos\.(traslados|retenciones)\[(\d+)\](?:\..+)?$/.exec(rest);
	if (!tax) return undefined;
	const concepto = record((Array.isArray(voucher.conceptos) ? voucher.conceptos : [])[index]);
	const list = record(concepto.impuestos)[tax[1]];
	const entry = record((Array.isArray(list) ? list : [])[Number(tax[2])]);
	const field = TAX_LABELS[`${tax[1]}:${String(entry.impuesto ?? '')}`];
	return field ? `${name}'s ${field}` : undefined;
}

// A JSON path as the checks write it in their messages: a header member, or a line's member.
const PATH_IN_TEXT =
	/\b(?:(?:emisor|receptor)\.[A-Za-z]+|conceptos\[\d+\](?:\.[A-Za-z]+(?:\[\d+\])?)*|serie|formaPago|moneda|lugarExpedicion|tipoDeComprobante|metodoPago|exportacion)\b/g;

/** A check's text with every path the form has a field for written as that field's name. */
export function inFormWords(text: string, voucher: Voucher = {}): string {
	return text.replace(PATH_IN_TEXT, (path) => formLabel(path, voucher) ?? path);
}

/**
 * A finding of the local checks as the Fields form speaks: its message and fix with the form's
 * field names, and `field` when the form has one for its path (the JSON path stays in `path`).
 * Create's refusal and Validate's output of a form voucher both use it.
 */
export function inFormFinding<F extends { path: string; message: string; fix: string }>(
	finding: F,
	voucher: Voucher = {},
): F & { field?: string } {
	const field = formLabel(finding.path, voucher);
	return {
		...finding,
		message: inFormWords(finding.message, voucher),
		fix: inFormWords(finding.fix, voucher),
		...(field ? { field } : {}),
	};
}
