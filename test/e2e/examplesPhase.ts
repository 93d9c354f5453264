/** Headless checks of the example files: the shipped examples as they are (node types, placeholder credentials, connections), the shop's month (examples 10 and 11), and the voucher kinds' examples run with `n8n execute` against the sandbox. */
import assert from 'node:assert/strict';
import type { Sandbox } from '../../sandbox';
import {
	CFDI_NODE_TYPE,
	CFDI_CREDENTIAL_TYPE,
	loadExample,
	nodeNamed,
	type WorkflowJson,
} from '../support/examples';
import type { Checks } from './checks';
import { type N8nInstance } from './n8n';
import { outputJson } from './executionJson';
import { WORKFLOW_IDS, KIND_EXAMPLES, requestsSince, assertSucceeded } from './cliPhase';

/** The shipped examples use the package's real node type names and a placeholder credential. */
export async function shippedExamplesCheck(checks: Checks): Promise<void> {
	checks.section('Example files as shipped');
	for (const name of ['shopify', 'pending', 'review', 'orderPaid', 'orderRefunded'] as const) {
		await checks.check(
			`${name}: CFDI nodes are ${CFDI_NODE_TYPE} with a placeholder credential; it has a manual "try it" trigger`,
			() => {
				const workflow = loadExample(name);
				const cfdi = workflow.nodes.filter((node) => node.type === CFDI_NODE_TYPE);
				assert.ok(cfdi.length >= 2);
				for (const node of cfdi)
					assert.equal(node.credentials?.cfdiEmisionApi?.id, 'REPLACE_ME_cfdiEmisionApi');
				assert.ok(workflow.nodes.some((node) => node.type === 'n8n-nodes-base.manualTrigger'));
				for (const [source, { main }] of Object.entries(workflow.connections)) {
					nodeNamed(workflow, source);
					for (const target of main.flat()) nodeNamed(workflow, target.node);
				}
			},
		);
	}
}

