/** The voucher kinds written out for a stamped voucher: their XML nodes and their PDF lines. */
import { isObject, toNumber } from './modelBinding';
import { complemento, list, obj, type Json } from './kindMembers';
import type { VoucherBody } from './types';

export interface KindXml {
	/** Namespace declarations for the Comprobante, and their schemaLocation pairs. */
	namespaces: Array<[prefix: string, uri: string, xsd: string]>;
	/** InformacionGlobal and CfdiRelacionados, which precede cfdi:Emisor in the schema. */
	header: string[];
	/** Complements, inside cfdi:Complemento before the TimbreFiscalDigital. */
	complements: string[];
}

type Attr = [string, string | undefined];
type Format = (value: unknown) => string | undefined;

export interface XmlFormatters {
	attrs: (pairs: Attr[]) => string;
	text: Format;
	amount: Format;
	rate: Format;
}

/** A number as the SAT writes it when it is not an amount (EquivalenciaDR 1, NumParcialidad). */
function plain(value: unknown): string | undefined {
	const n = toNumber(value);
	return n === undefined ? undefined : String(n);
}

function element(indent: string, name: string, attributes: string, children: string[]): string[] {
	return children.length === 0
		? [`${indent}<${name}${attributes}/>`]
		: [`${indent}<${name}${attributes}>`, ...children, `${indent}</${name}>`];
}

