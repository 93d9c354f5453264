/**
 * npm run demo: the flagship example (examples/01-shopify-order-to-cfdi.json, its "Try it" path, no Code node past the sample)
 * run through n8n's workflow engine (n8n-core's WorkflowExecute) with the package's own node and
 * credential, against the local sandbox on 127.0.0.1. Offline. Writes the XML and the PDF to
 * demo-output/ and exits 0 only when every step succeeded.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type {
	IBinaryData,
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
} from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../sandbox';
import { ensureBuilt } from './lib/build';
import { isolateUserFolder, removeUserFolder } from './lib/isolatedUserFolder';
import {
	EXAMPLE_FILES,
	EXAMPLE_TABLES,
	LOOKUP_CUSTOMER,
	loadExample,
	reachableFrom,
	REPO_ROOT,
	withCfdiCredential,
} from '../test/support/examples';
import { dataTableStandIn } from '../test/support/dataTableStandIn';
import { standInNodeTypes } from '../test/support/standInNodes';

// Before anything loads n8n-core (the engine is imported lazily below).
const demoUserFolder = isolateUserFolder('cfdi-demo-');
const OUTPUT_DIR = join(REPO_ROOT, 'demo-output');
const START_NODE = 'Try it: sample order';
const STEPS = {
	create: 'Create and stamp',
	xml: 'Download XML',
	pdf: 'Get PDF',
	email: 'E-mail to customer',
} as const;

class StepFailed extends Error {}

function bytesOf(item: INodeExecutionData | undefined, step: string): Buffer {
	const binary = item?.binary?.data as IBinaryData | undefined;
	if (!binary?.data) throw new StepFailed(`${step}: no file in the output`);
	return Buffer.from(binary.data, 'base64');
}

const size = (bytes: number) => `${bytes.toLocaleString('en-US')} bytes`;
const money = (value: unknown) => Number(value).toFixed(2);

async function main(): Promise<number> {
	const startedAt = Date.now();
	console.log(`CFDI demo: ${EXAMPLE_FILES.shopify}, path "${START_NODE}"`);
	console.log('  Shopify order → create and stamp → download the XML → get the PDF → e-mail it\n');

	ensureBuilt((line) => console.log(`  ${line}`));
	// Loaded after the build: the engine harness loads the package from dist/.
	const { Engine, CREDENTIAL_ID, outputOf, shutdownEngine } =
		await import('../test/support/engine/engine');
	const { PackageNodeTypes } = await import('../test/support/engine/nodeTypes');
	const { exampleCredential } = await import('../test/support/sandboxCredential');

	/** The test engine plus stand-ins for the n8n-nodes-base nodes the example uses. */
	// The lookup table holds one customer; the invoices table starts empty (the run writes to it).
	const tables = {
		[EXAMPLE_TABLES.customerTaxData.name]: [{ ...LOOKUP_CUSTOMER }],
		[EXAMPLE_TABLES.cfdiInvoices.name]: [],
	};
	class DemoEngine extends Engine {
		override readonly nodeTypes = new PackageNodeTypes({
			...standInNodeTypes,
			'n8n-nodes-base.dataTable': dataTableStandIn(tables),
		});
	}

	let sandbox: Sandbox | undefined;
	try {
		sandbox = await startSandbox({ host: '127.0.0.1' });
		console.log(
			`  Sandbox      token service ${sandbox.authUrl}, issuing API ${sandbox.baseUrl}, PDF storage ${sandbox.blobUrl}`,
		);

		const engine = new DemoEngine();
		engine.setCredential(exampleCredential(sandbox));
		// The example as shipped, minus the Shopify trigger path (it needs a store), with the lookup
		// table served from memory and the CFDI nodes pointed at the sandbox credential.
		let workflow = withCfdiCredential(loadExample('shopify'), {
			id: CREDENTIAL_ID,
			name: 'CFDI sandbox',
		});
		workflow = reachableFrom(workflow, START_NODE);

		const run = await engine.runWorkflow(
			workflow.nodes as unknown as INode[],
			workflow.connections as unknown as IConnections,
			[{ json: {} }],
		);
		const error = run.data.resultData.error;
		if (error) {
			const failedNode =
				(error as { node?: { name?: string } }).node?.name ??
				run.data.resultData.lastNodeExecuted ??
				'the workflow';
			throw new StepFailed(
				`${failedNode}: ${error.message}${error.description ? `\n    ${String(error.description)}` : ''}`,
			);
		}
		const out = (step: string) => {
			const items = outputOf(run, step);
			if (!items.length) throw new StepFailed(`${step}: produced no output`);
			const failed = items.find((item) => item.json.error);
			if (failed) throw new StepFailed(`${step}: ${String(failed.json.error)}`);
			return items;
		};

		const [stamped] = out(STEPS.create);
		if (stamped.json.status !== 'stamped')
			throw new StepFailed(
				`${STEPS.create}: status "${String(stamped.json.status)}" instead of "stamped"`,
			);
		const uuid = String(stamped.json.uuid);
		const order = stamped.json.order as IDataObject;
		// What was sent: the voucher the node built from the order (Input Mode "Order", no Code node).
		const voucher = [...sandbox.vouchers.values()].find((stored) => stored.uuid === uuid)?.body as
			IDataObject | undefined;
		if (!voucher)
			throw new StepFailed(`${STEPS.create}: the sandbox holds no voucher with UUID ${uuid}`);
		const receptor = voucher.receptor as IDataObject;
		const taxes = (voucher.impuestos as IDataObject | undefined)?.totalImpuestosTrasladados ?? 0;
		console.log(
			`  Order        ${String(order.name)} → ${String(receptor.rfc)} ${String(receptor.nombre)}: ${(voucher.conceptos as unknown[]).length} concepts, subtotal ${money(voucher.subTotal)} + IVA ${money(taxes)} = total ${money(voucher.total)} ${String(voucher.moneda)} (order total ${money(order.orderTotal)})`,
		);
		if (order.voucherTotal !== order.orderTotal)
			throw new StepFailed(
				`${STEPS.create}: voucher total ${money(order.voucherTotal)} differs from the order total ${money(order.orderTotal)}`,
			);
		console.log(
			`  Voucher      ${String(stamped.json.status)}, UUID ${uuid} (idComprobante ${String(stamped.json.idComprobante)}, series ${String(voucher.serie)}, folio ${String(voucher.folio)})`,
		);

		const [xmlItem] = out(STEPS.xml);
		const xml = bytesOf(xmlItem, STEPS.xml);
		const [pdfItem] = out(STEPS.pdf);
		const pdf = bytesOf(pdfItem, STEPS.pdf);
		if (!xml.toString('utf8').includes(`UUID="${uuid}"`))
			throw new StepFailed(`${STEPS.xml}: the XML does not carry UUID ${uuid}`);
		if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
			throw new StepFailed(`${STEPS.pdf}: the file is not a PDF`);
		rmSync(OUTPUT_DIR, { recursive: true, force: true });
		mkdirSync(OUTPUT_DIR, { recursive: true });
		const xmlPath = join(OUTPUT_DIR, String(xmlItem.json.fileName));
		const pdfPath = join(OUTPUT_DIR, String(pdfItem.json.fileName));
		writeFileSync(xmlPath, xml);
		writeFileSync(pdfPath, pdf);
		console.log(`  XML          ${relative(REPO_ROOT, xmlPath)} (${size(xml.length)})`);
		console.log(
			`  PDF          ${relative(REPO_ROOT, pdfPath)} (${size(pdf.length)}; its download link was valid until ${String(pdfItem.json.expiresAt)})`,
		);

		const [mail] = out(STEPS.email);
		if (mail.json.sent !== true)
			throw new StepFailed(`${STEPS.email}: the service did not confirm the e-mail`);
		const delivered = sandbox.emails.filter(
			(email) => (email.body as { cfdi?: { uuid?: string } }).cfdi?.uuid === uuid,
		);
		console.log(
			`  E-mail       sent to ${String(mail.json.to)}, subject "${String(mail.json.subject)}" (the service accepted ${delivered.length} e-mail for this UUID)`,
		);

		const count = (route: string) =>
			sandbox!.requests.filter((request) => request.route === route).length;
		const apiCalls = sandbox.requests.filter((request) => request.server === 'api').length;
		console.log(
			`  Sign-in      ${count('token')} token call (password grant), ${count('userinfo')} user-info call; ${apiCalls} issuing-API calls and ${count('blob')} PDF download, all with that one token`,
		);

		if (delivered.length !== 1)
			throw new StepFailed(
				`${STEPS.email}: the sandbox received ${delivered.length} e-mails for ${uuid}`,
			);
		console.log(`\nAll steps succeeded in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
		return 0;
	} catch (error) {
		const message =
			error instanceof StepFailed ? error.message : ((error as Error).stack ?? String(error));
		console.error(`\nThe demo failed at ${message}`);
		return 1;
	} finally {
		await sandbox?.close();
		shutdownEngine();
		removeUserFolder(demoUserFolder);
	}
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		console.error(`The demo could not run: ${error.stack ?? error.message}`);
		process.exit(1);
	},
);
