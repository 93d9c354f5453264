/**
 * A sale's ledger in a real n8n (issue 33): the rules of test/nodes/CfdiEmision/stamping/saleLedger.engine.test.ts
 * and the after-run twin check, over real HTTP, in one `n8n start` with its own sandbox (its own
 * account, so no other step's vouchers meet these):
 * 1. example 10's self-invoice form submitted twice at the same moment for order #1001 with two RFCs:
 *    one invoice, or the second reported as a twin (stampedTwin, needsAttention) naming which to cancel;
 * 2. an MXN credit note on a USD invoice is summed converted (134.00 USD): a note beyond the balance
 *    is refused naming what is left;
 * 3. a payment receipt with a stale Previous Balance (1,160.00 after 1,000.00 paid) is refused naming 160.00;
 * 4. with Read Related Invoices From Their XML off, a second credit note of 80 on an invoice of 100 is refused
 *    (each credits 79.99: at IVA 16 % no base reaches 80.00, and a note credits the nearest amount below).
 * Cases 2-4 run as the editor's "Execute workflow" does (REST), one version 1.1 node per workflow.
 *
 * A step of test/e2e/run.ts: `npm run test:e2e -- --only ledger [--current]`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startSandbox, type Sandbox } from '../../sandbox';
import type { WorkflowJson } from '../support/examples';
import { CUSTOMER, CUSTOMER_FIELDS, ISSUER_FIELDS, receiptParams } from '../support/kindsKit';
import { apiClient, validVoucher } from '../support/sandboxHelpers';
import type { Checks } from './checks';
import { N8nInstance } from './n8n';
import { installPackage } from './packageInstall';
import type { N8nRuntime } from './runtime';
import { formServed, PAGE_BUYER as BUYER, pageOrder, publishPage } from './publishedPage';
import { smtpCredentialJson } from './shopExamplesPhase';
import { postForm } from './selfInvoicePages';
import { cfdiWorkflow } from './workflows';

const CREDENTIAL = { id: 'cfdiE2eLedgerCred01', name: 'CFDI sandbox (ledger)' };
const PAGE_ID = 'cfdiE2eLedgerPage001';
/** Every sandbox call answers after this: both submissions read the list before either stamps. */
const SUBMISSION_LATENCY_MS = 150;

/** The two buyers' data typed on the page for one order (the form's labels → values). */
const SUBMISSIONS = [
	{
		RFC: 'URE180429TM6',
		'Nombre o razón social': 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
		'Régimen fiscal': '601 - General de Ley Personas Morales',
		'Código postal': '65000',
	},
	{
		RFC: 'XOJI740919U48',
		'Nombre o razón social': 'INGRID XODAR JIMENEZ',
		'Régimen fiscal': '612 - Personas Físicas con Actividades Empresariales y Profesionales',
		'Código postal': '88965',
	},
];

/** The invoices the cases relate, stamped in the sandbox before n8n starts (PPD, to CUSTOMER, series A, folios no order uses). */
interface Invoices {
	usd: string;
	mxn: string;
	hundred: string;
}

async function stampInvoices(sandbox: Sandbox): Promise<Invoices> {
	const client = await apiClient(sandbox);
	const invoice = async (folio: string, extra: Record<string, unknown> = {}) =>
		(
			await client.stamp(
				validVoucher({
					metodoPago: 'PPD',
					formaPago: '99',
					serie: 'A',
					folio,
					receptor: { ...CUSTOMER },
					...extra,
				}),
			)
		).uuid;
	// 86.21 + IVA 13.79 = 100.00.
	const traslado = {
		base: 86.21,
		impuesto: '002',
		tipoFactor: 'Tasa',
		tasaOCuota: 0.16,
		importe: 13.79,
	};
	return {
		usd: await invoice('9001', { moneda: 'USD', tipoCambio: 17 }),
		mxn: await invoice('9002'),
		hundred: await invoice('9003', {
			subTotal: 86.21,
			total: 100,
			conceptos: [
				{
					claveProdServ: '01010101',
					cantidad: '1',
					claveUnidad: 'H87',
					descripcion: 'Servicio',
					valorUnitario: 86.21,
					importe: 86.21,
					objetoImp: '02',
					impuestos: { traslados: [traslado] },
				},
			],
			impuestos: { totalImpuestosTrasladados: 13.79, traslados: [traslado] },
		}),
	};
}

/** Credit Note of `amount` relating `invoice`, read from its XML unless `typedTotal` is given (the setting off). */
function noteParams(
	invoice: string,
	amount: number,
	key: string,
	typedTotal?: number,
	extra: Record<string, unknown> = {},
) {
	const typed = typedTotal !== undefined && {
		readRelatedXml: false,
		...ISSUER_FIELDS,
		...CUSTOMER_FIELDS,
		creditIvaRate: '0.16',
	};
	return {
		resource: 'voucher',
		operation: 'createCreditNote',
		lugarExpedicion: '64000',
		serie: 'NC',
		creditedInvoices: {
			invoice: [typed ? { uuid: invoice, total: typedTotal } : { uuid: invoice }],
		},
		...(typed || {}),
		creditAmount: amount,
		duplicateCheckKey: key,
		...extra,
	};
}

