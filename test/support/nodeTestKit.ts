import type { IBinaryData, IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import {
	startSandbox,
	type GetVoucherShape,
	type Sandbox,
	type SandboxOptions,
} from '../../sandbox';
import { invoiceVoucher } from './vouchers';
import { Engine, shutdownEngine } from './engine/engine';
import { sandboxCredential } from './sandboxCredential';

/**
 * The shape of GET .../comprobantes/{id} the engine tests' sandboxes use unless a test sets it: the
 * spec does not show that body, so `npm run test:engine:bodyOnly` runs them all against the
 * body-only shape too (CFDI_SANDBOX_GET_SHAPE=bodyOnly).
 */
export const ENGINE_GET_VOUCHER_SHAPE: GetVoucherShape =
	process.env.CFDI_SANDBOX_GET_SHAPE === 'bodyOnly' ? 'bodyOnly' : 'bodyWithState';

/** One sandbox and one engine with a fresh credential per test. */
export function useSandboxEngine(options: SandboxOptions = {}) {
	const kit = {} as { sandbox: Sandbox; engine: Engine };
	beforeEach(async () => {
		kit.sandbox = await startSandbox({ getVoucherShape: ENGINE_GET_VOUCHER_SHAPE, ...options });
		kit.engine = new Engine();
		kit.engine.setCredential(sandboxCredential(kit.sandbox));
	});
	afterEach(async () => await kit.sandbox.close());
	afterAll(shutdownEngine);
	return kit;
}

/** Voucher > Get Many of the last hour, as a user checks what the account holds. */
export async function getManyOfLastHour(engine: Engine): Promise<IDataObject[]> {
	const { items, error } = await engine.runNode(
		{
			resource: 'voucher',
			operation: 'getMany',
			startDate: new Date(Date.now() - 3_600_000).toISOString(),
		},
		[{}],
		{ typeVersion: 1.1 },
	);
	expect(error).toBeUndefined();
	return items.map((item) => item.json);
}

export const createParams = (
	voucher: IDataObject = invoiceVoucher(),
	extra: INodeParameters = {},
): INodeParameters => ({
	resource: 'voucher',
	operation: 'create',
	inputMode: 'json',
	voucherJson: JSON.stringify(voucher),
	...extra,
});

/** E-mail → Send for one voucher to a buyer, with `extra` parameters (cc, replyTo, emailOptions…). */
export const emailParams = (uuid: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'email',
	operation: 'send',
	uuid,
	to: 'buyer@example.com',
	subject: 'Your invoice',
	message: 'Attached.',
	...extra,
});

/**
 * Stamps invoices (version 1.1 Create) with these folios and recipients, in order, and returns their
 * UUIDs (the list shows the newest first).
 */
export async function stampSeveral(
	kit: { engine: Engine },
	vouchers: Array<{ folio: string; rfc?: string; nombre?: string }>,
): Promise<string[]> {
	const uuids: string[] = [];
	for (const { folio, rfc, nombre } of vouchers) {
		const voucher = invoiceVoucher({ folio });
		if (rfc)
			Object.assign(voucher.receptor as IDataObject, {
				rfc,
				nombre,
				regimenFiscalReceptor: '612',
				usoCFDI: 'G03',
			});
		const { items, error } = await kit.engine.runNode(createParams(voucher), [{}], {
			typeVersion: 1.1,
		});
		if (error) throw error;
		uuids.push(String(items[0].json.uuid));
	}
	return uuids;
}

/**
 * What a user types for the parties in a version 1.1 Fields-mode form, and what the form asks
 * without a preset: the issuer's regime (no credential issuer here), the recipient's regime and the
 * payment form.
 */
export const FORM_PARTIES: INodeParameters = {
	emisorRfc: 'EKU9003173C9',
	emisorNombre: 'ESCUELA KEMPER URGATE',
	emisorRegimenFiscal: '601',
	lugarExpedicion: '64000',
	receptorRfc: 'URE180429TM6',
	receptorNombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
	receptorDomicilioFiscal: '65000',
	receptorRegimenFiscal: '601',
	formaPago: '03',
};

/**
 * Voucher > Create in the Fields mode as a user types an income invoice: FORM_PARTIES with use G03,
 * series A, PUE in MXN, these lines (`concepto`) and a total with no taxes.
 */
export const fieldsInvoiceParams = (
	concepto: unknown[],
	total: number | string,
	extra: INodeParameters = {},
): INodeParameters => ({
	resource: 'voucher',
	operation: 'create',
	inputMode: 'fields',
	...FORM_PARTIES,
	receptorUsoCfdi: 'G03',
	conceptos: { concepto } as INodeParameters,
	tipoDeComprobante: 'I',
	serie: 'A',
	metodoPago: 'PUE',
	moneda: 'MXN',
	exportacion: '01',
	subTotal: total,
	total,
	...extra,
});

/** The settings a shop types once in the node (issuer as in the Fields mode, product codes, gateways). */
export const orderParams = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'voucher',
	operation: 'create',
	inputMode: 'order',
	order: '={{ $json }}',
	emisorRfc: 'EKU9003173C9',
	emisorNombre: 'ESCUELA KEMPER URGATE',
	emisorRegimenFiscal: '601',
	lugarExpedicion: '64000',
	serie: 'A',
	productCodes: {
		rule: [
			{ match: 'sku', value: 'KB-01', claveProdServ: '43211706' },
			{ match: 'sku', value: 'CB-02', claveProdServ: '26121609' },
		],
	},
	...extra,
});

/** Input Mode "Line Items" with the recipient and payment fields of the Fields mode. */
export const lineItemsParams = (extra: INodeParameters = {}): INodeParameters => ({
	...orderParams({ inputMode: 'lineItems', lineItems: '={{ $json.lines }}' }),
	receptorRfc: 'URE180429TM6',
	receptorNombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
	receptorUsoCfdi: 'G03',
	receptorRegimenFiscal: '601',
	receptorDomicilioFiscal: '65000',
	formaPago: '03',
	metodoPago: 'PUE',
	moneda: 'MXN',
	...extra,
});

/** Lines with prices including IVA 16 %: 2 × 580.00 + 348.00 = 1,508.00. */
export const RECONCILED_LINES = [
	{
		quantity: 2,
		unitPrice: '580.00',
		taxRate: '16%',
		priceIncludesTax: true,
		description: 'Keyboard',
	},
	{ quantity: 1, unitPrice: 348, taxRate: 16, priceIncludesTax: true, description: 'Cable' },
];

/**
 * Stamps one voucher through the node and returns its UUID: a new one on every call (Duplicate
 * Check Off, since the same test voucher is stamped again on purpose).
 */
export async function stampedUuid(engine: Engine): Promise<string> {
	const { items, error } = await engine.runNode(
		createParams(invoiceVoucher(), { duplicateCheck: 'off' }),
		[{}],
	);
	if (error) throw error;
	return String(items[0].json.uuid);
}

export function binaryBytes(item: INodeExecutionData, property = 'data'): Buffer {
	const binary = item.binary?.[property] as IBinaryData;
	return Buffer.from(binary.data, 'base64');
}

/** The error item of a Continue On Fail run, checked for a description that adds to the message. */
export function errorOf(
	items: INodeExecutionData[],
	index = 0,
): { error: string; description: string } {
	const { error, description } = items[index].json as { error?: string; description?: string };
	expect(error).toBeTruthy();
	expect(description).toBeTruthy();
	expect(error).not.toContain(String(description));
	return { error: String(error), description: String(description) };
}
