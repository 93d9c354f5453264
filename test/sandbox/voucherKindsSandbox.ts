/**
 * The sandbox the voucher-kind tests share (test/sandbox/voucherKinds*.test.ts): one sandbox per
 * file, a voucher it must refuse (nothing stored, every message readable) and a stamped voucher's
 * XML; the invoice a receipt or note relates and a global invoice for the general public.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import {
	ApiClient,
	apiClient,
	parseXml,
	validVoucher,
	type XmlElement,
} from '../support/sandboxHelpers';

export const INVOICE_UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';

/** Starts the sandbox before the file's tests and closes it after them. */
export function voucherKindsSandbox() {
	let sandbox: Sandbox;
	let client: ApiClient;

	beforeAll(async () => {
		sandbox = await startSandbox();
		client = await apiClient(sandbox);
	});
	afterAll(async () => {
		await sandbox.close();
	});

	async function refused(body: unknown): Promise<string[]> {
		const before = sandbox.vouchers.size;
		const res = await client.create(body);
		expect(res.status).toBe(200);
		const result = (await res.json()) as {
			esValido: boolean;
			errores: Array<{ codigo: string; mensaje: string }>;
			idComprobante: number;
		};
		expect(result.esValido).toBe(false);
		expect(result.idComprobante).toBe(0);
		expect(sandbox.vouchers.size).toBe(before);
		for (const error of result.errores) expect(error.mensaje.length).toBeGreaterThan(10);
		return result.errores.map((error) => error.codigo);
	}

	async function stampedXml(body: unknown): Promise<XmlElement> {
		const { uuid } = await client.stamp(body);
		return parseXml(await (await client.xml(uuid)).text());
	}

	return { refused, stampedXml, client: () => client };
}

export function globalInvoice(): Record<string, unknown> {
	return validVoucher({
		receptor: {
			rfc: 'XAXX010101000',
			nombre: 'PUBLICO EN GENERAL',
			usoCFDI: 'S01',
			regimenFiscalReceptor: '616',
			domicilioFiscalReceptor: '42501',
		},
		informacionGlobal: { periodicidad: '04', meses: '04', anio: 2024 },
	});
}

export function childNames(element: XmlElement): string[] {
	return element.children.map((child) => child.name);
}
