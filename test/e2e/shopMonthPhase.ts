/**
 * A shop's month in the real n8n (`n8n execute`, version 1.1 nodes): a recipient typed with its
 * company type ("S.A. de C.V.") is stamped as the SAT records it and the output says so; a postal
 * code the SAT's register does not hold for the RFC comes back (Continue On Fail) as an error item
 * with the structured `recipient` part a page can show next to the field; a refund of a sale of a
 * global invoice is credited against that global invoice (general public, relation 01, the ticket).
 * The recipient is one of the sandbox's registered test RFCs (sandbox/satRegistry.ts); the global
 * invoice's period (March 2024) and tickets are this phase's own, so other phases' vouchers do not meet it.
 */
import assert from 'node:assert/strict';

import type { Sandbox } from '../../sandbox';
import type { WorkflowJson } from '../support/examples';
import { invoiceVoucher } from '../support/vouchers';
import { globalParams } from '../support/kindsKit';
import type { Checks } from './checks';
import { succeeded } from './executionJson';
import { cfdiWorkflow } from './workflows';
import { type N8nInstance } from './n8n';
import { outputJson } from './executionJson';

export const SHOP_MONTH_WORKFLOWS = {
	normalised: 'cfdiE2eShopMonthName1',
	postalCode: 'cfdiE2eShopMonthZip01',
	refund: 'cfdiE2eShopMonthRfnd1',
} as const;

const REGISTERED = {
	rfc: 'H&E951128469',
	nombre: 'HERRERIA & ELECTRICOS',
	usoCFDI: 'G03',
	regimenFiscalReceptor: '601',
	domicilioFiscalReceptor: '06002',
};
const TYPED_NAME = 'Herreria & Electricos, S.A. de C.V.';
const SALES = [
	{ ticket: 'E2E-1001', total: 116 },
	{ ticket: 'E2E-1002', total: 58 },
];

const createJson = (receptor: Record<string, unknown>) => ({
	resource: 'voucher',
	operation: 'create',
	inputMode: 'json',
	voucherJson: JSON.stringify(invoiceVoucher({ receptor })),
	duplicateCheck: 'off',
});

/** Start → the sales → Create Global Invoice ('Global') → Create Credit Note of ticket E2E-1002 ('Refund'). */
function refundWorkflow(credential: { id: string; name: string }): WorkflowJson {
	const workflow = cfdiWorkflow(
		SHOP_MONTH_WORKFLOWS.refund,
		"A shop's month: a refund of a global invoice's sale (sandbox)",
		SALES,
		globalParams({
			globalMonth: '03',
			options: { noCalcularFecha: true, fecha: '2024-04-01T09:00:00' },
		}),
		credential,
		{ nodeName: 'Global' },
	) as unknown as { nodes: Array<Record<string, unknown>>; connections: Record<string, unknown> };
	const global = workflow.nodes.find((node) => node.name === 'Global') as Record<string, unknown>;
	workflow.nodes.push({
		...global,
		id: `${SHOP_MONTH_WORKFLOWS.refund}-refund`,
		name: 'Refund',
		position: [660, 0],
		parameters: {
			resource: 'voucher',
			operation: 'createCreditNote',
			serie: 'NC',
			formaPago: '04',
			creditedInvoices: { invoice: [{ uuid: '={{ $json.uuid }}' }] },
			globalSaleTicket: 'E2E-1002',
			options: { noCalcularFecha: true, fecha: '2024-04-10T10:00:00' },
		},
	});
	workflow.connections.Global = { main: [[{ node: 'Refund', type: 'main', index: 0 }]] };
	return workflow as unknown as WorkflowJson;
}

export function shopMonthWorkflows(credential: { id: string; name: string }): WorkflowJson[] {
	return [
		cfdiWorkflow(
			SHOP_MONTH_WORKFLOWS.normalised,
			"A shop's month: a legal name typed with its company type (sandbox)",
			[{}],
			createJson({ ...REGISTERED, nombre: TYPED_NAME }),
			credential,
		),
		cfdiWorkflow(
			SHOP_MONTH_WORKFLOWS.postalCode,
			"A shop's month: a postal code the SAT does not hold for the RFC (sandbox)",
			[{}],
			createJson({ ...REGISTERED, domicilioFiscalReceptor: '06600' }),
			credential,
			{ settings: { onError: 'continueRegularOutput' } },
		),
		refundWorkflow(credential),
	];
}

/** The create bodies the issuing API received since `mark`. */
function createdBodies(sandbox: Sandbox, mark: number): Array<Record<string, any>> {
	return sandbox.requests
		.slice(mark)
		.filter((request) => request.route === 'createVoucher')
		.map((request) => JSON.parse(request.body) as Record<string, any>);
}

