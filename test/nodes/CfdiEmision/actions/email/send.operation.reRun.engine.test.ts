/**
 * Issue 32 item 3: a re-run sends nothing twice. E-mail → Send sends by default only for a voucher
 * stamped in this execution (the incoming item's status); a voucher the Duplicate Check found
 * stamped before (alreadyStamped) is passed on with sent: false, notSent and an execution hint,
 * unless the option "Send Again for Vouchers Stamped Earlier" is on. An item with no status is sent.
 * Every node version: version 1's XML and PDF pass the status on.
 */
import type { IConnections, INode, INodeParameters, IRun } from 'n8n-workflow';

import { cfdiNode, outputOf } from '../../../../support/engine/engine';
import { corpusOrder } from '../../../../support/corpusOrder';
import { routes } from '../../../../support/sandboxCredential';
import {
	FORM_PARTIES,
	orderParams,
	stampedUuid,
	useSandboxEngine,
} from '../../../../support/nodeTestKit';

const kit = useSandboxEngine();

function chain(nodes: INode[]): IConnections {
	const connections: IConnections = {};
	nodes.slice(0, -1).forEach(
		(node, index) =>
			(connections[node.name] = {
				main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]],
			}),
	);
	return connections;
}

/** The README's chain as new nodes: Create (the form) → XML → PDF → E-mail, only To typed. */
function readmeChain(emailOptions: INodeParameters = {}): INode[] {
	const V11 = { typeVersion: 1.1 };
	return [
		cfdiNode(
			'Create',
			{
				...FORM_PARTIES,
				conceptos: {
					concepto: [{ descripcion: 'Keyboard', claveProdServ: '43232408', valorUnitario: 350 }],
				},
			},
			V11,
		),
		cfdiNode('XML', { resource: 'xml', operation: 'download' }, V11),
		cfdiNode('PDF', { resource: 'pdf', operation: 'getLink' }, V11),
		cfdiNode(
			'E-mail',
			{ resource: 'email', operation: 'send', to: 'buyer@example.com', emailOptions },
			V11,
		),
	];
}

const hintsOf = (run: IRun, name: string) =>
	(run.data.resultData.runData[name]?.[0].hints ?? []).map((hint) => hint.message);

async function runThreeTimes(nodes: INode[], input = [{ json: {} }]) {
	const runs: IRun[] = [];
	for (let time = 0; time < 3; time++) {
		const run = await kit.engine.runWorkflow(nodes, chain(nodes), input);
		expect(run.data.resultData.error).toBeUndefined();
		runs.push(run);
	}
	return runs;
}

