/**
 * Voucher kinds beyond the plain invoice, as the service (the PAC) handles them: the rules it
 * applies before stamping payment vouchers (type P, Pagos 2.0: CFDI40xxx / CRP2xxxx), credit
 * notes (type E: the relation they need), global invoices, related vouchers, fiscal legends,
 * Carta Porte 3.1 and Comercio Exterior 2.0; and their rendering into the stamped XML and the PDF.
 *
 * The JSON shape follows the convention a public client of the service uses (member names are
 * the SAT attribute names in lowerCamelCase; a repeated element is an array under its singular
 * name): complemento.complementoPago20, cfdiRelacionados[], informacionGlobal,
 * complemento.leyendasFiscales, complemento.cartaPorte31, complemento.comercioExterior20.
 * Like the rest of the sandbox this shares no code with the package: it is an independent reading
 * of the same rules, so the two check each other.
 */
import { isObject, toNumber } from './modelBinding';
import type { ValidationError, VoucherBody } from './types';

type Json = Record<string, unknown>;

// Amount comparisons allow one cent per summed amount (plus float noise), as the SAT's margins do.
const CENT = 0.01 + 1e-9;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FECHA = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const ID_CCP = /^CCC[0-9a-f]{5}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FORMA_PAGO = [
	'01',
	'02',
	'03',
	'04',
	'05',
	'06',
	'08',
	'12',
	'13',
	'14',
	'15',
	'17',
	'23',
	'24',
	'25',
	'26',
	'27',
	'28',
	'29',
	'30',
	'31',
	'99',
];

function obj(value: unknown): Json {
	return isObject(value) ? value : {};
}

function list(value: unknown): Json[] {
	return Array.isArray(value) ? value.filter(isObject) : [];
}

function complemento(body: VoucherBody): Json {
	return obj(body.complemento);
}

function present(value: unknown): boolean {
	return value !== undefined && value !== null && value !== '';
}

function near(a: number | undefined, b: number, tolerance = CENT): boolean {
	return a !== undefined && Math.abs(a - b) <= tolerance;
}

function err(codigo: string, mensaje: string): ValidationError {
	return { codigo, mensaje };
}

// ---------------------------------------------------------------------------------------------
// Stamping rules
// ---------------------------------------------------------------------------------------------

