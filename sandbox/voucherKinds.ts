/**
 * Voucher kinds beyond the plain invoice, as the service (the PAC) handles them: the rules it
 * applies before stamping payment vouchers (type P, Pagos 2.0: CFDI40xxx / CRP2xxxx), credit
 * notes (type E: the relation they need), global invoices, related vouchers, fiscal legends,
 * Carta Porte 3.1 and Comercio Exterior 2.0 (the Pagos 2.0 complement's own rules are in
 * paymentComplementRules.ts; the kinds' XML and PDF in voucherKindRendering.ts).
 *
 * The JSON shape follows the convention a public client of the service uses (member names are
 * the SAT attribute names in lowerCamelCase; a repeated element is an array under its singular
 * name): complemento.complementoPago20, cfdiRelacionados[], informacionGlobal,
 * complemento.leyendasFiscales, complemento.cartaPorte31, complemento.comercioExterior20.
 * Like the rest of the sandbox this shares no code with the package: it is an independent reading
 * of the same rules, so the two check each other.
 */
import { toNumber } from './modelBinding';
import { complemento, err, list, near, obj, present, UUID } from './kindMembers';
import { paymentComplementErrors } from './paymentComplementRules';
import type { ValidationError, VoucherBody } from './types';

const ID_CCP = /^CCC[0-9a-f]{5}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
