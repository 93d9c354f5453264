import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { buildGlobalInvoice, MESES, PERIODICIDAD, type SaleInput } from '../../cfdi';
import { catalogOptions } from '../../shared/catalogOptions';
import { showFor } from '../../shared/descriptions';
import { kindInputFailure, readTaxRates, taxRateFields, withRelationsAndLegends } from '../../shared/voucherKindFields';
import { runStamping, stampFields } from '../../stamping';
import { issuerFromFields, voucherField } from '../../voucherInput';

const OPERATION = 'createGlobalInvoice';
const show = showFor('voucher', [OPERATION]);

export const globalInvoiceFields: INodeProperties[] = [
	...stampFields([OPERATION]),
	voucherField('emisorRfc', show),
	voucherField('emisorNombre', show),
	voucherField('emisorRegimenFiscal', show),
	voucherField('serie', show),
	voucherField('lugarExpedicion', show, { description: "Postal code where the voucher is issued (lugarExpedicion); it is also the general public's fiscal postal code" }),
	{
		displayName: 'Periodicity',
		name: 'globalPeriodicity',
		type: 'options',
		options: catalogOptions(PERIODICIDAD),
		default: '04',
		description: 'The period the global invoice covers (periodicidad)',
		displayOptions: show,
	},
	{
		displayName: 'Month',
		name: 'globalMonth',
		type: 'options',
		options: catalogOptions(MESES),
		default: '01',
		description: 'The month of the sales (meses): 01-12, or 13-18 for a bimonthly period',
		displayOptions: show,
	},
	{
		displayName: 'Year',
		name: 'globalYear',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'The year of the sales (anio), the current or the previous one; 0: the current year in Mexico City',
		displayOptions: show,
	},
	voucherField('formaPago', show, { description: 'How the sales were paid (formaPago), e.g. 01 cash or 04 credit card' }),
	{
		displayName: 'Sale Ticket Number',
		name: 'saleTicket',
		type: 'string',
		required: true,
		default: '',
		placeholder: '={{ $json.ticket }}',
		description: "Each input item is one sale; map its ticket or receipt number, written as the concept's noIdentificacion",
		displayOptions: show,
	},
	{
		displayName: 'Sale Amount',
		name: 'saleAmount',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		required: true,
		default: 0,
		placeholder: '={{ $json.total }}',
		description: "Map each sale's amount",
		displayOptions: show,
	},
	{
		displayName: 'Sale Amounts Include Taxes',
		name: 'salePricesIncludeTax',
		type: 'boolean',
		default: true,
		description: 'Whether the sale amounts include their taxes, as a receipt shows them (otherwise taxes are added on top)',
		displayOptions: show,
	},
	...taxRateFields('sale', 'the sale', show),
	voucherField('descripcionFacturador', show),
];

/** The current year in Mexico City, where the voucher is issued. */
function currentYear(): number {
	return Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Mexico_City', year: 'numeric' }).format(new Date()));
}

function globalInvoiceOf(ctx: IExecuteFunctions): IDataObject {
	const get = <T>(name: string, fallback: T, itemIndex = 0) => ctx.getNodeParameter(name, itemIndex, fallback) as T;
	const sales: SaleInput[] = ctx.getInputData().map((_, itemIndex) => ({
		ticket: String(get('saleTicket', '', itemIndex) ?? ''),
		amount: get<number | string>('saleAmount', 0, itemIndex),
		priceIncludesTax: get('salePricesIncludeTax', true, itemIndex),
		taxes: readTaxRates((name) => get(name, undefined, itemIndex), 'sale'),
	}));
	try {
		const voucher = buildGlobalInvoice({
			emisor: issuerFromFields(ctx, 0) as never,
			lugarExpedicion: get('lugarExpedicion', ''),
			serie: get('serie', ''),
			descripcionFacturador: get('descripcionFacturador', ''),
			formaPago: get('formaPago', '01'),
			periodicidad: get('globalPeriodicity', '04'),
			meses: get('globalMonth', '01'),
			anio: get<number>('globalYear', 0) || currentYear(),
			sales,
		});
		return withRelationsAndLegends(ctx, 0, voucher as IDataObject);
	} catch (error) {
		throw kindInputFailure(ctx, 0, error, (field) => {
			const sale = /sales\[(\d+)\]\.(\w+)/.exec(field);
			return sale ? `Sale of input item ${sale[1]} (${sale[2] === 'ticket' ? 'Sale Ticket Number' : 'Sale Amount'})` : 'Sales';
		});
	}
}

/**
 * Voucher → Create Global Invoice: all the input items (one sale each) gathered into one voucher
 * to the general public with InformacionGlobal, stamped through the one stamping handler.
 */
export async function createGlobalInvoice(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runStamping(ctx, { buildVoucher: (context) => globalInvoiceOf(context), target: () => ({ kind: 'create' }), aggregatesItems: true });
}