/** The fixed members of a type P voucher (CRP20101-CRP20123) and the receptor's use. */
function paymentVoucherErrors(body: VoucherBody, hasPagos: boolean): ValidationError[] {
	const errors: ValidationError[] = [];
	if (body.tipoDeComprobante !== 'P') {
		if (hasPagos)
			errors.push(
				err(
					'CRP20101',
					'El campo TipoDeComprobante debe contener el valor "P" cuando se registra el complemento de pagos.',
				),
			);
		return errors;
	}
	if (!hasPagos)
		errors.push(
			err(
				'CRP20999',
				'El comprobante de tipo P debe contener el complemento para recepción de pagos 2.0.',
			),
		);
	if (body.exportacion !== '01')
		errors.push(err('CRP20102', 'El campo Exportacion debe contener el valor "01".'));
	if (toNumber(body.subTotal) !== 0)
		errors.push(err('CRP20103', 'El campo SubTotal debe contener el valor "0".'));
	if (body.moneda !== 'XXX')
		errors.push(err('CRP20104', 'El campo Moneda debe contener el valor "XXX".'));
	if (present(body.formaPago))
		errors.push(err('CRP20105', 'El campo FormaPago no se debe registrar en el CFDI.'));
	if (present(body.metodoPago))
		errors.push(err('CRP20106', 'El campo MetodoPago no se debe registrar en el CFDI.'));
	if (present(body.condicionesDePago))
		errors.push(err('CRP20107', 'El campo CondicionesDePago no se debe registrar en el CFDI.'));
	if (present(body.descuento))
		errors.push(err('CRP20108', 'El campo Descuento no se debe registrar en el CFDI.'));
	if (present(body.tipoCambio))
		errors.push(err('CRP20109', 'El campo TipoCambio no se debe registrar en el CFDI.'));
	if (toNumber(body.total) !== 0)
		errors.push(err('CRP20110', 'El campo Total debe contener el valor "0".'));
	const conceptos = list(body.conceptos);
	if (conceptos.length !== 1) {
		errors.push(err('CRP20111', 'Solo debe existir un Concepto en el CFDI.'));
	} else {
		const c = conceptos[0];
		if (c.claveProdServ !== '84111506')
			errors.push(err('CRP20113', 'El campo ClaveProdServ debe contener el valor "84111506".'));
		if (present(c.noIdentificacion))
			errors.push(err('CRP20114', 'El campo NoIdentificacion no se debe registrar en el CFDI.'));
		if (toNumber(c.cantidad) !== 1)
			errors.push(err('CRP20115', 'El campo Cantidad debe contener el valor "1".'));
		if (c.claveUnidad !== 'ACT')
			errors.push(err('CRP20116', 'El campo ClaveUnidad debe contener el valor "ACT".'));
		if (present(c.unidad))
			errors.push(err('CRP20117', 'El campo Unidad no se debe registrar en el CFDI.'));
		if (c.descripcion !== 'Pago')
			errors.push(err('CRP20118', 'El campo Descripcion debe contener el valor "Pago".'));
		if (toNumber(c.valorUnitario) !== 0)
			errors.push(err('CRP20119', 'El campo ValorUnitario debe contener el valor "0".'));
		if (toNumber(c.importe) !== 0)
			errors.push(err('CRP20120', 'El campo Importe debe contener el valor "0".'));
		if (present(c.descuento))
			errors.push(err('CRP20121', 'El campo Descuento no se debe registrar en el concepto.'));
		if (c.objetoImp !== '01')
			errors.push(err('CRP20122', 'El campo ObjetoImp debe contener el valor "01".'));
		if (present(c.impuestos))
			errors.push(err('CRP20123', 'No se debe registrar el apartado de Impuestos en el CFDI.'));
	}
	if (obj(body.receptor).usoCFDI !== 'CP01')
		errors.push(
			err(
				'CFDI40161',
				'El campo UsoCFDI debe contener el valor "CP01" en un comprobante de tipo P.',
			),
		);
	if (present(body.impuestos))
		errors.push(
			err('CFDI40201', 'No se debe registrar el nodo Impuestos en un comprobante de tipo P.'),
		);
	return errors;
}

interface TaxSums {
	bases: Map<string, number>;
	importes: Map<string, number>;
	retenciones: Map<string, number>;
}

function rateKey(impuesto: unknown, tipoFactor: unknown, tasa: unknown): string {
	const rate = toNumber(tasa);
	return `${String(impuesto)}|${String(tipoFactor)}|${rate === undefined ? '' : rate.toFixed(6)}`;
}

