/** The stamping run through n8n-core's engine against the sandbox: a success-shaped answer without a UUID (esValido true, uuid null) is unclear, not a refusal. */

import { invoiceVoucher } from '../../../support/vouchers';
import { shutdownEngine } from '../../../support/engine/engine';
import {
	createParams,
	ENGINE_GET_VOUCHER_SHAPE,
	useSandboxEngine,
} from '../../../support/nodeTestKit';
import { routes } from '../../../support/sandboxCredential';

afterAll(shutdownEngine);
describe('a success-shaped answer without a UUID (esValido true, uuid null) is unclear, not a refusal', () => {
	const kit = useSandboxEngine();
	const noUuid = (id: number | null) =>
		JSON.stringify({
			esValido: true,
			idComprobante: id,
			errores: null,
			uuid: null,
			subEstatusId: 2,
			descripcion: null,
		});
	const params = (stampingMode: 'twoPhase' | 'direct') =>
		createParams(invoiceVoucher(), {
			stampingMode,
			duplicateCheck: 'off',
			options: { retryDelayMs: 1 },
		});

	test('direct: the error says the voucher may be stamped and what to check, never "nothing was stored"', async () => {
		kit.sandbox.injectFault({
			route: 'createVoucher',
			kind: 'status',
			status: 200,
			body: noUuid(4321),
		});
		const { items: output } = await kit.engine.runNode(params('direct'), [{}], {
			continueOnFail: true,
		});
		expect(output[0].json.error).toBe(
			'Item 0: Could not stamp the voucher: the service answered that the voucher is valid (esValido true) but sent no UUID for idComprobante 4321, so it may have been stamped',
		);
		expect(output[0].json.description).toContain(
			'The service may have stored or stamped this voucher',
		);
		expect(output[0].json.description).not.toContain('Nothing was stored');
		expect(routes(kit.sandbox, 'createVoucher')).toHaveLength(1);
	});

	test('two-phase: the PUT answer is settled by reading the voucher back, then stamped once', async () => {
		kit.sandbox.injectFault({
			route: 'updateVoucher',
			kind: 'status',
			status: 200,
			body: noUuid(null),
		});
		const { items: output } = await kit.engine.runNode(params('twoPhase'), [{}], {
			continueOnFail: true,
		});
		const [stored] = [...kit.sandbox.vouchers.values()];
		expect(output[0].json).toMatchObject({ status: 'stamped', uuid: stored.uuid });
		// A body-only read-back says nothing of the state: the list is asked before the PUT goes again.
		const listed = ENGINE_GET_VOUCHER_SHAPE === 'bodyOnly' ? ['listVouchers'] : [];
		expect(kit.sandbox.requests.filter((r) => r.server === 'api').map((r) => r.route)).toEqual([
			'createVoucher',
			'updateVoucher',
			'getVoucher',
			...listed,
			'updateVoucher',
		]);
		expect(stored.stampCount).toBe(1);
	});
});
