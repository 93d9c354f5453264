/**
 * One planned item through the protocol (stamping/sendJob.ts), through n8n-core's engine against
 * the sandbox: Two-Phase stamps only the id its pending save returned, so a save answered without
 * one stops the item with nothing stamped, instead of a PUT to no voucher.
 */
import { createParams, useSandboxEngine } from '../../../support/nodeTestKit';

const kit = useSandboxEngine();

describe('Two-Phase: the pending save must name its voucher', () => {
	test('a save answered without idComprobante: an error saying nothing was stamped; no PUT, nothing stamped', async () => {
		kit.sandbox.injectFault({
			route: 'createVoucher',
			kind: 'status',
			status: 200,
			body: JSON.stringify({
				esValido: true,
				idComprobante: null,
				errores: null,
				uuid: null,
				subEstatusId: 1,
				descripcion: null,
			}),
		});
		const { error } = await kit.engine.runNode(createParams(), [{}], { typeVersion: 1.1 });
		expect(error?.message).toBe(
			'Item 0: Saving the voucher as pending did not return a voucher id (idComprobante null)',
		);
		expect((error as { description?: string }).description).toContain('nothing was stamped');
		const routes = kit.sandbox.requests.map((request) => request.route);
		expect(routes).toContain('createVoucher');
		expect(routes).not.toContain('updateVoucher');
		expect([...kit.sandbox.vouchers.values()].filter((voucher) => voucher.stampCount > 0)).toEqual(
			[],
		);
	});
});