/** The Pagos 2.0 complement (CRP202xx). */
function paymentComplementErrors(pagos: Json): ValidationError[] {
	const errors: ValidationError[] = [];
	if (pagos.version !== '2.0')
		errors.push(err('CRP20999', 'El atributo Version del complemento de pagos debe ser "2.0".'));
	const payments = list(pagos.pago);
	if (payments.length === 0)
		errors.push(err('CRP20999', 'El complemento de pagos debe contener al menos un nodo Pago.'));
	const totals = new Map<string, number>();
	const addTotal = (key: string, value: number): void => {
		totals.set(key, (totals.get(key) ?? 0) + Math.round(value * 100) / 100);
	};
	payments.forEach((pago, p) => {
		const at = `Pago ${p + 1}`;
		if (!FECHA.test(String(pago.fechaPago ?? '')))
			errors.push(err('CRP20999', `${at}: el campo FechaPago no cumple con el patrón requerido.`));
		if (pago.formaDePagoP === '99')
			errors.push(err('CRP20212', `${at}: el campo FormaDePagoP debe ser distinto de "99".`));
		else if (!FORMA_PAGO.includes(String(pago.formaDePagoP)))
			errors.push(
				err(
					'CRP20999',
					`${at}: el campo FormaDePagoP no contiene un valor del catálogo c_FormaPago.`,
				),
			);
		const monedaP = String(pago.monedaP ?? '');
		if (monedaP === 'XXX' || monedaP === '')
			errors.push(err('CRP20213', `${at}: el campo MonedaP debe ser distinto de "XXX".`));
		let tipoCambio = toNumber(pago.tipoCambioP);
		if (monedaP !== 'MXN' && tipoCambio === undefined)
			errors.push(
				err(
					'CRP20214',
					`${at}: el campo TipoCambioP se debe registrar cuando MonedaP es distinto de "MXN".`,
				),
			);
		if (monedaP === 'MXN') {
			if (tipoCambio !== undefined && tipoCambio !== 1)
				errors.push(
					err('CRP20215', `${at}: el campo TipoCambioP debe ser "1" cuando MonedaP es "MXN".`),
				);
			tipoCambio = 1;
		}
		const monto = toNumber(pago.monto);
		if (monto === undefined || monto <= 0)
			errors.push(err('CRP20218', `${at}: el campo Monto debe ser mayor que cero.`));

		const docs = list(pago.doctoRelacionado);
		if (docs.length === 0)
			errors.push(err('CRP20999', `${at}: se debe registrar al menos un DoctoRelacionado.`));
		let paidInP = 0;
		const sums: TaxSums = { bases: new Map(), importes: new Map(), retenciones: new Map() };
		docs.forEach((doc, d) => {
			const where = `${at}, DoctoRelacionado ${d + 1}`;
			if (!UUID.test(String(doc.idDocumento ?? '')))
				errors.push(
					err('CRP20999', `${where}: el campo IdDocumento no cumple con el patrón requerido.`),
				);
			const monedaDR = String(doc.monedaDR ?? '');
			if (monedaDR === 'XXX' || monedaDR === '')
				errors.push(err('CRP20236', `${where}: el campo MonedaDR debe ser distinto de "XXX".`));
			let equivalencia = toNumber(doc.equivalenciaDR);
			if (monedaDR !== monedaP && (equivalencia === undefined || equivalencia <= 0))
				errors.push(
					err(
						'CRP20237',
						`${where}: el campo EquivalenciaDR se debe registrar cuando MonedaDR es distinto de MonedaP.`,
					),
				);
			if (monedaDR === monedaP) {
				if (equivalencia !== undefined && equivalencia !== 1)
					errors.push(
						err(
							'CRP20238',
							`${where}: el campo EquivalenciaDR debe contener el valor "1" cuando MonedaDR es igual a MonedaP.`,
						),
					);
				equivalencia = 1;
			}
			const ant = toNumber(doc.impSaldoAnt);
			const paid = toNumber(doc.impPagado);
			const insoluto = toNumber(doc.impSaldoInsoluto);
			if (ant === undefined || ant <= 0)
				errors.push(err('CRP20239', `${where}: el campo ImpSaldoAnt debe ser mayor a cero.`));
			if (paid === undefined || paid <= 0)
				errors.push(err('CRP20241', `${where}: el campo ImpPagado debe ser mayor a cero.`));
			if (
				ant !== undefined &&
				paid !== undefined &&
				(insoluto === undefined || insoluto < 0 || !near(insoluto, ant - paid))
			) {
				errors.push(
					err(
						'CRP20244',
						`${where}: el campo ImpSaldoInsoluto debe ser mayor o igual a cero y calcularse con la suma de los campos ImSaldoAnt menos el ImpPagado.`,
					),
				);
			}
			if (paid !== undefined && equivalencia) paidInP += paid / equivalencia;
			const objeto = String(doc.objetoImpDR ?? '');
			const impuestos = doc.impuestosDR;
			if (objeto === '02' && !isObject(impuestos))
				errors.push(
					err(
						'CRP20246',
						`${where}: si el campo ObjetoImpDR contiene el valor "02", se debe registrar el nodo ImpuestosDR.`,
					),
				);
			if (['01', '03', '04', '05'].includes(objeto) && present(impuestos))
				errors.push(
					err(
						'CRP20247',
						`${where}: si el campo ObjetoImpDR es distinto de "02", no se debe registrar el nodo ImpuestosDR.`,
					),
				);
			const eq = equivalencia || 1;
			for (const t of list(obj(impuestos).trasladosDR)) {
				const base = toNumber(t.baseDR) ?? 0;
				if (base <= 0)
					errors.push(err('CRP20255', `${where}: el campo BaseDR debe ser mayor que cero.`));
				if (t.tipoFactorDR !== 'Exento') {
					const rate = toNumber(t.tasaOCuotaDR);
					const importe = toNumber(t.importeDR);
					if (rate === undefined || importe === undefined)
						errors.push(
							err(
								'CRP20259',
								`${where}: se deben registrar TasaOCuotaDR e ImporteDR cuando TipoFactorDR es "Tasa" o "Cuota".`,
							),
						);
					else if (t.tipoFactorDR === 'Tasa' && !near(importe, base * rate))
						errors.push(
							err(
								'CRP20261',
								`${where}: el campo ImporteDR no se encuentra entre el límite inferior y superior permitido.`,
							),
						);
					sums.importes.set(
						rateKey(t.impuestoDR, t.tipoFactorDR, t.tasaOCuotaDR),
						(sums.importes.get(rateKey(t.impuestoDR, t.tipoFactorDR, t.tasaOCuotaDR)) ?? 0) +
							(importe ?? 0) / eq,
					);
				} else if (present(t.tasaOCuotaDR) || present(t.importeDR)) {
					errors.push(
						err(
							'CRP20258',
							`${where}: no se deben registrar TasaOCuotaDR ni ImporteDR cuando TipoFactorDR es "Exento".`,
						),
					);
				}
				const key = rateKey(
					t.impuestoDR,
					t.tipoFactorDR,
					t.tipoFactorDR === 'Exento' ? undefined : t.tasaOCuotaDR,
				);
				sums.bases.set(key, (sums.bases.get(key) ?? 0) + base / eq);
			}
			for (const r of list(obj(impuestos).retencionesDR)) {
				if (r.tipoFactorDR === 'Exento')
					errors.push(
						err(
							'CRP20252',
							`${where}: el campo TipoFactorDR de una retención debe ser distinto de "Exento".`,
						),
					);
				sums.retenciones.set(
					String(r.impuestoDR),
					(sums.retenciones.get(String(r.impuestoDR)) ?? 0) + (toNumber(r.importeDR) ?? 0) / eq,
				);
			}
		});
		if (monto !== undefined && monto + CENT < paidInP)
			errors.push(
				err(
					'CRP20217',
					`${at}: la suma de los valores registrados en el campo ImpPagado de los DoctoRelacionado debe ser menor o igual que el valor del campo Monto.`,
				),
			);

		// ImpuestosP is the DR taxes grouped per tax and rate, converted to the payment currency.
		const taxes = obj(pago.impuestosP);
		const trasladosP = list(taxes.trasladosP);
		const retencionesP = list(taxes.retencionesP);
		if ((sums.bases.size > 0 || sums.retenciones.size > 0) && !isObject(pago.impuestosP))
			errors.push(
				err(
					'CRP20999',
					`${at}: se debe registrar el nodo ImpuestosP cuando los documentos relacionados tienen impuestos.`,
				),
			);
		const tolerance = CENT * Math.max(docs.length, 1);
		for (const t of trasladosP) {
			const key = rateKey(
				t.impuestoP,
				t.tipoFactorP,
				t.tipoFactorP === 'Exento' ? undefined : t.tasaOCuotaP,
			);
			if (!near(toNumber(t.baseP), sums.bases.get(key) ?? NaN, tolerance))
				errors.push(
					err(
						'CRP20268',
						`${at}: el campo BaseP no es igual a la suma de los BaseDR con el mismo ImpuestoP y TasaOCuotaP.`,
					),
				);
			if (
				t.tipoFactorP !== 'Exento' &&
				!near(toNumber(t.importeP), sums.importes.get(key) ?? NaN, tolerance)
			)
				errors.push(
					err(
						'CRP20274',
						`${at}: el campo ImporteP no es igual a la suma de los ImporteDR con el mismo ImpuestoP y TasaOCuotaP.`,
					),
				);
			sums.bases.delete(key);
			const tc = tipoCambio ?? 1;
			if (t.impuestoP === '002') {
				if (t.tipoFactorP === 'Exento')
					addTotal('totalTrasladosBaseIVAExento', (toNumber(t.baseP) ?? 0) * tc);
				const rate = toNumber(t.tasaOCuotaP);
				const suffix = rate === 0.16 ? '16' : rate === 0.08 ? '8' : rate === 0 ? '0' : undefined;
				if (t.tipoFactorP === 'Tasa' && suffix) {
					addTotal(`totalTrasladosBaseIVA${suffix}`, (toNumber(t.baseP) ?? 0) * tc);
					addTotal(`totalTrasladosImpuestoIVA${suffix}`, (toNumber(t.importeP) ?? 0) * tc);
				}
			}
		}
		if (sums.bases.size > 0)
			errors.push(
				err(
					'CRP20268',
					`${at}: falta el nodo TrasladoP de un impuesto registrado en los documentos relacionados.`,
				),
			);
		for (const r of retencionesP) {
			const impuesto = String(r.impuestoP);
			if (!near(toNumber(r.importeP), sums.retenciones.get(impuesto) ?? NaN, tolerance))
				errors.push(
					err(
						'CRP20265',
						`${at}: el campo ImporteP de la retención no es igual a la suma de los ImporteDR retenidos.`,
					),
				);
			sums.retenciones.delete(impuesto);
			const member = {
				'001': 'totalRetencionesISR',
				'002': 'totalRetencionesIVA',
				'003': 'totalRetencionesIEPS',
			}[impuesto];
			if (member) addTotal(member, (toNumber(r.importeP) ?? 0) * (tipoCambio ?? 1));
		}
		if (sums.retenciones.size > 0)
			errors.push(
				err(
					'CRP20265',
					`${at}: falta el nodo RetencionP de un impuesto retenido en los documentos relacionados.`,
				),
			);
		if (monto !== undefined) addTotal('montoTotalPagos', monto * (tipoCambio ?? 1));
	});

	// Totales: each member is the payments' amounts × TipoCambioP, present only when it applies.
	const totales = obj(pagos.totales);
	const codes: Record<string, string> = {
		totalRetencionesIVA: 'CRP20201',
		totalRetencionesISR: 'CRP20202',
		totalRetencionesIEPS: 'CRP20203',
		totalTrasladosBaseIVA16: 'CRP20204',
		totalTrasladosImpuestoIVA16: 'CRP20205',
		totalTrasladosBaseIVA8: 'CRP20206',
		totalTrasladosImpuestoIVA8: 'CRP20207',
		totalTrasladosBaseIVA0: 'CRP20208',
		totalTrasladosImpuestoIVA0: 'CRP20209',
		totalTrasladosBaseIVAExento: 'CRP20210',
		montoTotalPagos: 'CRP20211',
	};
	for (const [member, codigo] of Object.entries(codes)) {
		const expected = totals.get(member);
		const given = toNumber(totales[member]);
		const wrong =
			expected === undefined
				? given !== undefined
				: !near(given, expected, CENT * Math.max(payments.length, 1));
		if (wrong)
			errors.push(
				err(
					codigo,
					`El campo ${member.charAt(0).toUpperCase()}${member.slice(1)} no es igual a la suma de los importes de los pagos multiplicados por su TipoCambioP.`,
				),
			);
	}
	return errors;
}

