/**
 * The recipient against the sandbox's SAT register at stamping (sandbox/satRegistry.ts): a name
 * with a company type, a postal code or a regime other than the registered one are refused with
 * the SAT's codes, nothing is stored; the registered data stamps; a pending save is not checked.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { SAT_REGISTRY } from '../../sandbox/satRegistry';
import { ApiClient, apiClient, validVoucher } from '../support/sandboxHelpers';

type Result = { esValido: boolean; errores: Array<{ codigo: string; mensaje: string }> | null };

const HERRERIA = SAT_REGISTRY.find((entry) => entry.rfc === 'H&E951128469')!;

function toRecipient(receptor: Record<string, unknown>): Record<string, unknown> {
	return validVoucher({
		receptor: {
			rfc: HERRERIA.rfc,
			nombre: HERRERIA.nombre,
			usoCFDI: 'G03',
			regimenFiscalReceptor: HERRERIA.regimenFiscal,
			domicilioFiscalReceptor: HERRERIA.codigoPostal,
			...receptor,
		},
	});
}

describe('sandbox: the SAT register of recipients', () => {
	let sandbox: Sandbox;
	let client: ApiClient;
	beforeAll(async () => {
		sandbox = await startSandbox();
		client = await apiClient(sandbox);
	});
	afterAll(async () => await sandbox.close());

	async function codes(voucher: unknown, query = 'emitir=true'): Promise<string[]> {
		const before = sandbox.vouchers.size;
		const result = (await (await client.create(voucher, query)).json()) as Result;
		if (!result.esValido && result.errores) expect(sandbox.vouchers.size).toBe(before);
		return (result.errores ?? []).map((e) => e.codigo);
	}

	it('stamps the registered name, postal code and regime', async () => {
		expect(await codes(toRecipient({}))).toEqual([]);
	});

	it.each([
		'HERRERIA & ELECTRICOS S.A. DE C.V.',
		'HERRERIA & ELECTRICOS, S.A. de C.V.',
		'HERRERIA & ELECTRICOS SA DE CV',
		'HERRERIA & ELECTRICOS S. DE R.L. DE C.V.',
		'HERRERIA & ELECTRICOS SAPI DE CV',
	])('refuses the name %p with CFDI40145', async (nombre) => {
		expect(await codes(toRecipient({ nombre }))).toEqual(['CFDI40145']);
	});

	it('refuses a company type for an RFC it does not list, and any other name for one it lists', async () => {
		expect(await codes(toRecipient({ rfc: 'URE180429TM6', nombre: 'UNIVERSIDAD S.C.' }))).toEqual([
			'CFDI40145',
		]);
		expect(await codes(toRecipient({ rfc: 'URE180429TM6', nombre: 'UNIVERSIDAD' }))).toEqual([]);
		expect(await codes(toRecipient({ nombre: 'Herreria & Electricos' }))).toEqual(['CFDI40145']);
	});

	it('refuses a postal code (CFDI40147) and a regime (CFDI40158) other than the registered ones, all in one answer', async () => {
		const res = await client.create(
			toRecipient({ domicilioFiscalReceptor: '06000', regimenFiscalReceptor: '603' }),
		);
		const result = (await res.json()) as Result;
		expect(result.esValido).toBe(false);
		expect(result.errores).toEqual([
			{ codigo: 'CFDI40147', mensaje: expect.stringContaining('DomicilioFiscalReceptor') },
			{ codigo: 'CFDI40158', mensaje: expect.stringContaining('RegimenFiscalReceptor') },
		]);
	});

	it('checks at stamping only: a pending save of the same voucher is stored', async () => {
		expect(await codes(toRecipient({ domicilioFiscalReceptor: '06000' }), 'emitir=false')).toEqual(
			[],
		);
	});

	it('lists every registered RFC with a 5-digit postal code, a regime and an upper-case name', () => {
		for (const entry of SAT_REGISTRY) {
			expect(entry.codigoPostal).toMatch(/^\d{5}$/);
			expect(entry.regimenFiscal).toMatch(/^6\d\d$/);
			expect(entry.nombre).toBe(entry.nombre.toUpperCase().trim());
		}
	});
});
