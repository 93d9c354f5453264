/** The service's rules for a payment voucher's Pagos 2.0 complement (CRP202xx), the largest kind rule. */
import { isObject, toNumber } from './modelBinding';
import { CENT, err, list, near, obj, present, UUID, type Json } from './kindMembers';
import type { ValidationError } from './types';

const FECHA = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
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
export function paymentComplementErrors(pagos: Json): ValidationError[] {
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