/** Credit notes relate the invoice they correct and are settled when issued. */
function creditNoteErrors(body: VoucherBody): ValidationError[] {
	if (body.tipoDeComprobante !== 'E') return [];
	const errors: ValidationError[] = [];
	const groups = list(body.cfdiRelacionados);
	if (groups.length === 0) {
		errors.push(
			err(
				'FAC131',
				'El comprobante de egreso debe relacionar el CFDI que corrige (CfdiRelacionados).',
			),
		);
	} else if (!groups.some((group) => ['01', '03', '07'].includes(String(group.tipoRelacion)))) {
		errors.push(
			err(
				'FAC132',
				'El comprobante de egreso debe relacionar el CFDI con TipoRelacion "01", "03" o "07".',
			),
		);
	}
	if (body.metodoPago !== 'PUE')
		errors.push(err('FAC133', 'El comprobante de egreso debe registrar MetodoPago "PUE".'));
	return errors;
}

function relatedErrors(body: VoucherBody): ValidationError[] {
	if (body.cfdiRelacionados === undefined || body.cfdiRelacionados === null) return [];
	const errors: ValidationError[] = [];
	if (!Array.isArray(body.cfdiRelacionados))
		return [
			err(
				'FAC134',
				'El nodo CfdiRelacionados debe ser una lista de grupos { tipoRelacion, cfdiRelacionado }.',
			),
		];
	for (const group of list(body.cfdiRelacionados)) {
		if (!['01', '02', '03', '04', '05', '06', '07'].includes(String(group.tipoRelacion)))
			errors.push(
				err('CFDI40209', 'El campo TipoRelacion no contiene un valor del catálogo c_TipoRelacion.'),
			);
		const uuids = list(group.cfdiRelacionado);
		if (uuids.length === 0 || uuids.some((item) => !UUID.test(String(item.uuid ?? ''))))
			errors.push(err('FAC134', 'Cada CfdiRelacionado debe registrar un UUID válido.'));
	}
	return errors;
}

