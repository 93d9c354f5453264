/**
 * The README's "Your first invoice", step by step, in a real n8n (issue 41 item 3), as the editor
 * runs it (REST "run manually", the canvas as the user left it, unsaved), with its own sandbox:
 * 1. steps 1-4: a credential, a new Create node (version 1.1) with the parties, the Payment Form, the
 *    regime and one line;
 * 2. step 5: XML → Download, PDF → Get Link and Email → Send (only To typed) added after it, then
 *    "Execute workflow": one stamp, one e-mail to the buyer, in Spanish; three more runs: no more;
 * 3. the README's note: "Execute step" on Create alone stamps another sale, and a later run e-mails
 *    nothing and says why; Send Again for Vouchers Stamped Earlier on for one run sends exactly one
 *    e-mail, and two more runs without it none.
 *
 * A step of test/e2e/run.ts: `npm run test:e2e -- --only readme-first [--current]`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { CFDI_CREDENTIAL_TYPE, CFDI_NODE_TYPE, type WorkflowJson } from '../support/examples';
import { sandboxCredential } from '../support/sandboxCredential';
import type { Checks } from './checks';
import { N8nInstance } from './n8n';
import { E2E_OWNER } from './publishedPage';
import { type EditorExecution } from './executionJson';
import { installPackage } from './packageInstall';
import type { N8nRuntime } from './runtime';

const CREDENTIAL = { id: 'cfdiE2eReadmeCred001', name: 'CFDI Emision account' };
const BUYER = 'compras@robotica.example.com';
const TRIGGER = "When clicking 'Execute workflow'";
const CREATE = 'Create a voucher';
const EMAIL = 'Send a voucher by email';

/** Steps 2-4: a new Create node, the form filled as the README says (issuer typed in the node). */
function firstInvoiceWorkflow(id: string, line: string): WorkflowJson {
	return {
		id,
		name: `My first invoice (${line})`,
		nodes: [
			{
				id: `${id}-trigger`,
				name: TRIGGER,
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: `${id}-create`,
				name: CREATE,
				type: CFDI_NODE_TYPE,
				typeVersion: 1.1,
				position: [220, 0],
				parameters: {
					emisorRfc: 'EKU9003173C9',
					emisorNombre: 'ESCUELA KEMPER URGATE',
					emisorRegimenFiscal: '601',
					lugarExpedicion: '64000',
					receptorRfc: 'URE180429TM6',
					receptorNombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
					receptorDomicilioFiscal: '65000',
					receptorRegimenFiscal: '601',
					receptorUsoCfdi: 'G03',
					formaPago: '03',
					conceptos: {
						concepto: [
							{ descripcion: line, claveProdServ: '81112100', cantidad: '1', valorUnitario: 1000 },
						],
					},
				},
				credentials: { [CFDI_CREDENTIAL_TYPE]: { ...CREDENTIAL } },
			},
		],
		connections: { [TRIGGER]: { main: [[{ node: CREATE, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		active: false,
	} as unknown as WorkflowJson;
}

/** Step 5's three nodes added after Create as the node panel adds them (version 1.1, only To typed). */
function withFilesAndEmail(emailOptions: Record<string, unknown> = {}) {
	return (workflow: Record<string, unknown>): Record<string, unknown> => {
		const added = [
			['Download the XML of a voucher', { resource: 'xml', operation: 'download' }],
			['Get the PDF link of a voucher', { resource: 'pdf', operation: 'getLink' }],
			[EMAIL, { resource: 'email', operation: 'send', to: BUYER, emailOptions }],
		] as const;
		// Saved by an earlier run: the added nodes are put back as this run wants them, not twice.
		const names = new Set<string>(added.map(([name]) => name));
		const nodes = (workflow.nodes as Array<Record<string, unknown>>).filter(
			(node) => !names.has(String(node.name)),
		);
		const connections = { ...(workflow.connections as Record<string, unknown>) };
		let previous = CREATE;
		added.forEach(([name, parameters], index) => {
			nodes.push({
				id: `readme-added-${index}`,
				name,
				type: CFDI_NODE_TYPE,
				typeVersion: 1.1,
				position: [440 + 220 * index, 0],
				parameters,
				credentials: { [CFDI_CREDENTIAL_TYPE]: { ...CREDENTIAL } },
			});
			connections[previous] = { main: [[{ node: name, type: 'main', index: 0 }]] };
			previous = name;
		});
		return { ...workflow, nodes, connections };
	};
}

type Item = Record<string, any>;
const itemOf = (run: EditorExecution, node: string): Item =>
	(run.runData[node]?.[0]?.data?.main?.[0]?.[0]?.json ?? {}) as Item;
const hintsOf = (run: EditorExecution, node: string): string[] =>
	((run.runData[node]?.[0]?.hints ?? []) as Array<{ message: string }>).map((hint) => hint.message);

function stampsOf(sandbox: Sandbox, line: string): number {
	return [...sandbox.vouchers.values()]
		.filter((voucher) =>
			(voucher.body.conceptos as Array<{ descripcion?: string }> | undefined)?.some(
				(concepto) => concepto.descripcion === line,
			),
		)
		.reduce((sum, voucher) => sum + voucher.stampCount, 0);
}

export async function readmeFirstPhase(
	checks: Checks,
	runtime: N8nRuntime,
	timings: Record<string, number>,
): Promise<void> {
	checks.section("The README's first invoice, step by step (n8n start, run as the editor does)");
	const log = (line: string) => console.log(`  ${line}`);
	const userFolder = mkdtempSync(join(tmpdir(), 'cfdi-e2e-readme-'));
	const sandbox = await startSandbox({ host: '127.0.0.1' });
	let n8n: N8nInstance | undefined;
	const started = Date.now();
	try {
		installPackage(userFolder);
		n8n = await N8nInstance.create(runtime, userFolder, log);
		await n8n.importCredentials([
			{ ...CREDENTIAL, type: CFDI_CREDENTIAL_TYPE, data: sandboxCredential(sandbox) },
		]);
		const steps = firstInvoiceWorkflow('cfdiE2eReadmeFirst01', 'Consultoría, primera factura');
		const stepFirst = firstInvoiceWorkflow('cfdiE2eReadmeFirst02', 'Consultoría, paso suelto');
		await n8n.importWorkflows([steps, stepFirst]);
		timings['readme-first: n8n start'] = await n8n.start();
		await n8n.setupOwner(E2E_OWNER);
		const run = (
			workflow: WorkflowJson,
			how: Parameters<N8nInstance['runAsEditor']>[2] = {},
		): Promise<EditorExecution> => n8n!.runAsEditor(String(workflow.id), TRIGGER, how);

		await checks.check(
			'step 5: XML, PDF and Email → Send added after Create, "Execute workflow": one stamp and one e-mail to the buyer, in Spanish naming the issuer and total; three more runs: no stamp, no e-mail, each saying why',
			async () => {
				const line = 'Consultoría, primera factura';
				const first = await run(steps, { edit: withFilesAndEmail() });
				assert.equal(first.status, 'success', first.error?.message);
				const created = itemOf(first, CREATE);
				assert.equal(created.status, 'stamped', JSON.stringify(created));
				const mailed = itemOf(first, EMAIL);
				assert.equal(mailed.sent, true, JSON.stringify(mailed).slice(0, 500));
				assert.equal(sandbox.emails.length, 1);
				const [mail] = sandbox.emails;
				assert.equal(mail.body.para, BUYER);
				assert.equal(mail.body.cfdi.uuid, created.uuid);
				assert.equal(mail.body.asunto, 'Tu factura de ESCUELA KEMPER URGATE por $1,160.00 MXN');
				assert.ok(mail.body.mensaje.includes(`folio fiscal ${String(created.uuid)}`));
				const again: Item[] = [];
				for (let time = 0; time < 3; time++) {
					const later = await run(steps, { edit: withFilesAndEmail() });
					assert.equal(later.status, 'success', later.error?.message);
					again.push({ ...itemOf(later, EMAIL), hints: hintsOf(later, EMAIL) });
				}
				log(`4 runs: ${stampsOf(sandbox, line)} stamp(s), ${sandbox.emails.length} e-mail(s)`);
				assert.equal(stampsOf(sandbox, line), 1);
				assert.equal(sandbox.emails.length, 1);
				for (const item of again) {
					assert.deepEqual(
						[item.status, item.uuid, item.sent, item.notSent?.reason],
						['alreadyStamped', created.uuid, false, 'stampedEarlier'],
					);
					assert.match(String(item.hints[0]), /was stamped before this execution/);
				}
			},
		);

		await checks.check(
			'the README\'s note: "Execute step" on Create alone stamps; the chain run later e-mails nothing and says why; Send Again for Vouchers Stamped Earlier on for one run: one e-mail; two more runs without it: none',
			async () => {
				const line = 'Consultoría, paso suelto';
				const mark = sandbox.emails.length;
				const alone = await run(stepFirst, { destination: CREATE });
				assert.equal(alone.status, 'success', alone.error?.message);
				assert.deepEqual(Object.keys(alone.runData).sort(), [CREATE, TRIGGER].sort());
				const uuid = itemOf(alone, CREATE).uuid;
				assert.equal(itemOf(alone, CREATE).status, 'stamped');
				const later = await run(stepFirst, { edit: withFilesAndEmail() });
				const notice = hintsOf(later, EMAIL)[0] ?? '';
				log(`the notice: ${notice}`);
				assert.equal(itemOf(later, EMAIL).sent, false);
				assert.match(notice, /Whether it was e-mailed then is not known/);
				assert.match(notice, /"Send Again for Vouchers Stamped Earlier" for one run/);
				assert.equal(sandbox.emails.length, mark);
				const once = await run(stepFirst, {
					edit: withFilesAndEmail({ sendAgainForEarlierVouchers: true }),
				});
				assert.equal(itemOf(once, EMAIL).sent, true);
				for (let time = 0; time < 2; time++) await run(stepFirst, { edit: withFilesAndEmail() });
				assert.deepEqual(
					sandbox.emails.slice(mark).map((email) => email.body.cfdi.uuid),
					[uuid],
				);
				assert.equal(stampsOf(sandbox, line), 1);
			},
		);
	} finally {
		timings['readme-first (all)'] = Date.now() - started;
		await n8n?.stop().catch(() => undefined);
		await sandbox.close().catch(() => undefined);
		rmSync(userFolder, { recursive: true, force: true });
	}
}
