/**
 * Readers the voucher kinds share: an invoice's or a sale's tax rates, the related vouchers and
 * fiscal legends every Create offers, and the error for a builder's input problem.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { withFiscalLegends, withRelatedVouchers } from '../cfdi/kinds/relations';
import { KindInputError, type TaxRate } from '../cfdi/kinds/taxRates';
import type { Voucher } from '../cfdi/types';
import { decimalToNumber, parseDecimal, roundDecimal } from '../cfdi/decimal';
import { runParameter } from '../execution/runParameters';
import { refusedInput } from './refusedInput';

/** A tax rate field's parameter name; `prefix` keeps the names of two uses apart. */
export function taxFieldName(prefix: string, name: string): string {
	return prefix ? `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name;
}

/** A percentage as the CFDI rate (exact: 10.6667 → 0.106667); undefined for 0 or nothing. */
function rateOfPercent(value: unknown): number | undefined {
	const percent =
		typeof value === 'number' || typeof value === 'string' ? parseDecimal(value) : undefined;
	if (!percent || percent.units <= BigInt(0)) return undefined;
	return decimalToNumber(roundDecimal({ units: percent.units, scale: percent.scale + 2 }, 6));
}

/** The TaxRate list of `taxRateFields`, from a collection entry or from the node's parameters. */
export function readTaxRates(read: (name: string) => unknown, prefix = ''): TaxRate[] {
	const get = (name: string) => read(taxFieldName(prefix, name));
	const rates: TaxRate[] = [];
	const iva = String(get('ivaRate') ?? '0.16');
	if (iva === 'exempt') rates.push({ impuesto: '002', tipoFactor: 'Exento' });
	else if (iva !== 'none')
		rates.push({ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: Number(iva) });
	const ieps = rateOfPercent(get('iepsRate'));
	if (ieps !== undefined) rates.push({ impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: ieps });
	const ivaWithheld = rateOfPercent(get('ivaWithheldRate'));
	if (ivaWithheld !== undefined)
		rates.push({ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: ivaWithheld, withheld: true });
	const isrWithheld = rateOfPercent(get('isrWithheldRate'));
	if (isrWithheld !== undefined)
		rates.push({ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: isrWithheld, withheld: true });
	return rates;
}

/** The voucher with the item's Related Vouchers and Fiscal Legends added (after any it had). */
export function withRelationsAndLegends(
	ctx: IExecuteFunctions,
	itemIndex: number,
	voucher: IDataObject,
): IDataObject {
	const relations = runParameter<IDataObject[]>(ctx, 'relatedVouchers.relation', itemIndex, []).map(
		(entry) => ({
			tipoRelacion: String(entry.tipoRelacion ?? ''),
			uuids: String(entry.uuids ?? ''),
		}),
	);
	const legends = runParameter<IDataObject[]>(ctx, 'fiscalLegends.legend', itemIndex, []).map(
		(entry) => ({
			textoLeyenda: String(entry.textoLeyenda ?? ''),
			disposicionFiscal: String(entry.disposicionFiscal ?? ''),
			norma: String(entry.norma ?? ''),
		}),
	);
	const related = withRelatedVouchers(voucher as Voucher, relations);
	return withFiscalLegends(related, legends) as IDataObject;
}

// ---------------------------------------------------------------------------------------------
// Input problems and dates
// ---------------------------------------------------------------------------------------------

/** The node's code of a builder's input problem in a `refusal` (docs/errors.md). */
export const VOUCHER_INPUT = 'VOUCHER_INPUT';

/**
 * A builder's input problem as the item's error, naming the field the user filled in, with the
 * structured `refusal` (nothing sent) a page or a clerk's list reads; `fieldName` is the node
 * field's own name for the builder's member (e.g. Sale Amount for sales[1].amount).
 */
export function kindInputFailure(
	ctx: IExecuteFunctions,
	itemIndex: number,
	error: unknown,
	label: (field: string) => string,
	fieldName: (field: string) => string | null = () => null,
): Error {
	if (!(error instanceof KindInputError)) return error as Error;
	return refusedInput(ctx.getNode(), itemIndex, `${label(error.field)}: ${error.message}`, {
		field: fieldName(error.field),
		path: error.field || null,
		code: VOUCHER_INPUT,
		...(error.value !== undefined ? { value: error.value } : {}),
		message: error.message,
		fix: error.fix,
	});
}

/** A positive number from a field, or undefined (0 and empty mean "not given"). */
export function positiveNumber(value: unknown): number | undefined {
	const n = Number(value);
	return Number.isFinite(n) && n > 0 ? n : undefined;
}