/** Global invoices: InformacionGlobal for the general public, within its ranges. */
function globalInvoiceErrors(body: VoucherBody): ValidationError[] {
	const errors: ValidationError[] = [];
	const receptor = obj(body.receptor);
	const info = body.informacionGlobal;
	if (info === undefined || info === null) {
		if (
			receptor.rfc === 'XAXX010101000' &&
			receptor.nombre === 'PUBLICO EN GENERAL' &&
			(body.tipoDeComprobante === 'I' || body.tipoDeComprobante === 'E')
		) {
			errors.push(
				err(
					'FAC140',
					'Se debe registrar el nodo InformacionGlobal cuando el receptor es "PUBLICO EN GENERAL".',
				),
			);
		}
		return errors;
	}
	const global = obj(info);
	const periodicidad = String(global.periodicidad ?? '');
	const meses = String(global.meses ?? '');
	if (!['01', '02', '03', '04', '05'].includes(periodicidad))
		errors.push(
			err('FAC141', 'El campo Periodicidad no contiene un valor del catálogo c_Periodicidad.'),
		);
	const bimonthly = ['13', '14', '15', '16', '17', '18'].includes(meses);
	const monthly = /^(0[1-9]|1[0-2])$/.test(meses);
	if ((!bimonthly && !monthly) || (periodicidad === '05') !== bimonthly)
		errors.push(
			err('FAC142', 'El campo Meses no corresponde con el catálogo c_Meses o con la Periodicidad.'),
		);
	const year = Number(global.anio);
	const issueYear = Number(String(body.fecha ?? '').slice(0, 4)) || new Date().getFullYear();
	if (year !== issueYear && year !== issueYear - 1)
		errors.push(err('FAC143', 'El campo Año debe ser el año en curso o el inmediato anterior.'));
	if (receptor.rfc !== 'XAXX010101000')
		errors.push(
			err(
				'FAC144',
				'El nodo InformacionGlobal solo se registra cuando el RFC del receptor es "XAXX010101000".',
			),
		);
	return errors;
}