/** The runs of cases 2-4, in order: a workflow each (Start → CFDI), by its id. */
function caseWorkflows(invoices: Invoices) {
	const runs = {
		mxnNote: noteParams(invoices.usd, 2278, 'R-MXN', 50_000, { moneda: 'MXN' }),
		usdNote: noteParams(invoices.usd, 1160, 'R-USD'),
		paid1000: receiptParams([{ uuid: invoices.mxn, amountPaid: 1000 }]),
		staleBalance: receiptParams([
			{ uuid: invoices.mxn, amountPaid: 160, installment: 2, previousBalance: 1160 },
		]),
		rightBalance: receiptParams([
			{ uuid: invoices.mxn, amountPaid: 160, installment: 2, previousBalance: 160 },
		]),
		first80: noteParams(invoices.hundred, 80, 'R-80-1', 100),
		second80: noteParams(invoices.hundred, 80, 'R-80-2', 100),
	};
	return Object.fromEntries(
		Object.entries(runs).map(([name, parameters], index) => [
			name,
			cfdiWorkflow(
				`cfdiE2eLedgerRun${String(index + 1).padStart(4, '0')}`,
				`Ledger: ${name} (sandbox)`,
				undefined,
				parameters,
				CREDENTIAL,
			),
		]),
	) as Record<keyof typeof runs, WorkflowJson>;
}

const apiRoutesSince = (sandbox: Sandbox, mark: number) =>
	sandbox.requests
		.slice(mark)
		.filter((request) => request.server === 'api')
		.map((request) => request.route);