/** The shop's month (examples 10 and 11): their triggers, pages and placeholder credentials as shipped. */
export async function shopMonthExamplesCheck(checks: Checks): Promise<void> {
	checks.section("Example files as shipped: a shop's month (10, 11)");
	const cfdiNodes = (workflow: WorkflowJson) =>
		workflow.nodes.filter((node) => node.type === CFDI_NODE_TYPE);
	const connected = (workflow: WorkflowJson) => {
		for (const [source, { main }] of Object.entries(workflow.connections)) {
			nodeNamed(workflow, source);
			for (const target of main.flat()) nodeNamed(workflow, target.node);
		}
	};
	await checks.check(
		"selfInvoice: a Form Trigger, every path shows a Form Ending page before the owner's path; the CFDI nodes and Shopify carry placeholder credentials",
		() => {
			const workflow = loadExample('selfInvoice');
			assert.equal(
				workflow.nodes.filter((node) => node.type === 'n8n-nodes-base.formTrigger').length,
				1,
			);
			const endings = workflow.nodes.filter(
				(node) => node.type === 'n8n-nodes-base.form' && node.parameters.operation === 'completion',
			);
			assert.deepEqual(
				endings.map((ending) => ending.name),
				['Página: factura enviada', 'Página: no se pudo facturar'],
			);
			// After the buyer's page only the owner's path runs (the alert, then the failed execution).
			assert.equal(workflow.connections['Página: factura enviada'], undefined);
			assert.deepEqual(
				workflow.connections['Página: no se pudo facturar'].main.map((out) =>
					out.map((to) => to.node),
				),
				[['¿Avisar a la tienda?']],
			);
			assert.equal(cfdiNodes(workflow).length, 6);
			for (const node of cfdiNodes(workflow))
				assert.equal(node.credentials?.[CFDI_CREDENTIAL_TYPE]?.id, 'REPLACE_ME_cfdiEmisionApi');
			const shopify = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.httpRequest')!;
			assert.equal(
				shopify.credentials?.shopifyAccessTokenApi?.id,
				'REPLACE_ME_shopifyAccessTokenApi',
			);
			connected(workflow);
		},
	);
	await checks.check(
		'selfInvoice and monthGlobal: the store\'s address is one setting, "Shop URL" (https://YOUR-SHOP.myshopify.com), where every Shopify read starts, with a placeholder Shopify Access Token credential',
		() => {
			for (const name of ['selfInvoice', 'monthGlobal'] as const) {
				const workflow = loadExample(name);
				const shop = nodeNamed(workflow, 'Shop URL');
				assert.match(
					JSON.stringify(shop.parameters),
					/"shopUrl","value":"https:\/\/YOUR-SHOP\.myshopify\.com"/,
				);
				const reads = workflow.nodes.filter(
					(node) =>
						/shopify/i.test(JSON.stringify(node.parameters.url ?? '')) ||
						node.type === 'n8n-nodes-base.shopify' ||
						node.parameters.nodeCredentialType === 'shopifyAccessTokenApi',
				);
				assert.ok(reads.length >= 1, name);
				for (const node of reads) {
					assert.equal(node.type, 'n8n-nodes-base.httpRequest', node.name);
					assert.match(
						String(node.parameters.url),
						/^=\{\{ \$\('Shop URL'\)\.first\(\)\.json\.shopUrl/,
						node.name,
					);
					assert.equal(
						node.credentials?.shopifyAccessTokenApi?.id,
						'REPLACE_ME_shopifyAccessTokenApi',
					);
				}
			}
		},
	);
	await checks.check(
		'monthGlobal: a Schedule Trigger and a manual "try it" trigger, the store read and one Create Global Invoice with placeholder credentials',
		() => {
			const workflow = loadExample('monthGlobal');
			assert.ok(workflow.nodes.some((node) => node.type === 'n8n-nodes-base.scheduleTrigger'));
			assert.ok(workflow.nodes.some((node) => node.type === 'n8n-nodes-base.manualTrigger'));
			const [global] = cfdiNodes(workflow);
			assert.equal(cfdiNodes(workflow).length, 1);
			assert.equal(global.parameters.operation, 'createGlobalInvoice');
			assert.equal(global.credentials?.[CFDI_CREDENTIAL_TYPE]?.id, 'REPLACE_ME_cfdiEmisionApi');
			connected(workflow);
		},
	);
}

/** Examples 4-6: payment receipt, credit note and global invoice, each stamped through its "Try it" path. */
export async function kindExamples(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		'Examples 4-6 (payment receipt, credit note, global invoice), "Try it" paths, n8n execute',
	);
	for (const { name, cfdiNodes } of KIND_EXAMPLES) {
		await checks.check(
			`${name} as shipped: ${cfdiNodes} CFDI node(s) with a placeholder credential, a manual "try it" trigger, connections to existing nodes`,
			() => {
				const shipped = loadExample(name);
				const cfdi = shipped.nodes.filter((node) => node.type === CFDI_NODE_TYPE);
				assert.equal(cfdi.length, cfdiNodes);
				for (const node of cfdi)
					assert.equal(node.credentials?.[CFDI_CREDENTIAL_TYPE]?.id, 'REPLACE_ME_cfdiEmisionApi');
				assert.ok(shipped.nodes.some((node) => node.type === 'n8n-nodes-base.manualTrigger'));
				for (const [source, { main }] of Object.entries(shipped.connections)) {
					nodeNamed(shipped, source);
					for (const target of main.flat()) nodeNamed(shipped, target.node);
				}
			},
		);
	}
	const execute = async (id: string, label: string) => {
		const mark = sandbox.requests.length;
		const { run, cli } = await n8n.execute(id);
		timings[label] = cli.ms;
		assertSucceeded(run, cli.code);
		return { run, requests: requestsSince(sandbox, mark) };
	};
	const stored = (uuid: unknown) =>
		[...sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid);

	await checks.check(
		'example 4: a PPD invoice of 1,160.00 stamped, its XML read, then a payment receipt of 580.00 with the SAT guide figures (base 500.00, IVA 80.00, balance 580.00)',
		async () => {
			const { run, requests } = await execute(WORKFLOW_IDS.paymentReceiptCli, 'execute example 4');
			const [invoice] = outputJson(run, 'Sample: stamp the invoice');
			const [outcome] = outputJson(run, 'Outcome');
			assert.equal(outcome.status, 'stamped');
			// The invoice's XML first; the sale's ledger then reads the recipient's other vouchers of the
			// window (the list does not tell a payment or a credit relating it), each once.
			const read = requests
				.filter((request) => request.route === 'downloadXml')
				.map((request) => request.pathname.split('/').pop());
			assert.equal(read[0], invoice.uuid, JSON.stringify(read));
			assert.equal(new Set(read).size, read.length, JSON.stringify(read));
			const receipt = stored(outcome.paymentReceiptUuid)!;
			const pagos = (receipt.body.complemento as any).complementoPago20;
			assert.deepEqual(pagos.totales, {
				totalTrasladosBaseIVA16: 500,
				totalTrasladosImpuestoIVA16: 80,
				montoTotalPagos: 580,
			});
			assert.deepEqual(pagos.pago[0].doctoRelacionado[0].impuestosDR.trasladosDR, [
				{ baseDR: 500, impuestoDR: '002', tipoFactorDR: 'Tasa', tasaOCuotaDR: 0.16, importeDR: 80 },
			]);
			assert.equal(pagos.pago[0].doctoRelacionado[0].impSaldoInsoluto, 580);
			assert.ok(
				receipt.xml!.includes(`<pago20:DoctoRelacionado IdDocumento="${String(invoice.uuid)}"`),
			);
			assert.equal(receipt.stampCount, 1);
		},
	);
	await checks.check(
		'example 5: an invoice stamped, then a credit note of 116.00 (100.00 + IVA 16.00) relating it with relation 01',
		async () => {
			const { run } = await execute(WORKFLOW_IDS.creditNoteCli, 'execute example 5');
			const [invoice] = outputJson(run, 'Sample: stamp the invoice');
			const [outcome] = outputJson(run, 'Outcome');
			assert.equal(outcome.status, 'stamped');
			const note = stored(outcome.creditNoteUuid)!;
			assert.deepEqual(
				[note.body.tipoDeComprobante, note.body.subTotal, note.body.total],
				['E', 100, 116],
			);
			assert.deepEqual(note.body.cfdiRelacionados, [
				{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: invoice.uuid }] },
			]);
			assert.ok(note.xml!.includes(`<cfdi:CfdiRelacionado UUID="${String(invoice.uuid)}"/>`));
		},
	);
	await checks.check(
		'example 6: the four sample sales become one global invoice (one concept per ticket) with InformacionGlobal',
		async () => {
			const { run } = await execute(WORKFLOW_IDS.globalInvoiceCli, 'execute example 6');
			const [outcome] = outputJson(run, 'Outcome');
			assert.deepEqual([outcome.status, outcome.sales], ['stamped', 4]);
			const invoice = stored(outcome.globalInvoiceUuid)!;
			assert.deepEqual(
				(invoice.body.conceptos as any[]).map((concepto) => concepto.noIdentificacion),
				['T-0001', 'T-0002', 'T-0003', 'T-0004'],
			);
			assert.deepEqual([invoice.body.subTotal, invoice.body.total], [1070, 1241.2]);
			assert.equal((invoice.body.informacionGlobal as any).periodicidad, '04');
			assert.ok(invoice.xml!.includes('<cfdi:InformacionGlobal Periodicidad="04"'));
		},
	);
}