export async function shopMonthPhase(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section("A shop's month: recipient data as the SAT records it, a global sale refunded");

	let mark = sandbox.requests.length;
	let outcome = await n8n.execute(SHOP_MONTH_WORKFLOWS.normalised);
	timings['execute shop month: name normalised'] = outcome.cli.ms;
	const normalisedBodies = createdBodies(sandbox, mark);
	await checks.check(
		'Create with the recipient "Herreria & Electricos, S.A. de C.V.": stamped as "HERRERIA & ELECTRICOS" (the company type left out, upper case), and the output says what changed',
		() => {
			succeeded(outcome.run);
			const [item] = outputJson(outcome.run, 'CFDI');
			assert.equal(item.status, 'stamped', JSON.stringify(item));
			assert.equal(item.recipientName, 'HERRERIA & ELECTRICOS');
			assert.ok(normalisedBodies.length >= 1, 'no create request reached the sandbox');
			for (const body of normalisedBodies) assert.deepEqual(body.receptor, REGISTERED);
			const changes = item.recipientNormalized as Array<Record<string, unknown>>;
			assert.deepEqual(
				changes.map((change) => [change.field, change.from, change.to]),
				[['receptor.nombre', TYPED_NAME, 'HERRERIA & ELECTRICOS']],
			);
			assert.match(String(changes[0].why), /company type "S\.A\. DE C\.V\." left out/);
		},
	);

	mark = sandbox.requests.length;
	const stampsBefore = sandbox.stampCount();
	outcome = await n8n.execute(SHOP_MONTH_WORKFLOWS.postalCode);
	timings['execute shop month: postal code refused'] = outcome.cli.ms;
	await checks.check(
		'Create with postal code 06600 for an RFC registered at 06002 (Continue On Fail): an error item with recipient { field domicilioFiscalReceptor, satCode CFDI40147, fix }; nothing stamped',
		() => {
			succeeded(outcome.run);
			const [item] = outputJson(outcome.run, 'CFDI');
			assert.match(String(item.error), /The service refused the voucher: CFDI40147/);
			assert.deepEqual(item.recipient, {
				field: 'domicilioFiscalReceptor',
				path: 'receptor.domicilioFiscalReceptor',
				satCode: 'CFDI40147',
				message: (item.recipient as Record<string, unknown>)?.message,
				fix: "Use the postal code of the fiscal address on the buyer's Constancia de Situación Fiscal (5 digits).",
			});
			assert.match(
				String((item.recipient as Record<string, unknown>).message),
				/DomicilioFiscalReceptor/,
			);
			assert.equal(sandbox.stampCount(), stampsBefore, 'a voucher was stamped');
			assert.ok(
				sandbox.requests.slice(mark).some((request) => request.route === 'createVoucher'),
				'the refusal did not come from the service',
			);
		},
	);

	mark = sandbox.requests.length;
	outcome = await n8n.execute(SHOP_MONTH_WORKFLOWS.refund);
	timings['execute shop month: global sale refunded'] = outcome.cli.ms;
	const refundBodies = createdBodies(sandbox, mark);
	await checks.check(
		"Create Global Invoice of tickets E2E-1001 and E2E-1002, then Create Credit Note of ticket E2E-1002: stamped to the general public, related 01 to the global invoice, with its period and the ticket, for the ticket's 58.00",
		() => {
			succeeded(outcome.run);
			const [global] = outputJson(outcome.run, 'Global');
			const [refund] = outputJson(outcome.run, 'Refund');
			assert.equal(global.status, 'stamped', JSON.stringify(global));
			assert.equal(refund.status, 'stamped', JSON.stringify(refund));
			assert.equal(refund.total, 58);
			assert.deepEqual(refund.globalSale, {
				globalInvoice: global.uuid,
				ticket: 'E2E-1002',
				earlierCredits: [],
			});
			const note = refundBodies.find((body) => body.tipoDeComprobante === 'E');
			assert.ok(note, 'no credit note reached the sandbox');
			assert.deepEqual(note.receptor, {
				rfc: 'XAXX010101000',
				nombre: 'PUBLICO EN GENERAL',
				usoCFDI: 'S01',
				regimenFiscalReceptor: '616',
				domicilioFiscalReceptor: '64000',
			});
			assert.deepEqual(note.cfdiRelacionados, [
				{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: global.uuid }] },
			]);
			assert.deepEqual(note.informacionGlobal, { periodicidad: '04', meses: '03', anio: 2024 });
			assert.equal(note.conceptos[0].noIdentificacion, 'E2E-1002');
		},
	);
}
