/** What a stamped voucher's PDF prints: its header, the kinds' lines, its concepts and totals. */
import { amount } from './cfdiXml';
import { isObject } from './modelBinding';
import { buildPdf } from './pdfDocument';
import type { SandboxAccount, VoucherBody } from './types';
import { voucherKindPdfLines } from './voucherKindRendering';

export function renderPdf(
	body: VoucherBody,
	account: SandboxAccount,
	uuid: string,
	fecha: string,
	fechaTimbrado: string,
	stampedAt: number,
): Buffer {
	const str = (value: unknown): string => (typeof value === 'string' ? value : '');
	const emisor = isObject(body.emisor) ? body.emisor : {};
	const receptor = isObject(body.receptor) ? body.receptor : {};
	const impuestos = isObject(body.impuestos) ? body.impuestos : {};
	const moneda = str(body.moneda) || 'MXN';
	const money = (value: unknown): string => `${amount(value) ?? '0.00'} ${moneda}`;
	const serieFolio =
		[str(body.serie), str(body.folio)].filter((s) => s !== '').join('-') || '(sin serie)';

	const lines = [
		`Serie y folio: ${serieFolio}`,
		`Folio fiscal (UUID): ${uuid}`,
		`Emisor: ${str(emisor.rfc) || account.rfc} - ${str(emisor.nombre) || account.nombre}`,
		`Regimen fiscal: ${str(emisor.regimenFiscal) || account.regimenFiscal}   Lugar de expedicion: ${str(body.lugarExpedicion)}`,
		`Receptor: ${str(receptor.rfc)} - ${str(receptor.nombre)}`,
		`Uso CFDI: ${str(receptor.usoCFDI)}   Regimen fiscal receptor: ${str(receptor.regimenFiscalReceptor)}`,
		`Fecha de emision: ${fecha}   Fecha de timbrado: ${fechaTimbrado}`,
		`Tipo: ${str(body.tipoDeComprobante)}   Metodo de pago: ${str(body.metodoPago)}   Forma de pago: ${str(body.formaPago)}`,
		...voucherKindPdfLines(body, amount),
		'',
		'Conceptos:',
	];
	for (const item of (Array.isArray(body.conceptos) ? body.conceptos : []).filter(isObject)) {
		lines.push(
			`  ${str(item.cantidad)} x ${str(item.descripcion)} @ ${amount(item.valorUnitario) ?? ''} = ${amount(item.importe) ?? ''}`,
		);
	}
	lines.push('', `Subtotal: ${money(body.subTotal)}`);
	if (body.descuento !== undefined && body.descuento !== null)
		lines.push(`Descuento: ${money(body.descuento)}`);
	if (impuestos.totalImpuestosTrasladados !== undefined)
		lines.push(`Impuestos trasladados: ${money(impuestos.totalImpuestosTrasladados)}`);
	if (impuestos.totalImpuestosRetenidos !== undefined)
		lines.push(`Impuestos retenidos: ${money(impuestos.totalImpuestosRetenidos)}`);
	lines.push(
		`Total: ${money(body.total)}`,
		'',
		'Este documento es una representacion impresa de un CFDI (sandbox).',
	);

	return buildPdf({
		title: `CFDI 4.0 ${serieFolio}`,
		lines,
		createdAt: stampedAt,
		id: uuid.replace(/-/g, ''),
	});
}
