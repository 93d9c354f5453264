/**
 * The CFDI 4.0 XML of a stamped voucher, with its TimbreFiscalDigital 1.1. Seals and the
 * certificate are stand-ins (HMAC bytes of RSA-2048 size), never valid signatures.
 */
import { createHmac } from 'crypto';

import { isObject, toNumber } from './modelBinding';
import type { SandboxAccount, VoucherBody } from './types';
import { voucherKindXml } from './voucherKindRendering';

export interface StampData {
	uuid: string;
	/** Fecha of the voucher (CFDI format, Mexico City time). */
	fecha: string;
	fechaTimbrado: string;
	/** Key the stand-in seals are derived from (per sandbox). */
	sealKey: Buffer;
}

// The SAT's test certificate numbers for EKU9003173C9 and for the stamping authority.
const NO_CERTIFICADO = '30001000000500003416';
const NO_CERTIFICADO_SAT = '30001000000500003456';
const RFC_PROV_CERTIF = 'SPR190613I52';

export function buildCfdiXml(body: VoucherBody, account: SandboxAccount, stamp: StampData): string {
	const emisor = isObject(body.emisor) ? body.emisor : {};
	const receptor = isObject(body.receptor) ? body.receptor : {};
	const conceptos = (Array.isArray(body.conceptos) ? body.conceptos : []).filter(isObject);
	const sello = fakeSignature(stamp.sealKey, `sello|${stamp.uuid}|${stamp.fecha}`);
	const certificado = fakeSignature(stamp.sealKey, `cert|${account.rfc}`, 1200);
	const kinds = voucherKindXml(body, { attrs, text, amount, rate });

	const lines: string[] = ['<?xml version="1.0" encoding="utf-8"?>'];
	lines.push(
		`<cfdi:Comprobante${attrs([
			['xmlns:cfdi', 'http://www.sat.gob.mx/cfd/4'],
			...kinds.namespaces.map(([prefix, uri]): [string, string] => [`xmlns:${prefix}`, uri]),
			['xmlns:xsi', 'http://www.w3.org/2001/XMLSchema-instance'],
			[
				'xsi:schemaLocation',
				[
					'http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd',
					...kinds.namespaces.map(([, uri, xsd]) => `${uri} ${xsd}`),
				].join(' '),
			],
			['Version', '4.0'],
			['Serie', text(body.serie)],
			['Folio', text(body.folio)],
			['Fecha', stamp.fecha],
			['Sello', sello],
			['FormaPago', text(body.formaPago)],
			['NoCertificado', NO_CERTIFICADO],
			['Certificado', certificado],
			['CondicionesDePago', text(body.condicionesDePago)],
			['SubTotal', amount(body.subTotal)],
			['Descuento', amount(body.descuento)],
			['Moneda', text(body.moneda)],
			['TipoCambio', amount(body.tipoCambio)],
			['Total', amount(body.total)],
			['TipoDeComprobante', text(body.tipoDeComprobante)],
			['Exportacion', text(body.exportacion)],
			['MetodoPago', text(body.metodoPago)],
			['LugarExpedicion', text(body.lugarExpedicion)],
		])}>`,
	);
	lines.push(...kinds.header);
	lines.push(
		`  <cfdi:Emisor${attrs([
			['Rfc', text(emisor.rfc) ?? account.rfc],
			['Nombre', text(emisor.nombre) ?? account.nombre],
			['RegimenFiscal', text(emisor.regimenFiscal) ?? account.regimenFiscal],
		])}/>`,
	);
	lines.push(
		`  <cfdi:Receptor${attrs([
			['Rfc', text(receptor.rfc)],
			['Nombre', text(receptor.nombre)],
			['DomicilioFiscalReceptor', text(receptor.domicilioFiscalReceptor)],
			['RegimenFiscalReceptor', text(receptor.regimenFiscalReceptor)],
			['UsoCFDI', text(receptor.usoCFDI)],
		])}/>`,
	);
	lines.push('  <cfdi:Conceptos>');
	for (const concepto of conceptos) {
		const open = `    <cfdi:Concepto${attrs([
			['ClaveProdServ', text(concepto.claveProdServ)],
			['NoIdentificacion', text(concepto.noIdentificacion)],
			['Cantidad', text(concepto.cantidad)],
			['ClaveUnidad', text(concepto.claveUnidad)],
			['Unidad', text(concepto.unidad)],
			['Descripcion', text(concepto.descripcion)],
			['ValorUnitario', amount(concepto.valorUnitario)],
			['Importe', amount(concepto.importe)],
			['Descuento', amount(concepto.descuento)],
			['ObjetoImp', text(concepto.objetoImp)],
		])}`;
		const taxes = isObject(concepto.impuestos) ? taxLines(concepto.impuestos, '      ', true) : [];
		if (taxes.length === 0) {
			lines.push(`${open}/>`);
		} else {
			lines.push(
				`${open}>`,
				'      <cfdi:Impuestos>',
				...taxes,
				'      </cfdi:Impuestos>',
				'    </cfdi:Concepto>',
			);
		}
	}
	lines.push('  </cfdi:Conceptos>');
	if (isObject(body.impuestos)) {
		const taxes = body.impuestos;
		const open = `  <cfdi:Impuestos${attrs([
			['TotalImpuestosRetenidos', amount(taxes.totalImpuestosRetenidos)],
			['TotalImpuestosTrasladados', amount(taxes.totalImpuestosTrasladados)],
		])}`;
		// The voucher-level summary lists retenciones first, as the CFDI 4.0 schema orders them.
		const inner = taxLines(taxes, '  ', false);
		lines.push(
			...(inner.length === 0 ? [`${open}/>`] : [`${open}>`, ...inner, '  </cfdi:Impuestos>']),
		);
	}
	lines.push('  <cfdi:Complemento>', ...kinds.complements);
	lines.push(
		`    <tfd:TimbreFiscalDigital${attrs([
			['xmlns:tfd', 'http://www.sat.gob.mx/TimbreFiscalDigital'],
			[
				'xsi:schemaLocation',
				'http://www.sat.gob.mx/TimbreFiscalDigital http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd',
			],
			['Version', '1.1'],
			['UUID', stamp.uuid],
			['FechaTimbrado', stamp.fechaTimbrado],
			['RfcProvCertif', RFC_PROV_CERTIF],
			['SelloCFD', sello],
			['NoCertificadoSAT', NO_CERTIFICADO_SAT],
			['SelloSAT', fakeSignature(stamp.sealKey, `sat|${stamp.uuid}|${stamp.fechaTimbrado}`)],
		])}/>`,
	);
	lines.push('  </cfdi:Complemento>');
	lines.push('</cfdi:Comprobante>');
	return lines.join('\n');
}