function pagosXml(pagos: Json, f: XmlFormatters, indent: string): string[] {
	const totales = obj(pagos.totales);
	const totalesNames = [
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
	const upper = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
	const inner = [
		`${indent}  <pago20:Totales${f.attrs(totalesNames.map((name): Attr => [upper(name), f.amount(totales[name])]))}/>`,
	];
	for (const pago of list(pagos.pago)) {
		const children: string[] = [];
		for (const doc of list(pago.doctoRelacionado)) {
			const taxes = obj(doc.impuestosDR);
			const taxLines: string[] = [];
			const block = (items: Json[], group: string, item: string): void => {
				if (items.length === 0) return;
				const lines = items.map(
					(t) =>
						`${indent}          <pago20:${item}${f.attrs([
							['BaseDR', f.amount(t.baseDR)],
							['ImpuestoDR', f.text(t.impuestoDR)],
							['TipoFactorDR', f.text(t.tipoFactorDR)],
							['TasaOCuotaDR', f.rate(t.tasaOCuotaDR)],
							['ImporteDR', f.amount(t.importeDR)],
						])}/>`,
				);
				taxLines.push(...element(`${indent}        `, `pago20:${group}`, '', lines));
			};
			block(list(taxes.retencionesDR), 'RetencionesDR', 'RetencionDR');
			block(list(taxes.trasladosDR), 'TrasladosDR', 'TrasladoDR');
			const docAttrs = f.attrs([
				['IdDocumento', f.text(doc.idDocumento)],
				['Serie', f.text(doc.serie)],
				['Folio', f.text(doc.folio)],
				['MonedaDR', f.text(doc.monedaDR)],
				['EquivalenciaDR', plain(doc.equivalenciaDR)],
				['NumParcialidad', plain(doc.numParcialidad)],
				['ImpSaldoAnt', f.amount(doc.impSaldoAnt)],
				['ImpPagado', f.amount(doc.impPagado)],
				['ImpSaldoInsoluto', f.amount(doc.impSaldoInsoluto)],
				['ObjetoImpDR', f.text(doc.objetoImpDR)],
			]);
			const impuestosDR =
				taxLines.length > 0 ? element(`${indent}      `, 'pago20:ImpuestosDR', '', taxLines) : [];
			children.push(...element(`${indent}    `, 'pago20:DoctoRelacionado', docAttrs, impuestosDR));
		}
		const taxesP = obj(pago.impuestosP);
		const pLines: string[] = [];
		const retP = list(taxesP.retencionesP);
		if (retP.length)
			pLines.push(
				...element(
					`${indent}      `,
					'pago20:RetencionesP',
					'',
					retP.map(
						(r) =>
							`${indent}        <pago20:RetencionP${f.attrs([
								['ImpuestoP', f.text(r.impuestoP)],
								['ImporteP', f.amount(r.importeP)],
							])}/>`,
					),
				),
			);
		const trasP = list(taxesP.trasladosP);
		if (trasP.length) {
			pLines.push(
				...element(
					`${indent}      `,
					'pago20:TrasladosP',
					'',
					trasP.map(
						(t) =>
							`${indent}        <pago20:TrasladoP${f.attrs([
								['BaseP', f.amount(t.baseP)],
								['ImpuestoP', f.text(t.impuestoP)],
								['TipoFactorP', f.text(t.tipoFactorP)],
								['TasaOCuotaP', f.rate(t.tasaOCuotaP)],
								['ImporteP', f.amount(t.importeP)],
							])}/>`,
					),
				),
			);
		}
		if (pLines.length) children.push(...element(`${indent}    `, 'pago20:ImpuestosP', '', pLines));
		const pagoAttrs = f.attrs([
			['FechaPago', f.text(pago.fechaPago)],
			['FormaDePagoP', f.text(pago.formaDePagoP)],
			['MonedaP', f.text(pago.monedaP)],
			['TipoCambioP', plain(pago.tipoCambioP)],
			['Monto', f.amount(pago.monto)],
			['NumOperacion', f.text(pago.numOperacion)],
		]);
		inner.push(...element(`${indent}  `, 'pago20:Pago', pagoAttrs, children));
	}
	return element(indent, 'pago20:Pagos', f.attrs([['Version', f.text(pagos.version)]]), inner);
}

// The complements given as JSON are written generically: scalars become attributes and objects
// child elements, with the SAT's capitalised names; an array repeats its element.
const SPECIAL_NAMES: Record<string, string> = {
	rfcRemitenteDestinatario: 'RFCRemitenteDestinatario',
	rfcFigura: 'RFCFigura',
	idCCP: 'IdCCP',
	totalUSD: 'TotalUSD',
	tipoCambioUSD: 'TipoCambioUSD',
};

function genericXml(
	prefix: string,
	name: string,
	value: Json,
	f: XmlFormatters,
	indent: string,
): string[] {
	const xmlName = (key: string): string =>
		SPECIAL_NAMES[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
	const attributes: Attr[] = [];
	const children: string[] = [];
	for (const [key, member] of Object.entries(value)) {
		if (isObject(member))
			children.push(...genericXml(prefix, xmlName(key), member, f, `${indent}  `));
		else if (Array.isArray(member))
			for (const item of member.filter(isObject))
				children.push(...genericXml(prefix, xmlName(key), item, f, `${indent}  `));
		else
			attributes.push([xmlName(key), typeof member === 'number' ? String(member) : f.text(member)]);
	}
	return element(indent, `${prefix}:${name}`, f.attrs(attributes), children);
}

const NS = {
	pagos: [
		'pago20',
		'http://www.sat.gob.mx/Pagos20',
		'http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd',
	],
	legends: [
		'leyendasFisc',
		'http://www.sat.gob.mx/leyendasFiscales',
		'http://www.sat.gob.mx/sitio_internet/cfd/leyendasFiscales/leyendasFisc.xsd',
	],
	cartaPorte: [
		'cartaporte31',
		'http://www.sat.gob.mx/CartaPorte31',
		'http://www.sat.gob.mx/sitio_internet/cfd/CartaPorte/CartaPorte31.xsd',
	],
	foreignTrade: [
		'cce20',
		'http://www.sat.gob.mx/ComercioExterior20',
		'http://www.sat.gob.mx/sitio_internet/cfd/ComercioExterior20/ComercioExterior20.xsd',
	],
} as const;

/** The XML of the kinds' nodes for a stamped voucher. */
export function voucherKindXml(body: VoucherBody, f: XmlFormatters): KindXml {
	const out: KindXml = { namespaces: [], header: [], complements: [] };
	if (isObject(body.informacionGlobal)) {
		const info = body.informacionGlobal;
		// The attribute is "Año" in the CFDI 4.0 schema.
		out.header.push(
			`  <cfdi:InformacionGlobal${f.attrs([
				['Periodicidad', f.text(info.periodicidad)],
				['Meses', f.text(info.meses)],
				['Año', plain(info.anio) ?? f.text(info.anio)],
			])}/>`,
		);
	}
	for (const group of list(body.cfdiRelacionados)) {
		const items = list(group.cfdiRelacionado).map(
			(item) => `    <cfdi:CfdiRelacionado${f.attrs([['UUID', f.text(item.uuid)]])}/>`,
		);
		out.header.push(
			...element(
				'  ',
				'cfdi:CfdiRelacionados',
				f.attrs([['TipoRelacion', f.text(group.tipoRelacion)]]),
				items,
			),
		);
	}
	const comp = complemento(body);
	if (isObject(comp.complementoPago20)) {
		out.namespaces.push([...NS.pagos]);
		out.complements.push(...pagosXml(comp.complementoPago20, f, '    '));
	}
	if (isObject(comp.leyendasFiscales)) {
		out.namespaces.push([...NS.legends]);
		const legends = list(comp.leyendasFiscales.leyenda).map(
			(l) =>
				`      <leyendasFisc:Leyenda${f.attrs([
					['disposicionFiscal', f.text(l.disposicionFiscal)],
					['norma', f.text(l.norma)],
					['textoLeyenda', f.text(l.textoLeyenda)],
				])}/>`,
		);
		out.complements.push(
			...element(
				'    ',
				'leyendasFisc:LeyendasFiscales',
				f.attrs([['version', f.text(comp.leyendasFiscales.version) ?? '1.0']]),
				legends,
			),
		);
	}
	if (isObject(comp.cartaPorte31)) {
		out.namespaces.push([...NS.cartaPorte]);
		out.complements.push(...genericXml('cartaporte31', 'CartaPorte', comp.cartaPorte31, f, '    '));
	}
	if (isObject(comp.comercioExterior20)) {
		out.namespaces.push([...NS.foreignTrade]);
		out.complements.push(
			...genericXml('cce20', 'ComercioExterior', comp.comercioExterior20, f, '    '),
		);
	}
	return out;
}

/** Lines the printed voucher adds for the kinds (relations, global period, payments, legends, complements). */
export function voucherKindPdfLines(
	body: VoucherBody,
	money: (value: unknown) => string | undefined,
): string[] {
	const lines: string[] = [];
	const info = body.informacionGlobal;
	if (isObject(info))
		lines.push(
			`Informacion global: periodicidad ${String(info.periodicidad)}, meses ${String(info.meses)}, anio ${String(info.anio)}`,
		);
	for (const group of list(body.cfdiRelacionados)) {
		lines.push(
			`CFDI relacionados (tipo ${String(group.tipoRelacion)}): ${list(group.cfdiRelacionado)
				.map((item) => String(item.uuid))
				.join(', ')}`,
		);
	}
	const comp = complemento(body);
	if (isObject(comp.complementoPago20)) {
		const pagos = comp.complementoPago20;
		lines.push(
			`Complemento de pagos 2.0 - monto total de pagos: ${money(obj(pagos.totales).montoTotalPagos) ?? ''} MXN`,
		);
		for (const pago of list(pagos.pago)) {
			lines.push(
				`  Pago ${String(pago.fechaPago)} forma ${String(pago.formaDePagoP)}: ${money(pago.monto) ?? ''} ${String(pago.monedaP)}`,
			);
			for (const doc of list(pago.doctoRelacionado)) {
				lines.push(
					`    ${String(doc.idDocumento)} parcialidad ${String(doc.numParcialidad)}: saldo anterior ${money(doc.impSaldoAnt) ?? ''}, pagado ${money(doc.impPagado) ?? ''}, insoluto ${money(doc.impSaldoInsoluto) ?? ''} ${String(doc.monedaDR)}`,
				);
			}
		}
	}
	if (isObject(comp.leyendasFiscales))
		for (const legend of list(comp.leyendasFiscales.leyenda))
			lines.push(`Leyenda fiscal: ${String(legend.textoLeyenda)}`);
	if (isObject(comp.cartaPorte31))
		lines.push(
			`Carta Porte 3.1: ${String(comp.cartaPorte31.idCCP)}, distancia ${String(comp.cartaPorte31.totalDistRec ?? '')} km`,
		);
	if (isObject(comp.comercioExterior20))
		lines.push(`Comercio exterior 2.0: total ${money(comp.comercioExterior20.totalUSD) ?? ''} USD`);
	return lines;
}
