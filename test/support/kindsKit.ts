/** What the engine tests of the voucher kinds share: invoices stamped in the sandbox, and the stamped XML read back. */
import type { IConnections, IDataObject, INode, INodeParameters, IRun } from 'n8n-workflow';

import type { RouteName, Sandbox } from '../../sandbox';
import {
	loadExample,
	reachableFrom,
	withCfdiCredential,
	withShopStandIn,
	type ExampleName,
} from './examples';
import { standInNodeTypes } from './standInNodes';
import { dataTableStandIn, type TableRows } from './dataTableStandIn';
import { apiClient, findElement, parseXml, validVoucher, type XmlElement } from './sandboxHelpers';
import { CREDENTIAL_ID, Engine, outputOf } from './engine/engine';
import { PackageNodeTypes } from './engine/nodeTypes';
import { exampleCredential } from './sandboxCredential';
import { monthlyPeriod } from './mexicoCityDates';

export const ISSUER_FIELDS = {
	emisorRfc: 'EKU9003173C9',
	emisorNombre: 'ESCUELA KEMPER URGATE',
	emisorRegimenFiscal: '601',
};

/** Three sales of May 2024 for Create Global Invoice (one input item each). */
export const SALES = [
	{ ticket: 'T-0001', total: 116 },
	{ ticket: 'T-0002', total: 58 },
	{ ticket: 'T-0003', total: 23.2 },
];

/** Voucher > Create Global Invoice of SALES: series F, monthly, May 2024, sealed 2024-06-01. */
export function globalParams(extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'voucher',
		operation: 'createGlobalInvoice',
		...ISSUER_FIELDS,
		serie: 'F',
		lugarExpedicion: '64000',
		formaPago: '01',
		globalPeriodicity: '04',
		globalMonth: '05',
		globalYear: 2024,
		saleTicket: '={{ $json.ticket }}',
		saleAmount: '={{ $json.total }}',
		options: { noCalcularFecha: true, fecha: '2024-06-01T09:00:00' },
		...extra,
	};
}

/** A daily global invoice of this month (Year 0), sealed by the service now. */
export function dailyGlobalOfThisMonth(extra: INodeParameters = {}): INodeParameters {
	return globalParams({
		globalPeriodicity: '01',
		globalMonth: monthlyPeriod(0).globalMonth,
		globalYear: 0,
		options: {},
		...extra,
	});
}

/** One Create Global Invoice input item per ticket, each a sale of 116.00. */
export const salesOfTickets = (...tickets: string[]) =>
	tickets.map((ticket) => ({ ticket, total: 116 }));

/** The routes that change what the service holds (typed: a misspelt name does not compile). */
const WRITE_ROUTES: readonly RouteName[] = ['createVoucher', 'updateVoucher', 'cancelVoucher'];
/** The routes that save or stamp a voucher. */
const ISSUING_ROUTES: readonly RouteName[] = ['createVoucher', 'updateVoucher'];
const isOn = (routes: readonly RouteName[], route: RouteName | 'unknown') =>
	route !== 'unknown' && routes.includes(route);

/** The writes sent to the sandbox since `mark`, in order: what each saved, stamped or cancelled. */
export function writesSince(sandbox: Sandbox, mark: number): string[] {
	return sandbox.requests
		.slice(mark)
		.filter((request) => isOn(WRITE_ROUTES, request.route))
		.map((request) => {
			if (request.route === 'cancelVoucher')
				return `cancel ${String(request.pathname.split('/').pop())} ${String((JSON.parse(request.body) as IDataObject).motivo)}`;
			const body = JSON.parse(request.body) as IDataObject;
			const to = (body.receptor as IDataObject | undefined)?.rfc;
			const related = JSON.stringify(body.cfdiRelacionados ?? []).includes('"04"')
				? ' related 04'
				: '';
			return `${request.route === 'createVoucher' ? 'save' : 'stamp'} ${String(body.folio)} to ${String(to)}${related}`;
		});
}
/** Create Global Invoice of a recent month in Mexico City (0: this month), dated by the service at its stamp. */
export const recentGlobalParams = (monthsAgo: number, extra: INodeParameters = {}) =>
	globalParams({ ...monthlyPeriod(monthsAgo), options: {}, ...extra });
export const CUSTOMER = {
	rfc: 'URE180429TM6',
	nombre: 'UNIVERSIDAD ROBOTICA ESPANOLA',
	usoCFDI: 'G03',
	regimenFiscalReceptor: '601',
	domicilioFiscalReceptor: '86991',
};
/** CUSTOMER typed into the recipient fields. */
export const CUSTOMER_FIELDS = {
	receptorRfc: CUSTOMER.rfc,
	receptorNombre: CUSTOMER.nombre,
	receptorRegimenFiscal: CUSTOMER.regimenFiscalReceptor,
	receptorDomicilioFiscal: CUSTOMER.domicilioFiscalReceptor,
};