function legendErrors(body: VoucherBody): ValidationError[] {
	const legends = complemento(body).leyendasFiscales;
	if (legends === undefined || legends === null) return [];
	const items = list(obj(legends).leyenda);
	if (
		items.length === 0 ||
		items.some((item) => typeof item.textoLeyenda !== 'string' || item.textoLeyenda.trim() === '')
	) {
		return [
			err(
				'FAC170',
				'El complemento LeyendasFiscales debe registrar al menos una Leyenda con textoLeyenda.',
			),
		];
	}
	return [];
}

function cartaPorteErrors(body: VoucherBody): ValidationError[] {
	const cp = complemento(body).cartaPorte31;
	if (cp === undefined || cp === null) return [];
	const errors: ValidationError[] = [];
	const carta = obj(cp);
	if (body.tipoDeComprobante !== 'I' && body.tipoDeComprobante !== 'T')
		errors.push(
			err(
				'FAC150',
				'El complemento Carta Porte solo se registra en comprobantes de tipo "I" o "T".',
			),
		);
	if (!ID_CCP.test(String(carta.idCCP ?? '')))
		errors.push(err('FAC151', 'El campo IdCCP no cumple con el patrón requerido.'));
	const tipos = list(obj(carta.ubicaciones).ubicacion).map((u) => u.tipoUbicacion);
	if (!tipos.includes('Origen') || !tipos.includes('Destino'))
		errors.push(
			err('FAC152', 'Se debe registrar al menos una Ubicacion de Origen y una de Destino.'),
		);
	if (list(obj(carta.mercancias).mercancia).length === 0)
		errors.push(err('FAC153', 'Se debe registrar al menos una Mercancia.'));
	return errors;
}