/** Traslados/Retenciones blocks; concept-level ones come traslados-first per the schema. */
function taxLines(taxes: Record<string, unknown>, indent: string, conceptLevel: boolean): string[] {
	const block = (list: unknown, group: string, item: string, withBase: boolean): string[] => {
		const entries = (Array.isArray(list) ? list : []).filter(isObject);
		if (entries.length === 0) return [];
		return [
			`${indent}  <cfdi:${group}>`,
			...entries.map(
				(t) =>
					`${indent}    <cfdi:${item}${attrs([
						['Base', withBase ? amount(t.base) : undefined],
						['Impuesto', text(t.impuesto)],
						['TipoFactor', withBase ? text(t.tipoFactor) : undefined],
						['TasaOCuota', withBase ? rate(t.tasaOCuota) : undefined],
						['Importe', amount(t.importe)],
					])}/>`,
			),
			`${indent}  </cfdi:${group}>`,
		];
	};
	const traslados = block(taxes.traslados, 'Traslados', 'Traslado', true);
	// Voucher-level retenciones carry only Impuesto and Importe.
	const retenciones = block(taxes.retenciones, 'Retenciones', 'Retencion', conceptLevel);
	return conceptLevel ? [...traslados, ...retenciones] : [...retenciones, ...traslados];
}

function attrs(pairs: Array<[string, string | undefined]>): string {
	return pairs
		.filter((pair): pair is [string, string] => pair[1] !== undefined)
		.map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
		.join('');
}

export function escapeXml(value: string): string {
	return value
		.replace(/[&<>"'\t\n\r]/g, (c) => XML_ESCAPES[c])
		.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '');
}

const XML_ESCAPES: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&apos;',
	'\t': '&#x9;',
	'\n': '&#xA;',
	'\r': '&#xD;',
};

function text(value: unknown): string | undefined {
	if (typeof value === 'string' && value !== '') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return undefined;
}

/** Amounts with at least 2 and at most 6 decimals, as the CFDI decimal types allow. */
export function amount(value: unknown): string | undefined {
	const n = toNumber(value);
	if (n === undefined) return undefined;
	for (let decimals = 2; decimals < 6; decimals++) {
		if (Math.abs(Number(n.toFixed(decimals)) - n) < 1e-9) return n.toFixed(decimals);
	}
	return n.toFixed(6);
}

function rate(value: unknown): string | undefined {
	const n = toNumber(value);
	return n === undefined ? undefined : n.toFixed(6);
}

/** Deterministic base64 bytes of `size` length standing in for an RSA seal or certificate. */
function fakeSignature(key: Buffer, label: string, size = 256): string {
	const chunks: Buffer[] = [];
	for (let i = 0; chunks.length * 32 < size; i++) {
		chunks.push(createHmac('sha256', key).update(`${label}|${i}`).digest());
	}
	return Buffer.concat(chunks).subarray(0, size).toString('base64');
}