/** Voucher > Create Credit Note, series NC, crediting `invoices` (each `{ uuid }`, or typed figures). */
export function creditNoteParams(
	invoices: IDataObject[],
	extra: INodeParameters = {},
): INodeParameters {
	return {
		resource: 'voucher',
		operation: 'createCreditNote',
		lugarExpedicion: '64000',
		serie: 'NC',
		creditedInvoices: { invoice: invoices } as INodeParameters,
		...extra,
	};
}

/** Voucher > Create Payment Receipt for a payment received on 2024-05-09 by transfer (03), series P. */
export function receiptParams(
	invoices: IDataObject[],
	extra: INodeParameters = {},
): INodeParameters {
	return {
		resource: 'voucher',
		operation: 'createPaymentReceipt',
		lugarExpedicion: '64000',
		serie: 'P',
		paymentDate: '2024-05-09T12:00:00',
		paymentForm: '03',
		relatedInvoices: { invoice: invoices } as INodeParameters,
		...extra,
	};
}

/** An invoice of 1,000.00 + IVA 16 % = 1,160.00 to CUSTOMER, stamped in the sandbox (PPD unless `paidAtIssue`). */
export async function stampInvoice(
	sandbox: Sandbox,
	options: { paidAtIssue?: boolean; moneda?: string; tipoCambio?: number } = {},
): Promise<string> {
	const client = await apiClient(sandbox);
	const payment = options.paidAtIssue
		? { metodoPago: 'PUE', formaPago: '03' }
		: { metodoPago: 'PPD', formaPago: '99' };
	const currency = options.moneda ? { moneda: options.moneda, tipoCambio: options.tipoCambio } : {};
	const { uuid } = await client.stamp(
		validVoucher({ ...payment, ...currency, serie: 'A', folio: '1000', receptor: { ...CUSTOMER } }),
	);
	return uuid;
}

/** The stamped XML of a voucher the node created, read back from the sandbox. */
export async function stampedXml(sandbox: Sandbox, uuid: string): Promise<XmlElement> {
	const client = await apiClient(sandbox);
	return parseXml(await (await client.xml(uuid)).text());
}

export { findElement };

/** The issuing calls in the sandbox log (create or update): none may go out for a voucher stopped locally. */
export function issuingCalls(sandbox: Sandbox) {
	return sandbox.requests.filter((request) => isOn(ISSUING_ROUTES, request.route));
}

/** The body the node sent to create the voucher (the first create call). */
export function sentBody(sandbox: Sandbox): Record<string, unknown> {
	const create = sandbox.requests.find((request) => request.route === 'createVoucher');
	if (!create) throw new Error('no create call was sent');
	return JSON.parse(create.body) as Record<string, unknown>;
}

/**
 * Runs an example from its node `start` through the engine, with stand-ins for the n8n-nodes-base
 * nodes it uses: `input` is the start node's item (a form's submission); with `shopUrl` its Shopify
 * nodes read the sandbox's store stand-in; `tables` holds its data tables' rows across runs (the
 * owner's cases examples 10 and 11 keep for example 12), a fresh set when not given.
 */
export async function runExample(
	sandbox: Sandbox,
	name: ExampleName,
	start: string,
	options: { input?: IDataObject; shopUrl?: string; tables?: TableRows } = {},
): Promise<IRun> {
	const tables = options.tables ?? {};
	class ExampleEngine extends Engine {
		override readonly nodeTypes = new PackageNodeTypes({
			...standInNodeTypes,
			'n8n-nodes-base.dataTable': dataTableStandIn(tables),
		});
	}
	const engine = new ExampleEngine();
	engine.setCredential(exampleCredential(sandbox));
	const example = withCfdiCredential(loadExample(name), {
		id: CREDENTIAL_ID,
		name: 'CFDI sandbox',
	});
	const workflow = reachableFrom(
		options.shopUrl ? withShopStandIn(example, options.shopUrl) : example,
		start,
	);
	return await engine.runWorkflow(
		workflow.nodes as unknown as INode[],
		workflow.connections as unknown as IConnections,
		[{ json: options.input ?? {} }],
	);
}

/**
 * An example's "Try it" path: it stamps a sample invoice, then the voucher its Outcome node names by
 * `uuidField`. Gives the invoice's output, the Outcome, and the sandbox's record of that voucher; a
 * run that ends in an error throws it.
 */
export async function runTryIt(
	sandbox: Sandbox,
	name: ExampleName,
	start: string,
	uuidField: string,
) {
	const run = await runExample(sandbox, name, start);
	if (run.data.resultData.error) throw run.data.resultData.error;
	const [invoice] = outputOf(run, 'Sample: stamp the invoice');
	const [outcome] = outputOf(run, 'Outcome');
	const voucher = [...sandbox.vouchers.values()].find((v) => v.uuid === outcome.json[uuidField]);
	return { invoice: invoice.json, outcome: outcome.json, voucher };
}

/** The sandbox's store stand-in: the orders it holds (a test puts in those it needs) and the requests it received. */
export function storeStandIn(kit: { sandbox: Sandbox }) {
	return {
		get orders() {
			return kit.sandbox.shopOrders;
		},
		/** Its requests: query and X-Shopify-Access-Token. */
		get requests() {
			return kit.sandbox.requests.filter((request) => request.route === 'shopifyOrders');
		},
	};
}

export { outputOf };