describe('E-mail → Send after a re-run (every option at its default)', () => {
	test('the README chain run three times stamps one invoice and sends one e-mail; the later runs say why nothing was sent', async () => {
		const [first, second, third] = await runThreeTimes(readmeChain());
		expect(routes(kit.sandbox, 'sendEmail')).toHaveLength(1);
		expect([...kit.sandbox.vouchers.values()].filter((v) => v.state === 'stamped')).toHaveLength(1);

		const [sent] = outputOf(first, 'E-mail');
		expect(sent.json).toMatchObject({ status: 'stamped', sent: true, to: 'buyer@example.com' });
		expect(hintsOf(first, 'E-mail')).toEqual([]);

		for (const run of [second, third]) {
			const [item] = outputOf(run, 'E-mail');
			const uuid = String(sent.json.uuid);
			expect(item.json).toMatchObject({
				status: 'alreadyStamped',
				uuid,
				sent: false,
				notSent: { reason: 'stampedEarlier', status: 'alreadyStamped' },
			});
			// The item keeps both files for whatever follows (a page, a table).
			expect(Object.keys(item.binary ?? {}).sort()).toEqual(['pdf', 'xml']);
			const message = `Item 0 was not e-mailed: voucher ${uuid} was stamped before this execution (status "alreadyStamped"), e.g. by an earlier run of this workflow or by "Execute step" on the stamping node alone. Whether it was e-mailed then is not known: the service keeps no record of e-mails and an editor run keeps nothing. If the buyer has not received it, turn on the option "Send Again for Vouchers Stamped Earlier" for one run.`;
			expect((item.json.notSent as { message: string }).message).toBe(message);
			expect(hintsOf(run, 'E-mail')).toEqual([message]);
		}
	});

	test("the README's first invoice (issue 41 item 3): the chain built, then run once: one stamp and one e-mail in Spanish; three more runs: none", async () => {
		const nodes = readmeChain();
		const runs = await runThreeTimes(nodes);
		runs.push(await kit.engine.runWorkflow(nodes, chain(nodes), [{ json: {} }]));
		expect(kit.sandbox.emails).toHaveLength(1);
		expect(kit.sandbox.emails[0].body.asunto).toMatch(
			/^Tu factura de ESCUELA KEMPER URGATE por \$/,
		);
		expect([...kit.sandbox.vouchers.values()].filter((v) => v.stampCount > 0)).toHaveLength(1);
		expect(runs.map((run) => outputOf(run, 'E-mail')[0].json.sent)).toEqual([
			true,
			false,
			false,
			false,
		]);
	});

	test('Create run alone first (Execute step), then the chain: nothing e-mailed and the notice says why and how; the option on for one run sends one e-mail, off again none', async () => {
		const nodes = readmeChain();
		const alone = await kit.engine.runWorkflow([nodes[0]], {}, [{ json: {} }]);
		expect(outputOf(alone, 'Create')[0].json.status).toBe('stamped');
		const [later] = await runThreeTimes(nodes);
		expect(kit.sandbox.emails).toHaveLength(0);
		const [notice] = hintsOf(later, 'E-mail');
		expect(notice).toMatch(/was stamped before this execution/);
		expect(notice).toMatch(/Whether it was e-mailed then is not known/);
		expect(notice).not.toMatch(/e-mailed it if it got this far/);

		const once = readmeChain({ sendAgainForEarlierVouchers: true });
		await kit.engine.runWorkflow(once, chain(once), [{ json: {} }]);
		await runThreeTimes(nodes);
		expect(kit.sandbox.emails).toHaveLength(1);
		expect(kit.sandbox.emails[0].body.cfdi.uuid).toBe(outputOf(alone, 'Create')[0].json.uuid);
	});

	test('"Send Again for Vouchers Stamped Earlier" on: each run e-mails the invoice (a self-invoice page submitted again)', async () => {
		const runs = await runThreeTimes(readmeChain({ sendAgainForEarlierVouchers: true }));
		const mails = routes(kit.sandbox, 'sendEmail');
		expect(mails).toHaveLength(3);
		const uuids = mails.map(
			(mail) => (JSON.parse(mail.body) as { cfdi: { uuid: string } }).cfdi.uuid,
		);
		expect(new Set(uuids).size).toBe(1);
		expect(runs.map((run) => outputOf(run, 'E-mail')[0].json.sent)).toEqual([true, true, true]);
		expect(runs.map((run) => hintsOf(run, 'E-mail'))).toEqual([[], [], []]);
	});

	test('an item with no status (a Manual Trigger with a UUID) is sent, every time it runs', async () => {
		const uuid = await stampedUuid(kit.engine);
		for (let time = 0; time < 2; time++) {
			const { items, error } = await kit.engine.runNode(
				{
					resource: 'email',
					operation: 'send',
					uuid,
					to: 'buyer@example.com',
					subject: 's',
					message: 'm',
				},
				[{}],
				{ typeVersion: 1.1 },
			);
			expect(error).toBeUndefined();
			expect(items[0].json.sent).toBe(true);
		}
		expect(kit.sandbox.emails.map((email) => email.body.cfdi.uuid)).toEqual([uuid, uuid]);
	});

	test('Get Many\'s record (status "stamped", the voucher\'s state) is sent; a pending voucher is passed on unsent instead of failing on its missing UUID', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items, error, run } = await kit.engine.runNode(
			{
				resource: 'email',
				operation: 'send',
				uuid: '={{ $json.uuid }}',
				to: 'buyer@example.com',
				subject: 's',
				message: 'm',
			},
			[
				{ uuid, status: 'stamped' },
				{ status: 'pending', voucherId: 7 },
			],
			{ typeVersion: 1.1 },
		);
		expect(error).toBeUndefined();
		expect(
			items.map((item) => [item.json.sent, (item.json.notSent as { reason?: string })?.reason]),
		).toEqual([
			[true, undefined],
			[false, 'notStampedNow'],
		]);
		expect(kit.sandbox.emails.map((email) => email.body.cfdi.uuid)).toEqual([uuid]);
		expect(hintsOf(run, 'CFDI')).toEqual([
			'Item 1 was not e-mailed: its voucher was not stamped in this execution (status "pending"). To send it on purpose, turn on the option "Send Again for Vouchers Stamped Earlier".',
		]);
	});

	test('version 1 nodes too: an order stamped on the first run is e-mailed once however often the chain runs (version 1 XML passes the status on)', async () => {
		const nodes = [
			cfdiNode('Create', orderParams()),
			cfdiNode('XML', { resource: 'xml', operation: 'download', uuid: '={{ $json.uuid }}' }),
			cfdiNode('E-mail', {
				resource: 'email',
				operation: 'send',
				uuid: '={{ $json.uuid }}',
				to: 'compras@robotica.example.com',
				subject: 'Your invoice',
				message: 'Attached.',
			}),
		];
		const runs = await runThreeTimes(nodes, [{ json: corpusOrder('example-1') }]);
		expect(routes(kit.sandbox, 'sendEmail')).toHaveLength(1);
		expect(runs.map((run) => outputOf(run, 'XML')[0].json.status)).toEqual([
			'stamped',
			'alreadyStamped',
			'alreadyStamped',
		]);
		expect(runs.map((run) => outputOf(run, 'E-mail')[0].json)).toEqual([
			expect.objectContaining({ sent: true, status: 'stamped' }),
			expect.objectContaining({ sent: false, status: 'alreadyStamped' }),
			expect.objectContaining({ sent: false, status: 'alreadyStamped' }),
		]);
	});
});
