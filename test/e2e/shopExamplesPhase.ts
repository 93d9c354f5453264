/**
 * Example 11 (the month's global invoice of the orders nobody invoiced) in the real n8n
 * (`n8n execute`), its "Try it" path, against the sandbox's store stand-in as the docs tell a user:
 * "Shop URL" set to `sandbox.shopUrl`, a Shopify Access Token credential with the stand-in's token.
 * The store holds last month's 255 paid orders (two of Shopify's pages of 250), one order a buyer
 * already invoiced (folio = order number), one partly refunded, one pending and one cancelled. The
 * global invoice holds the paid rest at what was finally paid; the invoiced one is left out; a
 * second run stamps nothing. It runs against a sandbox of its own (a fresh service and store), so
 * example 6's global invoice of the same month does not meet it. (Example 10 runs in the
 * self-invoice step, through its form.)
 * Part of the `examples` step of test/e2e/run.ts.
 */
import assert from 'node:assert/strict';

import {
	dayOfLastMonth,
	SHOP_ACCESS_TOKEN,
	type SampleOrderSpec,
	type Sandbox,
} from '../../sandbox';
import {
	loadExample,
	reachableFrom,
	withCfdiCredential,
	withShopStandIn,
	withSmtpCredential,
	type WorkflowJson,
} from '../support/examples';
import { invoiceVoucher } from '../support/vouchers';
import type { Checks } from './checks';
import { succeeded } from './executionJson';
import { type N8nInstance } from './n8n';
import { outputJson } from './executionJson';
import { saveVouchers } from './seed';
import { SmtpMailbox } from './smtpMailbox';

/** The CFDI credential of example 11's own sandbox (its service and store). */
export const SHOP_CFDI_CREDENTIAL = {
	id: 'cfdiE2eShopCfdi0001',
	name: 'CFDI sandbox (shop examples)',
};

/** The Shopify Access Token credential the e2e imports for the store stand-in. */
export const SHOP_CREDENTIAL = { id: 'cfdiE2eShopToken001', name: 'Shopify (sandbox store)' };

export function shopCredentialJson(credential = SHOP_CREDENTIAL) {
	return {
		...credential,
		type: 'shopifyAccessTokenApi',
		data: { shopSubdomain: 'sandbox', accessToken: SHOP_ACCESS_TOKEN, appSecretKey: 'unused' },
	};
}

/**
 * The SMTP credential of the examples' owner alerts: plain SMTP without sign-in to `port` on
 * 127.0.0.1, the self-invoice step's stand-in mailbox (smtpMailbox.ts). Without a port it points at
 * a closed one, so an alert where none is expected fails visibly.
 */
export const SMTP_CREDENTIAL = { id: 'cfdiE2eSmtpAlert0001', name: 'SMTP (owner alerts)' };

export function smtpCredentialJson(credential = SMTP_CREDENTIAL, port = 2) {
	return {
		...credential,
		type: 'smtp',
		data: { host: '127.0.0.1', port, secure: false, user: '', password: '' },
	};
}

const WORKFLOW_ID = 'cfdiE2eMonthGlobal01';

export function shopExampleWorkflows(
	credential: { id: string; name: string },
	shopUrl: string,
): WorkflowJson[] {
	const tryIt = reachableFrom(
		withShopStandIn(
			withSmtpCredential(
				withCfdiCredential(loadExample('monthGlobal'), credential),
				SMTP_CREDENTIAL,
			),
			shopUrl,
			SHOP_CREDENTIAL,
		),
		'Try it: run now',
	);
	return [{ ...tryIt, id: WORKFLOW_ID, name: `${tryIt.name} (sandbox store, try-it path)` }];
}

const PAID = Array.from({ length: 255 }, (_, index) => 8001 + index);
const INVOICED = 8300;
const PARTLY_REFUNDED = 8301;

function storeOrders(now: number): SampleOrderSpec[] {
	const order = (number: number, day: number, extra: Partial<SampleOrderSpec> = {}) => ({
		number,
		createdAt: dayOfLastMonth(now, day),
		email: `buyer${number}@example.com`,
		lines: [{ title: 'Cable USB-C', sku: 'CB-02', quantity: 1, price: '116.00' }],
		...extra,
	});
	return [
		...PAID.map((number, index) => order(number, 1 + (index % 28))),
		// At the total of the invoice its buyer got (a sale is left out when its folio and total match).
		order(INVOICED, 3, { lines: [{ title: 'Teclado', quantity: 1, price: '1000.75', rate: 0 }] }),
		order(PARTLY_REFUNDED, 4, {
			lines: [{ title: 'Mouse', quantity: 2, price: '580.00' }],
			financialStatus: 'partially_refunded',
			refunded: '580.00',
		}),
		order(8302, 5, { financialStatus: 'pending', gateway: 'bank deposit' }),
		order(8303, 6, { financialStatus: 'voided', cancelledAt: dayOfLastMonth(now, 7) }),
	];
}

