/**
 * The global invoice's builder (público en general): the sales made to customers who asked for no
 * invoice, gathered per period into one voucher with InformacionGlobal, one concept per sale
 * (ticket, a sale line: cfdi/globalSaleLines.ts), and the money it stands for.
 */
import { computeTotals } from '../../../cfdi/computeTotals';
import {
	compareDecimal,
	decimalAsGiven,
	decimalOf,
	decimalToString,
	roundDecimal,
	sumDecimals,
	type Decimal,
	parseDecimal,
	decimalToNumber,
} from '../../../cfdi/decimal';
import { GENERIC_NATIONAL_RFC } from '../../../cfdi/rfc';
import type { Concepto, Voucher } from '../../../cfdi/types';
import { withGlobalInformation, type InformacionGlobal } from '../../../cfdi/voucherShape';
import type { SourceMoney } from '../../../cfdi/voucherSource';
import { KindInputError, type TaxRate } from '../../../cfdi/kinds/taxRates';
import { amountDecimals } from '../../../cfdi/catalogs/moneda';
import { baseForGross, lineTotals } from '../../../cfdi/kinds/taxIncluded';
import { SALE_CONCEPT } from '../../../cfdi/globalSaleLines';
import {
	voucherHead,
	withConceptTaxes,
	type VoucherHeadInput,
} from '../../../cfdi/kinds/voucherParts';

export const GENERAL_PUBLIC_RECIPIENT = Object.freeze({
	rfc: GENERIC_NATIONAL_RFC,
	nombre: 'PUBLICO EN GENERAL',
	usoCFDI: 'S01',
	regimenFiscalReceptor: '616',
});

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

export interface GlobalInvoiceInput extends VoucherHeadInput {
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

/** A complete global invoice: general-public recipient, InformacionGlobal, one concept per sale, totals. */
export function buildGlobalInvoice(input: GlobalInvoiceInput): Voucher {
	if (!Array.isArray(input.sales) || input.sales.length === 0) {
		throw new KindInputError(
			'sales',
			'The global invoice has no sales.',
			'Give at least one sale (ticket number and amount).',
		);
	}
	const moneda = input.moneda ?? 'MXN';
	const decimals = amountDecimals(moneda);
	const conceptos: Concepto[] = input.sales.map((sale, index) => {
		const amount = parseDecimal(sale.amount);
		if (!amount)
			throw new KindInputError(
				`sales[${index}].amount`,
				`Sale ${index + 1} (ticket ${JSON.stringify(sale.ticket)}) has amount ${JSON.stringify(sale.amount)}, not a number.`,
				'Give the sale amount as a decimal number.',
				sale.amount,
			);
		if (compareDecimal(amount, decimalOf(0)) <= 0)
			throw new KindInputError(
				`sales[${index}].amount`,
				`Sale ${index + 1} (ticket ${JSON.stringify(sale.ticket)}) has amount ${JSON.stringify(sale.amount)}; a sale in a global invoice is above 0.`,
				'Give the amount the sale was charged; a refund of a sale goes into a credit note (Create Credit Note), not into the global invoice.',
				sale.amount,
			);
		// Finer than the currency: refused naming this sale, not the month's sum (reconcile.ts would).
		if (compareDecimal(roundDecimal(amount, decimals), amount) !== 0)
			throw new KindInputError(
				`sales[${index}].amount`,
				`Sale ${index + 1} (ticket ${JSON.stringify(sale.ticket)}) has amount ${JSON.stringify(sale.amount)}, finer than the ${decimals} decimals of ${moneda}.`,
				`Give the sale's amount as it was charged, with at most ${decimals} decimals (${decimalToString(roundDecimal(amount, decimals, 'down'), decimals)} or ${decimalToString(roundDecimal(amount, decimals, 'up'), decimals)}); the node does not round it.`,
				sale.amount,
			);
		const ticket = String(sale.ticket ?? '').trim();
		if (ticket === '')
			throw new KindInputError(
				`sales[${index}].ticket`,
				`Sale ${index + 1} has no ticket number.`,
				'Give the ticket or sale number; it becomes the concept noIdentificacion.',
			);
		const rates = sale.taxes ?? input.taxes ?? [];
		const includesTax = sale.priceIncludesTax ?? input.pricesIncludeTax ?? true;
		// A tax-included sale: the base whose base + tax is the sale's amount (the SAT's per-line rounding).
		const valorUnitario = includesTax ? baseForGross(amount, rates, decimals).base : amount;
		const concepto: Concepto = {
			claveProdServ: SALE_CONCEPT.claveProdServ,
			noIdentificacion: ticket,
			cantidad: '1',
			claveUnidad: SALE_CONCEPT.claveUnidad,
			descripcion: sale.descripcion || SALE_CONCEPT.descripcion,
			valorUnitario: decimalToNumber(valorUnitario),
		};
		if (sale.descuento !== undefined && sale.descuento !== '')
			concepto.descuento = Number(sale.descuento);
		return withConceptTaxes(concepto, rates);
	});

	const voucher = voucherHead(input, {
		tipoDeComprobante: 'I',
		moneda,
		formaPago: input.formaPago,
		metodoPago: input.metodoPago || 'PUE',
		tipoCambio: input.tipoCambio,
	});
	voucher.receptor = {
		...GENERAL_PUBLIC_RECIPIENT,
		domicilioFiscalReceptor: input.lugarExpedicion,
	};
	voucher.conceptos = conceptos;
	const info: InformacionGlobal = {
		periodicidad: twoDigits(input.periodicidad),
		meses: twoDigits(input.meses),
		anio: Number(input.anio),
	};
	return computeTotals(withGlobalInformation(voucher, info) as Voucher).voucher;
}

/**
 * The money a global invoice stands for: the sum of its sales, each tax-included sale at its amount
 * (what was collected) and each sale priced before taxes at its line as built. The per-sale amounts
 * let the reconciliation rule move cents between sales, never away from the money collected.
 */
export function globalInvoiceMoney(input: GlobalInvoiceInput, voucher: Voucher): SourceMoney {
	const moneda = input.moneda ?? 'MXN';
	const decimals = amountDecimals(moneda);
	const built = lineTotals(voucher);
	const lines: Decimal[] = input.sales.map((sale, index) =>
		(sale.priceIncludesTax ?? input.pricesIncludeTax ?? true)
			? (parseDecimal(sale.amount) as Decimal)
			: built[index],
	);
	return {
		amount: decimalAsGiven(sumDecimals(lines), decimals),
		currency: moneda,
		from: `the sum of the ${input.sales.length} sales`,
		field: 'sales',
		fix: 'the sale amounts',
		lines: lines.map((line) => decimalToString(line, decimals)),
	};
}
