/**
 * Global invoices (público en general): the sales made to customers who asked for no invoice,
 * gathered per period into one voucher with InformacionGlobal, one concept per sale (ticket).
 */
import { computeTotals } from '../computeTotals';
import { addDecimal, divideDecimal, subtractDecimal, type Decimal } from '../decimal';
import { GENERIC_NATIONAL_RFC } from '../rfc';
import type { Concepto, Emisor, Voucher } from '../types';
import { withGlobalInformation, type InformacionGlobal, type JsonRecord } from '../voucherShape';
import { conceptTaxesFor, dec, decimalsOf, KindInputError, num, rateOf, type TaxRate } from './taxRates';

export const GENERAL_PUBLIC_RECIPIENT = Object.freeze({
	rfc: GENERIC_NATIONAL_RFC,
	nombre: 'PUBLICO EN GENERAL',
	usoCFDI: 'S01',
	regimenFiscalReceptor: '616',
});

/** SAT filling guide: each sale is a concept 01010101 / ACT described "Venta". */
export const SALE_CONCEPT = Object.freeze({ claveProdServ: '01010101', claveUnidad: 'ACT', descripcion: 'Venta' });

export interface SaleInput {
	/** Ticket (or sale) number, written as the concept's noIdentificacion. */
	ticket: string;
	/** The sale's amount: with taxes when `priceIncludesTax`, else before taxes. */
	amount: number | string;
	/** The sale's taxes; the invoice's `taxes` when absent. */
	taxes?: TaxRate[];
	/** Overrides the invoice's `pricesIncludeTax` for this sale. */
	priceIncludesTax?: boolean;
	descuento?: number | string;
	descripcion?: string;
}

export interface GlobalInvoiceInput {
	emisor: Emisor;
	lugarExpedicion: string;
	serie?: string;
	folio?: string;
	fecha?: string;
	descripcionFacturador?: string;
	/** How the sales were paid, e.g. 01 cash, 04 card; 99 with metodoPago PPD. */
	formaPago: string;
	metodoPago?: string;
	moneda?: string;
	tipoCambio?: number | string;
	/** 01 daily, 02 weekly, 03 fortnightly, 04 monthly, 05 bimonthly. */
	periodicidad: string;
	/** 01-12, or 13-18 for the bimonthly periods (13 = January-February ... 18 = November-December). */
	meses: string | number;
	anio: number | string;
	sales: SaleInput[];
	/** Taxes of the sales that give none. */
	taxes?: TaxRate[];
	/** true (default): sale amounts include their taxes, as a receipt shows them. */
	pricesIncludeTax?: boolean;
}

function twoDigits(value: string | number): string {
	const textValue = String(value).trim();
	return /^\d$/.test(textValue) ? `0${textValue}` : textValue;
}

function netOf(amount: Decimal, rates: ReadonlyArray<TaxRate>, decimals: number): Decimal {
	let factor = dec(1) as Decimal;
	for (const tax of rates) {
		const rate = rateOf(tax);
		if (tax.tipoFactor !== 'Tasa' || !rate) continue;
		factor = tax.withheld ? subtractDecimal(factor, rate) : addDecimal(factor, rate);
	}
	return divideDecimal(amount, factor, decimals);
}

/** A complete global invoice: general-public recipient, InformacionGlobal, one concept per sale, totals. */
export function buildGlobalInvoice(input: GlobalInvoiceInput): Voucher {
	if (!Array.isArray(input.sales) || input.sales.length === 0) {
		throw new KindInputError('sales', 'The global invoice has no sales.', 'Give at least one sale (ticket number and amount).');
	}
	const moneda = input.moneda ?? 'MXN';
	const decimals = decimalsOf(moneda);
	const conceptos: Concepto[] = input.sales.map((sale, index) => {
		const amount = dec(sale.amount);
		if (!amount) throw new KindInputError(`sales[${index}].amount`, `Sale ${index + 1} (ticket ${JSON.stringify(sale.ticket)}) has amount ${JSON.stringify(sale.amount)}, not a number.`, 'Give the sale amount as a decimal number.');
		const ticket = String(sale.ticket ?? '').trim();
		if (ticket === '') throw new KindInputError(`sales[${index}].ticket`, `Sale ${index + 1} has no ticket number.`, 'Give the ticket or sale number; it becomes the concept noIdentificacion.');
		const rates = sale.taxes ?? input.taxes ?? [];
		const includesTax = sale.priceIncludesTax ?? input.pricesIncludeTax ?? true;
		const valorUnitario = includesTax ? netOf(amount, rates, decimals) : amount;
		const concepto: Concepto = {
			claveProdServ: SALE_CONCEPT.claveProdServ,
			noIdentificacion: ticket,
			cantidad: '1',
			claveUnidad: SALE_CONCEPT.claveUnidad,
			descripcion: sale.descripcion || SALE_CONCEPT.descripcion,
			valorUnitario: num(valorUnitario),
		};
		if (sale.descuento !== undefined && sale.descuento !== '') concepto.descuento = Number(sale.descuento);
		const impuestos = conceptTaxesFor(rates);
		concepto.objetoImp = impuestos.traslados || impuestos.retenciones ? '02' : '01';
		if (concepto.objetoImp === '02') concepto.impuestos = impuestos;
		return concepto;
	});

	const voucher: JsonRecord = { version: '4.0' };
	if (input.serie) voucher.serie = input.serie;
	if (input.folio) voucher.folio = input.folio;
	if (input.fecha) voucher.fecha = input.fecha;
	Object.assign(voucher, { formaPago: input.formaPago, subTotal: 0, moneda });
	if (input.tipoCambio !== undefined && input.tipoCambio !== '') voucher.tipoCambio = Number(input.tipoCambio);
	Object.assign(voucher, {
		total: 0,
		tipoDeComprobante: 'I',
		exportacion: '01',
		metodoPago: input.metodoPago || 'PUE',
		lugarExpedicion: input.lugarExpedicion,
	});
	if (input.descripcionFacturador) voucher.descripcionFacturador = input.descripcionFacturador;
	voucher.emisor = input.emisor;
	voucher.receptor = { ...GENERAL_PUBLIC_RECIPIENT, domicilioFiscalReceptor: input.lugarExpedicion };
	voucher.conceptos = conceptos;
	const info: InformacionGlobal = { periodicidad: twoDigits(input.periodicidad), meses: twoDigits(input.meses), anio: Number(input.anio) };
	return computeTotals(withGlobalInformation(voucher, info) as Voucher).voucher;
}
