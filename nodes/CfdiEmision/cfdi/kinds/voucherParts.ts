/** The parts every kind builder writes the same way: the voucher's head and a concept's taxes. */
import type { Concepto, Emisor } from '../types';
import type { JsonRecord } from '../voucherShape';
import { conceptTaxesFor, type TaxRate } from './taxRates';

/** What the user gives for any voucher kind. */
export interface VoucherHeadInput {
	emisor: Emisor;
	lugarExpedicion: string;
	serie?: string;
	folio?: string;
	fecha?: string;
	descripcionFacturador?: string;
}

export interface VoucherHeadMembers {
	tipoDeComprobante: string;
	moneda: string;
	formaPago?: string;
	metodoPago?: string;
	tipoCambio?: number | string;
}

/**
 * The voucher members in the order of the spec and the XML schema, with subTotal and total at 0
 * for computeTotals (or a payment voucher) to set; optional members only when given.
 */
export function voucherHead(input: VoucherHeadInput, members: VoucherHeadMembers): JsonRecord {
	const given = (value: unknown): boolean => value !== undefined && value !== null && value !== '';
	const voucher: JsonRecord = { version: '4.0' };
	if (given(input.serie)) voucher.serie = input.serie;
	if (given(input.folio)) voucher.folio = input.folio;
	if (given(input.fecha)) voucher.fecha = input.fecha;
	if (given(members.formaPago)) voucher.formaPago = members.formaPago;
	voucher.subTotal = 0;
	voucher.moneda = members.moneda;
	if (given(members.tipoCambio)) voucher.tipoCambio = Number(members.tipoCambio);
	Object.assign(voucher, {
		total: 0,
		tipoDeComprobante: members.tipoDeComprobante,
		exportacion: '01',
	});
	if (given(members.metodoPago)) voucher.metodoPago = members.metodoPago;
	voucher.lugarExpedicion = input.lugarExpedicion;
	if (given(input.descripcionFacturador))
		voucher.descripcionFacturador = input.descripcionFacturador;
	voucher.emisor = input.emisor;
	return voucher;
}

/** The concept with these taxes: objetoImp "02" and impuestos when there are taxes, "01" otherwise. */
export function withConceptTaxes(concepto: Concepto, rates: ReadonlyArray<TaxRate>): Concepto {
	const impuestos = conceptTaxesFor(rates);
	const taxed = impuestos.traslados !== undefined || impuestos.retenciones !== undefined;
	const out: Concepto = { ...concepto, objetoImp: taxed ? '02' : '01' };
	if (taxed) out.impuestos = impuestos;
	return out;
}
