/**
 * Voucher → Create Global Invoice: the input items (one sale each) as one voucher to the general
 * public for their period, stamped or saved as pending. Traced from here:
 * - Fields: `description` below: its own here; Stamp, the Duplicate Check's, Options and Output in
 *   ../fields/stamping.fields.ts; the issuer's and Series by name from
 *   ../fields/voucherForm.fields.ts; the sale's tax rates, Related Vouchers and Fiscal Legends in
 *   ../fields/voucherKind.fields.ts.
 * - Requests (api/runClient.ts says each one's method and path): before the build, the period's
 *   declarations (priorDeclarations.ts): `readWholeWindow` and `downloadVoucherXml` of each global
 *   invoice of an overlapping period; the body from globalInvoiceFromSales.ts; then the stamping
 *   run: the Duplicate Check's `readWholeWindow` (the run's one list read), `createVoucher`
 *   (Two-Phase: saved pending, then `stampPendingVoucher`), an unclear stamp read back by
 *   `readVoucher` and `findVoucherOnList`. When each goes out: stamping/sendJob.ts.
 * - Rules: globalInvoiceRules.ts lists every check in the order it applies, each by its file.
 * - Test:
 *   test/nodes/CfdiEmision/actions/voucher/globalInvoice/createGlobalInvoice.operation.engine.test.ts.
 */
import {
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { MESES, PERIODICIDAD } from '../../../cfdi/catalogs/informacionGlobal';
import { catalogOptions } from '../../common.fields';
import { showFor } from '../../common.fields';
import { runStamping } from '../../../stamping/runStamping';
import { readStampingSettings } from '../../../stamping/runSettings';
import { RunVoucherList } from '../../../stamping/runVoucherList';
import { SaleLedger } from '../../../stamping/saleLedger';
import { wholeNodeErrorItem } from '../../../execution/runItems';
import { options, output, stampingFields } from '../fields/stamping.fields';
import { issuerRegimeField, voucherField } from '../fields/voucherForm.fields';
import { fiscalLegends, relatedVouchers, taxRateFields } from '../fields/voucherKind.fields';
import {
	DEFAULT_SALES_PER_GLOBAL_INVOICE,
	globalInvoiceParts,
	periodIfValid,
	type GlobalInvoiceParts,
} from './globalInvoiceFromSales';
import { NO_PRIOR } from './documentedSaleRules';
import { priorDeclarations } from './priorDeclarations';
import { VOUCHER_KINDS } from '../kindsTable';

const OPERATION = 'createGlobalInvoice';
const show = showFor('voucher', [OPERATION]);

const globalInvoiceFields: INodeProperties[] = [
	voucherField('emisorRfc', show),
	voucherField('emisorNombre', show),
	...issuerRegimeField(show),
	voucherField('serie', show),
	voucherField('lugarExpedicion', show, {
		description:
			"Postal code where the voucher is issued (lugarExpedicion); it is also the general public's fiscal postal code",
	}),
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
		description:
			"The year of the sales (anio), the current or the previous one; 0: the year of the period (in January, December is last year's). A period that has not started is refused.",
		displayOptions: show,
	},
	voucherField('formaPago', show, {
		description: 'How the sales were paid (formaPago), e.g. 01 cash or 04 credit card',
	}),
	{
		displayName: 'Sale Ticket Number',
		name: 'saleTicket',
		type: 'string',
		required: true,
		default: '',
		placeholder: '={{ $json.ticket }}',
		description:
			"Each input item is one sale; map its ticket or receipt number, written as the concept's noIdentificacion",
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
		description:
			'Whether the sale amounts include their taxes, as a receipt shows them (otherwise taxes are added on top)',
		displayOptions: show,
	},
	...taxRateFields('sale', 'the sale', show),
	{
		displayName: 'Sales Per Global Invoice',
		name: 'salesPerGlobalInvoice',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: DEFAULT_SALES_PER_GLOBAL_INVOICE,
		description:
			'At most this many sales go into one global invoice; a period with more is declared in several, in input order, each with its own folio (the period, the part and its sales). A run stopped after some parts continues with the next one when run again.',
		displayOptions: show,
	},
	voucherField('descripcionFacturador', show),
];

/** Voucher → Create Global Invoice: its fields in the order the editor shows them (Voucher.resource.ts shows them for it). */
export const description: INodeProperties[] = [
	...stampingFields(),
	...globalInvoiceFields,
	relatedVouchers,
	fiscalLegends,
	options,
	output,
];

/** A setting's name as the editor shows it, for the refusal of settings that differ between items. */
function settingLabel(name: string): string {
	return globalInvoiceFields.find((field) => field.name === name)?.displayName ?? name;
}

/**
 * Voucher → Create Global Invoice: the input items (one sale each) gathered into vouchers to the
 * general public with InformacionGlobal (one per Sales Per Global Invoice sales), stamped through
 * the one stamping handler, one output item each. The period
 * must have started (Year 0: the period's year). With the duplicate check on, sales already
 * documented are left out and listed in the output: declared in a stamped global invoice of an
 * overlapping period (read from its XML), or invoiced to their customer (same folio and amount); a
 * global invoice already stamped for the same period and sales is returned instead of a second one.
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	try {
		return await createGlobalInvoices(ctx);
	} catch (error) {
		// One invoice stands for all items: a failure before the item loop is one routable error item.
		const item = wholeNodeErrorItem(ctx, error);
		if (!ctx.continueOnFail()) throw item.error;
		return [[{ json: item.json, pairedItem: item.pairedItem }]];
	}
}

async function createGlobalInvoices(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	// A period that does not exist is refused by the build, through the stamping handler.
	const period = periodIfValid(ctx);
	// The run's one list read: the period's declarations first, then the Duplicate Check's window.
	const ledger = new SaleLedger(new RunVoucherList());
	const prior = period
		? await priorDeclarations(ctx, period, ledger.list, () => readStampingSettings(ctx))
		: NO_PRIOR;
	// The parts are worked out once; a local mistake is raised at the first voucher's turn.
	let parts: GlobalInvoiceParts | { error: unknown } | undefined;
	const partsOnce = () => {
		if (!parts) {
			try {
				parts = globalInvoiceParts(ctx, prior, settingLabel);
			} catch (error) {
				parts = { error };
			}
		}
		return parts;
	};
	return await runStamping(ctx, {
		buildVoucher: (_, position) => {
			const built = partsOnce();
			if ('error' in built) throw built.error;
			return built.vouchers[position];
		},
		target: () => ({ kind: 'create' }),
		kinds: VOUCHER_KINDS,
		ledger,
		itemsPerVoucher: (context) => {
			const built = partsOnce();
			return 'error' in built
				? [context.getInputData().map((_, itemIndex) => itemIndex)]
				: built.itemsPerVoucher;
		},
	});
}