export async function ledgerPhase(
	checks: Checks,
	runtime: N8nRuntime,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		"A sale's ledger (version 1.1 nodes, n8n start): the page submitted twice at once, sums across currencies and settings",
	);
	const log = (line: string) => console.log(`  ${line}`);
	const started = Date.now();
	const userFolder = mkdtempSync(join(tmpdir(), 'cfdi-e2e-ledger-'));
	const sandbox = await startSandbox({ host: '127.0.0.1', shopOrders: [pageOrder()] });
	let n8n: N8nInstance | undefined;
	try {
		installPackage(userFolder);
		n8n = await N8nInstance.create(runtime, userFolder, log);
		const invoices = await stampInvoices(sandbox);
		const runs = caseWorkflows(invoices);
		const { formUrl, startMs } = await publishPage(n8n, sandbox, {
			credential: CREDENTIAL,
			id: PAGE_ID,
			smtp: smtpCredentialJson(),
			workflows: Object.values(runs),
		});
		timings['ledger: n8n start'] = startMs;

		await checks.check(
			'the self-invoice page submitted twice at the same moment for order #1001, with two RFCs: one invoice, or the second reported as a twin naming which to cancel (the page tells that buyer the shop will review it)',
			async () => {
				await formServed(formUrl);
				sandbox.setLatency(SUBMISSION_LATENCY_MS);
				const submitted = Date.now();
				const outcomes = await Promise.all(
					SUBMISSIONS.map((fields) =>
						postForm(n8n!, formUrl, {
							...fields,
							'Número de pedido': '#1001',
							'Correo electrónico': BUYER,
							'Uso del CFDI': 'G03 - Gastos en general',
						}),
					),
				).finally(() => sandbox.setLatency(0));
				timings['ledger: two page submissions at once'] = Date.now() - submitted;
				const invoices = [...sandbox.vouchers.values()]
					.filter((voucher) => voucher.stampCount > 0 && String(voucher.body.folio) === '1001')
					.sort((a, b) => a.id - b.id);
				const summary = outcomes.map(({ item, page }) => ({
					status: item.status,
					uuid: item.uuid,
					needsAttention: item.needsAttention,
					page: page.slice(0, 300),
				}));
				log(`two submissions: ${invoices.length} invoice(s); ${JSON.stringify(summary)}`);
				invoices.forEach((invoice) => assert.equal(invoice.stampCount, 1));
				const [older, newer] = invoices;
				const kept = outcomes.find(({ item }) => item.uuid === older?.uuid);
				assert.ok(kept, `no submission returned the first invoice: ${JSON.stringify(summary)}`);
				assert.equal(kept.item.status, 'stamped');
				assert.match(kept.page, /Emitimos tu factura/);
				assert.ok(kept.page.includes(String(older.uuid)), kept.page);
				const other = outcomes.find((outcome) => outcome !== kept)!;
				if (invoices.length === 1) {
					// The second saw the first: nothing stamped for it, never answered with the other RFC's invoice.
					assert.notEqual(other.item.uuid, older.uuid, JSON.stringify(other.item));
					assert.doesNotMatch(other.page, /Emitimos tu factura|ya estaba facturado/);
					return;
				}
				assert.equal(invoices.length, 2, JSON.stringify(summary));
				assert.deepEqual(
					new Set(invoices.map((invoice) => (invoice.body.receptor as { rfc: string }).rfc)),
					new Set(SUBMISSIONS.map((fields) => fields.RFC)),
				);
				assert.equal(other.item.uuid, newer.uuid);
				assert.equal(other.item.status, 'stampedTwin', JSON.stringify(other.item));
				assert.equal(other.item.duplicate?.keep, older.uuid);
				assert.deepEqual(other.item.duplicate?.cancel, [{ uuid: newer.uuid, motive: '02' }]);
				assert.equal(other.item.needsAttention?.reason, 'twinStamped');
				const message = String(other.item.needsAttention?.message);
				for (const fields of SUBMISSIONS) assert.ok(message.includes(fields.RFC), message);
				assert.ok(message.includes(`cancel ${String(newer.uuid)}`), message);
				assert.match(other.page, /Recibimos tu solicitud/);
			},
		);

		const run = async (name: keyof typeof runs) => {
			const mark = sandbox.requests.length;
			const execution = await n8n!.runAsEditor(runs[name].id as string, 'Start');
			timings[`ledger: ${name}`] = execution.ms;
			const item = execution.runData.CFDI?.[0]?.data?.main?.[0]?.[0]?.json as
				Record<string, any> | undefined;
			return { execution, item, routes: apiRoutesSince(sandbox, mark) };
		};
		const refused = (outcome: Awaited<ReturnType<typeof run>>) => {
			assert.equal(outcome.execution.status, 'error', JSON.stringify(outcome.item));
			assert.ok(!outcome.routes.includes('createVoucher'), outcome.routes.join(', '));
			return {
				message: String(outcome.execution.error?.message),
				description: String(outcome.execution.error?.description),
			};
		};
		const stamped = (outcome: Awaited<ReturnType<typeof run>>) => {
			assert.equal(
				outcome.execution.status,
				'success',
				JSON.stringify(outcome.execution.error ?? outcome.item),
			);
			assert.equal(outcome.item?.status, 'stamped', JSON.stringify(outcome.item));
			return String(outcome.item?.uuid);
		};

		await checks.check(
			'an MXN credit note of 2,278.00 on a USD invoice of 1,160.00 (TipoCambio 17) is stamped; a USD note of 1,160.00 then is refused counting it as 134.00 USD, at most 1,026.00 USD left; nothing sent',
			async () => {
				const mxn = stamped(await run('mxnNote'));
				const { message, description } = refused(await run('usdNote'));
				assert.ok(
					message.includes(
						`This credit note would credit more than invoice ${invoices.usd} totals: already credited 134.00 USD (credit notes ${mxn} 134.00 USD from 2278.00 MXN), this credit note 1160.00 USD, invoice total 1160.00 USD.`,
					),
					message,
				);
				assert.ok(description.includes('Credit at most 1026.00 USD'), description);
			},
		);

		await checks.check(
			'a payment receipt with a stale Previous Balance (1,160.00 after 1,000.00 was paid) is refused naming the real one, 160.00; nothing sent; with 160.00 it is stamped',
			async () => {
				stamped(await run('paid1000'));
				const { message, description } = refused(await run('staleBalance'));
				assert.ok(
					message.includes(
						`The previous balance 1160.00 MXN of invoice ${invoices.mxn} (installment 2) is not what is owed: its receipts already paid 1000.00 MXN of 1160.00 MXN, so the balance is 160.00 MXN.`,
					),
					message,
				);
				assert.ok(description.includes('Set the previous balance to 160.00 MXN'), description);
				stamped(await run('rightBalance'));
			},
		);

		await checks.check(
			"Read Related Invoices From Their XML off: a credit note of 80 on an invoice of 100.00 is stamped as 80.00 (68.96 + IVA 11.04, rounded up within the SAT's limits), a second of 80 is refused (already credited 80.00, at most 20.00 left); one note relates the invoice",
			async () => {
				const first = stamped(await run('first80'));
				const { message, description } = refused(await run('second80'));
				assert.ok(
					message.includes(
						`This credit note would credit more than invoice ${invoices.hundred} totals: already credited 80.00 MXN (credit notes ${first} 80.00 MXN), this credit note 80.00 MXN, invoice total 100.00 MXN.`,
					),
					message,
				);
				assert.ok(description.includes('Credit at most 20.00 MXN'), description);
				const notes = [...sandbox.vouchers.values()].filter(
					(voucher) =>
						voucher.stampCount > 0 &&
						JSON.stringify(voucher.body.cfdiRelacionados ?? []).includes(invoices.hundred),
				);
				assert.deepEqual(
					notes.map((note) => [note.uuid, Number(note.body.total)]),
					[[first, 80]],
				);
			},
		);
	} finally {
		await n8n?.stop().catch(() => undefined);
		await sandbox.close().catch(() => undefined);
		if (process.env.CFDI_E2E_KEEP) log(`ledger: n8n user folder kept: ${userFolder}`);
		else rmSync(userFolder, { recursive: true, force: true });
		timings['ledger step'] = Date.now() - started;
	}
}