export async function shopExamplesPhase(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		"Example 11 (last month's global invoice of the rest), try-it path, against the sandbox's store stand-in",
	);
	sandbox.clearShopOrders();
	sandbox.addShopOrders(storeOrders(Date.now()));
	// A buyer invoiced #8300 (its invoice's folio is the order number, as the self-invoice page does).
	await saveVouchers(sandbox, [
		{ body: invoiceVoucher({ serie: 'A', folio: String(INVOICED) }), stamp: true },
	]);
	const invoiced = [...sandbox.vouchers.values()].find(
		(voucher) => voucher.body.folio === String(INVOICED) && voucher.stampCount > 0,
	);
	// The owner's alert (a month's global invoice stamped now is late, but on the 1st) to a stand-in
	// mailbox: the SMTP credential points at it for this step, then back at a closed port.
	const mailbox = await SmtpMailbox.start();
	await n8n.importCredentials([smtpCredentialJson(SMTP_CREDENTIAL, mailbox.port)]);
	const late =
		Number(
			new Intl.DateTimeFormat('en-US', { timeZone: 'America/Mexico_City', day: 'numeric' }).format(
				new Date(),
			),
		) >= 2;
	const mark = sandbox.requests.length;
	const first = await n8n.execute(WORKFLOW_ID);
	timings['execute example 11'] = first.cli.ms;
	try {
		await lateAlertChecks(checks, first.run, mailbox, late);
	} finally {
		await mailbox.close().catch(() => undefined);
		await n8n.importCredentials([smtpCredentialJson()]);
	}
	const shopRequests = sandbox.requests.slice(mark).filter((request) => request.server === 'shop');

	let uuid = '';
	await checks.check(
		"the store is read with the credential's token, over Shopify's two pages (250, then the Link header's page_info)",
		() => {
			assert.deepEqual(
				shopRequests.map((request) => [
					request.route,
					request.status,
					request.headers['x-shopify-access-token'],
					Object.keys(request.query).sort().join(','),
				]),
				[
					['shopifyOrders', 200, SHOP_ACCESS_TOKEN, 'created_at_max,created_at_min,limit,status'],
					['shopifyOrders', 200, SHOP_ACCESS_TOKEN, 'limit,page_info'],
				],
			);
			assert.equal(shopRequests[0].query.status, 'any');
			assert.equal(shopRequests[0].query.limit, '250');
		},
	);
	await checks.check(
		'one global invoice stamped to the general public holding the paid rest (255 orders at 116.00, the partly refunded one at 580.00), the invoiced order left out',
		() => {
			const [global] = outputJson(first.run, 'Create global invoice');
			assert.equal(global.status, 'stamped', JSON.stringify(global).slice(0, 2000));
			uuid = String(global.uuid);
			const stored = [...sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid);
			assert.ok(stored, 'the global invoice is not in the sandbox');
			assert.equal(stored.stampCount, 1);
			const tickets = (stored.body.conceptos as Array<{ noIdentificacion: string }>)
				.map((concepto) => concepto.noIdentificacion)
				.sort();
			assert.deepEqual(tickets, [...PAID, PARTLY_REFUNDED].map(String).sort());
			assert.equal(stored.body.total, 255 * 116 + 580);
			assert.equal((stored.body.receptor as Record<string, unknown>).rfc, 'XAXX010101000');
			assert.ok(invoiced, 'the individual invoice of #8300 was not stamped');
			assert.deepEqual(
				(global.leftOut as Array<Record<string, unknown>>).map((sale) => [sale.ticket, sale.uuid]),
				[[String(INVOICED), invoiced.uuid]],
			);
		},
	);
	const second = await n8n.execute(WORKFLOW_ID);
	timings['execute example 11 again'] = second.cli.ms;
	await checks.check('run again: the same global invoice answered, nothing stamped', () => {
		succeeded(second.run);
		const [again] = outputJson(second.run, 'Create global invoice');
		assert.deepEqual([again.status, again.uuid], ['alreadyStamped', uuid]);
		const stored = [...sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid);
		assert.equal(stored?.stampCount, 1);
	});
}

/**
 * Example 11 stamped after the SAT's 24 hours (any day but the 1st in Mexico City): the execution
 * ends failed at "Fail the execution" and the owner gets one Spanish message without internal codes;
 * on the 1st it succeeds and no message is sent.
 */
async function lateAlertChecks(
	checks: Checks,
	run: Parameters<typeof succeeded>[0],
	mailbox: SmtpMailbox,
	late: boolean,
): Promise<void> {
	await checks.check(
		late
			? "stamped after the SAT's 24 hours: the execution ends failed (Fail the execution) and the owner gets one Spanish e-mail without internal codes"
			: 'stamped in time (the 1st): the execution succeeds and no e-mail is sent',
		async () => {
			if (!late) {
				succeeded(run);
				assert.equal(mailbox.messages.length, 0);
				return;
			}
			assert.equal(run.data.resultData.lastNodeExecuted, 'Fail the execution');
			assert.match(String(run.data.resultData.error?.message), /se timbró tarde/);
			const [message] = await mailbox.waitForMessages(1);
			assert.equal(mailbox.messages.length, 1);
			assert.match(message.subject, /^Factura global de \d\d\/\d{4}: la tienda debe actuar$/);
			assert.match(message.text, /se timbró \d+ horas después de cerrar el mes/);
			assert.doesNotMatch(message.text, /deadlineWarning|needsAttention|HTTP|hours/);
		},
	);
}
