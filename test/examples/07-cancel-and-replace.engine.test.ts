/**
 * Example 07 (cancel and replace a wrong invoice) through n8n-core's engine against the sandbox: its
 * "Try it" path stamps the wrong invoice and its replacement, then cancels with motive 01.
 */
import type { IConnections, INode } from 'n8n-workflow';

import { loadExample, reachableFrom, withCfdiCredential } from '../support/examples';
import { standInNodeTypes } from '../support/standInNodes';
import { CREDENTIAL_ID, Engine, outputOf } from '../support/engine/engine';
import { PackageNodeTypes } from '../support/engine/nodeTypes';
import { useSandboxEngine } from '../support/nodeTestKit';
import { exampleCredential, routes } from '../support/sandboxCredential';

const kit = useSandboxEngine();

describe('example 07: cancel and replace a wrong invoice (its "Try it" path)', () => {
	class ExampleEngine extends Engine {
		override readonly nodeTypes = new PackageNodeTypes(standInNodeTypes);
	}

	test('stamps the wrong invoice and its replacement (relation 04), then cancels the wrong one with motive 01 and the new UUID', async () => {
		const engine = new ExampleEngine();
		engine.setCredential(exampleCredential(kit.sandbox));
		const workflow = reachableFrom(
			withCfdiCredential(loadExample('cancelReplace'), { id: CREDENTIAL_ID, name: 'CFDI sandbox' }),
			'Try it: replace a sample invoice',
		);
		const run = await engine.runWorkflow(
			workflow.nodes as unknown as INode[],
			workflow.connections as unknown as IConnections,
			[{ json: {} }],
		);
		expect(run.data.resultData.error).toBeUndefined();

		const [wrong] = outputOf(run, 'Sample: stamp the wrong invoice');
		const [replacement] = outputOf(run, 'Stamp the replacement');
		const stored = [...kit.sandbox.vouchers.values()].find(
			(voucher) => voucher.uuid === replacement.json.uuid,
		);
		const replacementBody = stored?.body as {
			receptor: { nombre: string };
			cfdiRelacionados: unknown;
		};
		expect(replacementBody.receptor.nombre).toBe('UNIVERSIDAD ROBOTICA ESPAÑOLA');
		expect(replacementBody.cfdiRelacionados).toEqual([
			{ tipoRelacion: '04', cfdiRelacionado: [{ uuid: wrong.json.uuid }] },
		]);

		const [cancel] = routes(kit.sandbox, 'cancelVoucher');
		expect(cancel.pathname.endsWith(`/comprobantes/${String(wrong.json.uuid)}`)).toBe(true);
		expect(JSON.parse(cancel.body)).toEqual({
			motivo: '01',
			folioSustitucion: replacement.json.uuid,
		});
		// 1,000.75 MXN to a named recipient: the SAT asks the recipient to accept.
		expect(outputOf(run, 'Outcome').map((item) => item.json)).toEqual([
			{
				wrongUuid: wrong.json.uuid,
				replacementUuid: replacement.json.uuid,
				cancellation: 'pendingAcceptance',
				description: 'En proceso',
			},
		]);
		expect(kit.sandbox.cancellations.get(String(wrong.json.uuid))).toMatchObject({
			motivo: '01',
			folioSustitucion: replacement.json.uuid,
			state: 'pending',
		});
	});
});