function foreignTradeErrors(body: VoucherBody): ValidationError[] {
	const cce = complemento(body).comercioExterior20;
	if (cce === undefined || cce === null) return [];
	const errors: ValidationError[] = [];
	if (!['02', '03', '04'].includes(String(body.exportacion)))
		errors.push(
			err(
				'FAC160',
				'El campo Exportacion debe ser "02", "03" o "04" cuando se registra el complemento de comercio exterior.',
			),
		);
	const receptor = obj(body.receptor);
	if (receptor.rfc === 'XAXX010101000')
		errors.push(
			err('FAC161', 'El RFC del receptor no puede ser "XAXX010101000" en una exportación.'),
		);
	if (
		receptor.rfc === 'XEXX010101000' &&
		(!present(receptor.residenciaFiscal) || !present(receptor.numRegIdTrib))
	) {
		errors.push(
			err(
				'FAC161',
				'Se deben registrar ResidenciaFiscal y NumRegIdTrib cuando el RFC del receptor es "XEXX010101000".',
			),
		);
	}
	const goods = list(obj(obj(cce).mercancias).mercancia);
	const sum = goods.reduce((total, item) => total + (toNumber(item.valorDolares) ?? 0), 0);
	if (goods.length === 0 || !near(toNumber(obj(cce).totalUSD), sum))
		errors.push(
			err(
				'FAC162',
				'El campo TotalUSD no es igual a la suma de los ValorDolares de las mercancías.',
			),
		);
	return errors;
}

/** Every kind rule that fails, as the service collects them before answering. */
export function voucherKindErrors(body: VoucherBody): ValidationError[] {
	const pagos = complemento(body).complementoPago20;
	const hasPagos = pagos !== undefined && pagos !== null;
	return [
		...paymentVoucherErrors(body, hasPagos),
		...(hasPagos && body.tipoDeComprobante === 'P' ? paymentComplementErrors(obj(pagos)) : []),
		...creditNoteErrors(body),
		...relatedErrors(body),
		...globalInvoiceErrors(body),
		...legendErrors(body),
		...cartaPorteErrors(body),
		...foreignTradeErrors(body),
	];
}

// ---------------------------------------------------------------------------------------------
// XML rendering
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// PDF
// ---------------------------------------------------------------------------------------------

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
