/**
 * Issue 39 item 4, Two-Phase: a refused stamp leaves its pending draft, remembered in the workflow's
 * static data; the corrected submission, sent twice at once (a double click on a form page), has
 * both executions stamp that draft by its id. The service stamps it once and answers the second PUT
 * "already stamped": that execution answers alreadyStamped with stampedMeanwhile, and E-mail → Send
 * does not e-mail it even with "Send Again for Vouchers Stamped Earlier" on (the page's setting: a
 * buyer who asks again later gets the invoice again). One stamp, one "stamped", one e-mail.
 *
 * Each execution starts from its own copy of the static data, as n8n loads it per execution; the
 * order is explicit (both PUTs reach the service before it performs either), not timed.
 * Also covers: nodes/CfdiEmision/stamping/sendJob.ts (the job sent, its own pending voucher seen, the output).
 */
import type { IConnections, IDataObject, INode, IRun } from 'n8n-workflow';

import { corpusOrder } from '../../../support/corpusOrder';
import { Engine, buyerEmailNode, cfdiNode, outputOf } from '../../../support/engine/engine';
import { orderParams, useSandboxEngine } from '../../../support/nodeTestKit';
import {
	REGISTERED_INDIVIDUAL,
	routes,
	sandboxCredential,
} from '../../../support/sandboxCredential';

const kit = useSandboxEngine();
const ORDER = { ...corpusOrder('example-1'), note_attributes: [] } as IDataObject;

/** Create (an order, Two-Phase, Return Existing) → E-mail, as a form page wires them. */
function page(
	postalCode: string,
	typeVersion: number,
): { nodes: INode[]; connections: IConnections } {
	const nodes = [
		cfdiNode(
			'Invoice',
			orderParams({
				duplicateCheck: 'returnExisting',
				recipientData: { ...REGISTERED_INDIVIDUAL, domicilioFiscalReceptor: postalCode },
			}),
			{ typeVersion, continueOnFail: true },
		),
		buyerEmailNode(typeVersion, { sendAgainForEarlierVouchers: true }),
	];
	return {
		nodes,
		connections: { Invoice: { main: [[{ node: 'E-mail', type: 'main', index: 0 }]] } },
	};
}

/** Another execution of the active workflow: its own copy of the static data n8n saved. */
function execution(staticData: IDataObject): Engine {
	const engine = new Engine();
	engine.setCredential(sandboxCredential(kit.sandbox));
	// As n8n stores it: JSON.
	engine.staticData = JSON.parse(JSON.stringify(staticData)) as IDataObject;
	return engine;
}

test.each([[1], [1.1]])(
	'version %s: the corrected submission twice at once stamps the draft once; one "stamped", one e-mail',
	async (typeVersion) => {
		kit.engine.staticData = {};
		const refused = page('06000', typeVersion);
		const first = await kit.engine.runWorkflow(refused.nodes, refused.connections, [
			{ json: ORDER },
		]);
		expect(outputOf(first, 'Invoice')[0].json).toMatchObject({ status: 'rejected' });
		expect(routes(kit.sandbox, 'sendEmail')).toHaveLength(0);

		const corrected = page('01160', typeVersion);
		const bothPuts = kit.sandbox.holdRequests('updateVoucher', 2);
		const runs: IRun[] = await Promise.all(
			[execution(kit.engine.staticData), execution(kit.engine.staticData)].map(
				async (engine) =>
					await engine.runWorkflow(corrected.nodes, corrected.connections, [{ json: ORDER }]),
			),
		);
		await bothPuts.arrived;

		const vouchers = [...kit.sandbox.vouchers.values()];
		expect(vouchers.map((voucher) => [voucher.state, voucher.stampCount])).toEqual([
			['stamped', 1],
		]);
		const uuid = vouchers[0].uuid;
		const answers = runs
			.map((run) => {
				expect(run.data.resultData.error).toBeUndefined();
				const [invoiced] = outputOf(run, 'Invoice');
				const [mail] = outputOf(run, 'E-mail');
				return [
					invoiced.json.status,
					invoiced.json.uuid,
					invoiced.json.stampedMeanwhile ?? false,
					mail.json.sent,
				];
			})
			.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
		expect(answers).toEqual([
			['alreadyStamped', uuid, true, false],
			['stamped', uuid, false, true],
		]);
		expect(routes(kit.sandbox, 'sendEmail')).toHaveLength(1);
		const notSent = runs
			.map((run) => outputOf(run, 'E-mail')[0].json.notSent as IDataObject | undefined)
			.filter(Boolean);
		expect(notSent).toEqual([expect.objectContaining({ reason: 'stampedMeanwhile' })]);
	},
);
