/**
 * The duplicate check in the real n8n (`n8n execute`, version 1.1 nodes): the same order, payment,
 * refund and month-end run delivered twice in separate executions give one voucher each; the second
 * execution returns the first's UUID as alreadyStamped and sends nothing but its list read. A sale
 * already invoiced to its customer is left out of the global invoice.
 *
 * A sale's identity (issue 27): the same JSON voucher without a key executed three times is one
 * invoice; another shop's order with the same number is a folio collision (never the first shop's
 * voucher) or, with a series per shop, its own invoice; an order edited after its invoice says its
 * total changed; credit notes against one invoice are summed across executions.
 */
import assert from 'node:assert/strict';

import type { Sandbox } from '../../sandbox';
import type { Checks } from './checks';
import { type N8nInstance } from './n8n';
import { outputJson, type ExecutionJson } from './executionJson';
import {
	TICKETS,
	ORDER,
	OTHER_SHOP_ORDER,
	REFUNDS,
	REFUND_AMOUNT,
	DUPLICATE_WORKFLOWS,
	DAILY_TICKETS,
	DAILY_FOLIO,
	creditWorkflow,
	twice,
} from './duplicateWorkflows';
import { shownError, succeeded } from './executionJson';

export async function duplicatePhase(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	credential: { id: string; name: string },
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		'Duplicate check (version 1.1 nodes): the same sale delivered twice in separate executions, n8n execute',
	);
	const stampedWith = (predicate: (body: Record<string, unknown>) => boolean) =>
		[...sandbox.vouchers.values()].filter(
			(voucher) => voucher.state === 'stamped' && predicate(voucher.body),
		);

	const order = await twice(n8n, sandbox, DUPLICATE_WORKFLOWS.order, timings, 'duplicate: order');
	await checks.check(
		'an order delivered twice: one invoice (A-4242); the second execution returns its UUID as alreadyStamped and sends only the list read',
		() => {
			order.runs.forEach(succeeded);
			assert.equal(order.first.status, 'stamped', JSON.stringify(order.first));
			assert.deepEqual(
				[order.second.status, order.second.uuid, order.second.series, order.second.folio],
				['alreadyStamped', order.first.uuid, 'A', '4242'],
			);
			assert.equal(
				(order.second.duplicateCheck as Record<string, unknown>).key,
				`order:${ORDER.id}`,
			);
			assert.deepEqual(order.routes[1], ['listVouchers']);
			assert.equal(stampedWith((body) => body.serie === 'A' && body.folio === '4242').length, 1);
		},
	);

	const unkeyed = await twice(
		n8n,
		sandbox,
		DUPLICATE_WORKFLOWS.unkeyed,
		timings,
		'duplicate: JSON voucher without key',
		3,
	);
	await checks.check(
		"the same JSON voucher (no Duplicate Check Key, no folio) executed three times: one invoice, folio C-<content fingerprint>; the 2nd and 3rd return it with a note on stamping a deliberate second, sending only the list read and the twin's XML (its fiscal fields compared)",
		() => {
			unkeyed.runs.forEach(succeeded);
			const [first, second, third] = unkeyed.outputs;
			assert.equal(first.status, 'stamped', JSON.stringify(first));
			assert.match(String(first.folio), /^C-[0-9A-F]{8}$/);
			for (const again of [second, third]) {
				assert.deepEqual(
					[again.status, again.uuid, again.folio],
					['alreadyStamped', first.uuid, first.folio],
				);
				const check = again.duplicateCheck as Record<string, unknown>;
				assert.equal(check.key, `content:${String(first.folio).slice(2)}`);
				assert.match(String(check.note), /map a Duplicate Check Key that tells the sales apart/);
			}
			assert.deepEqual(unkeyed.routes.slice(1), [
				['listVouchers', 'downloadXml'],
				['listVouchers', 'downloadXml'],
			]);
			const stored = stampedWith((body) =>
				JSON.stringify(body.conceptos).includes('the same JSON voucher executed three times'),
			);
			assert.deepEqual(
				stored.map((voucher) => [voucher.uuid, voucher.body.folio]),
				[[first.uuid, first.folio]],
			);
		},
	);

	const otherShop = await twice(
		n8n,
		sandbox,
		DUPLICATE_WORKFLOWS.otherShop,
		timings,
		"duplicate: another shop's #4242, series A",
		1,
	);
	await checks.check(
		"two shops, both with order #4242, one series: the second shop's order fails as a folio collision naming both sales (the listed UUID, both recipients and totals) and how to keep shops apart; nothing stamped, never the first shop's voucher",
		() => {
			const [run] = otherShop.runs;
			assert.deepEqual(outputJson(run, 'CFDI'), []);
			const { message, description } = shownError(run);
			assert.match(message, /Folio collision: series A folio 4242 already documents another sale/);
			assert.ok(message.includes(`UUID ${String(order.first.uuid)}`), message);
			assert.ok(message.includes('recipient URE180429TM6, total 1508.00'), message);
			assert.ok(message.includes(`order:${OTHER_SHOP_ORDER.id}`), message);
			assert.ok(message.includes('recipient XOJI740919U48, total 1508.00'), message);
			assert.match(description, /Nothing was sent/);
			assert.match(description, /its own series/);
			assert.deepEqual(otherShop.routes[0], ['listVouchers']);
			assert.equal(
				stampedWith((body) => (body.receptor as Record<string, unknown>).rfc === 'XOJI740919U48')
					.length,
				0,
			);
		},
	);

	const seriesB = await twice(
		n8n,
		sandbox,
		DUPLICATE_WORKFLOWS.otherShopSeries,
		timings,
		"duplicate: another shop's #4242, series B",
	);
	await checks.check(
		"two shops with a series each (A and B): the second shop's order #4242 is its own invoice B-4242 to its customer; re-delivered, it returns that invoice, not shop A's",
		() => {
			seriesB.runs.forEach(succeeded);
			assert.deepEqual(
				[seriesB.first.status, seriesB.first.series, seriesB.first.folio],
				['stamped', 'B', '4242'],
				JSON.stringify(seriesB.first),
			);
			assert.equal(seriesB.first.recipientRfc, 'XOJI740919U48');
			assert.notEqual(seriesB.first.uuid, order.first.uuid);
			assert.deepEqual(
				[seriesB.second.status, seriesB.second.uuid, seriesB.second.recipientRfc],
				['alreadyStamped', seriesB.first.uuid, 'XOJI740919U48'],
			);
			assert.deepEqual(seriesB.routes[1], ['listVouchers']);
			const stored = stampedWith((body) => body.folio === '4242').map((voucher) => [
				voucher.body.serie,
				(voucher.body.receptor as Record<string, unknown>).rfc,
			]);
			assert.deepEqual(stored, [
				['A', 'URE180429TM6'],
				['B', 'XOJI740919U48'],
			]);
		},
	);

	const edited = await twice(
		n8n,
		sandbox,
		DUPLICATE_WORKFLOWS.edited,
		timings,
		'duplicate: order edited after its invoice',
		1,
	);
	await checks.check(
		'order #4242 edited after its invoice (1508.00 -> 2088.00) and re-delivered: not a plain alreadyStamped; the output gives both totals and what to do (an additional invoice or a credit note); nothing sent but the list read',
		() => {
			edited.runs.forEach(succeeded);
			const [item] = edited.outputs;
			assert.deepEqual([item.status, item.uuid], ['alreadyStamped', order.first.uuid]);
			const changed = (item.duplicateCheck as Record<string, unknown>).totalChanged as Record<
				string,
				unknown
			>;
			assert.deepEqual([changed?.invoiced, changed?.now], ['1508.00', '2088.00']);
			assert.match(String(item.message), /for 1508\.00, but the sale now totals 2088\.00/);
			assert.match(String(item.message), /additional invoice/);
			assert.match(String(item.message), /credit note/);
			assert.deepEqual(edited.routes[0], ['listVouchers']);
			assert.deepEqual(
				stampedWith((body) => body.serie === 'A' && body.folio === '4242').map(
					(voucher) => voucher.body.total,
				),
				[1508],
			);
		},
	);

	const invoice = String(order.first.uuid ?? '');
	const credits: Array<{ run: ExecutionJson; routes: string[] }> = [];
	if (invoice) {
		const imported = await n8n.importWorkflows(
			DUPLICATE_WORKFLOWS.credits.map((id, index) =>
				creditWorkflow(id, REFUNDS[index], invoice, credential),
			),
		);
		timings['n8n import:workflow (the two credit notes)'] = imported.ms;
		for (const [index, id] of DUPLICATE_WORKFLOWS.credits.entries()) {
			const mark = sandbox.requests.length;
			const { run, cli } = await n8n.execute(id);
			timings[`execute duplicate: credit note ${index + 1}`] = cli.ms;
			credits.push({
				run,
				routes: sandbox.requests
					.slice(mark)
					.filter((request) => request.server === 'api')
					.map((request) => request.route),
			});
		}
	}
	await checks.check(
		"credit notes summed across executions: 1000.00 then another 1000.00 against order #4242's invoice of 1508.00; the second is refused with the three figures (already credited, this credit note, the invoice total), nothing sent for it",
		() => {
			assert.equal(credits.length, 2, 'order #4242 was not invoiced, so nothing to credit');
			const [first, second] = credits;
			succeeded(first.run);
			const [note] = outputJson(first.run, 'CFDI');
			assert.equal(note?.status, 'stamped', JSON.stringify(note));
			assert.deepEqual(outputJson(second.run, 'CFDI'), []);
			const { message, description } = shownError(second.run);
			assert.ok(
				message.includes(
					`This credit note would credit more than invoice ${invoice} totals: already credited 1000.00 MXN (credit notes ${String(note.uuid)} 1000.00 MXN), this credit note 1000.00 MXN, invoice total 1508.00 MXN.`,
				),
				message,
			);
			assert.match(description, /Nothing was sent\. Credit at most 508\.00 MXN/);
			assert.ok(
				second.routes.every((route) => route !== 'createVoucher' && route !== 'updateVoucher'),
				second.routes.join(', '),
			);
			const creditNotes = stampedWith(
				(body) =>
					body.tipoDeComprobante === 'E' && JSON.stringify(body.cfdiRelacionados).includes(invoice),
			);
			assert.deepEqual(
				creditNotes.map((voucher) => [voucher.uuid, voucher.body.folio, voucher.body.total]),
				[[note.uuid, REFUNDS[0], REFUND_AMOUNT]],
			);
		},
	);

	const payment = await twice(
		n8n,
		sandbox,
		DUPLICATE_WORKFLOWS.payment,
		timings,
		'duplicate: payment',
	);
	await checks.check(
		'a payment receipted twice: one receipt (folio from the invoice UUID and installment); the second returns it',
		() => {
			payment.runs.forEach(succeeded);
			assert.equal(payment.first.status, 'stamped', JSON.stringify(payment.first));
			assert.deepEqual(
				[payment.second.status, payment.second.uuid, payment.second.folio],
				['alreadyStamped', payment.first.uuid, '7A1B2C3D-P1'],
			);
			// Before the Duplicate Check answers, the ledger reads the invoice's XML and the list: an
			// installment already used for another amount is refused, not answered with that receipt.
			assert.deepEqual(payment.routes[1], ['downloadXml', 'listVouchers']);
			assert.equal(stampedWith((body) => body.folio === '7A1B2C3D-P1').length, 1);
		},
	);

	const refund = await twice(
		n8n,
		sandbox,
		DUPLICATE_WORKFLOWS.refund,
		timings,
		'duplicate: refund',
	);
	await checks.check(
		'a refund credited twice (Duplicate Check Key = refund id): one credit note; the second returns it',
		() => {
			refund.runs.forEach(succeeded);
			assert.equal(refund.first.status, 'stamped', JSON.stringify(refund.first));
			assert.deepEqual(
				[refund.second.status, refund.second.uuid, refund.second.folio],
				['alreadyStamped', refund.first.uuid, 'RF-9001'],
			);
			assert.equal(
				stampedWith((body) => body.tipoDeComprobante === 'E' && body.folio === 'RF-9001').length,
				1,
			);
		},
	);

	const ticket = await n8n.execute(DUPLICATE_WORKFLOWS.ticket);
	timings['execute duplicate: ticket invoiced'] = ticket.cli.ms;
	const global = await twice(
		n8n,
		sandbox,
		DUPLICATE_WORKFLOWS.global,
		timings,
		'duplicate: global invoice',
	);
	await checks.check(
		'a ticket already invoiced to its customer is left out of the global invoice; the global invoice built twice is stamped once',
		() => {
			succeeded(ticket.run);
			global.runs.forEach(succeeded);
			const individual = outputJson(ticket.run, 'CFDI')[0];
			assert.equal(global.first.status, 'stamped', JSON.stringify(global.first));
			const leftOut = global.first.leftOut as Array<Record<string, unknown>>;
			assert.deepEqual(
				leftOut.map((sale) => [sale.ticket, sale.uuid]),
				[[TICKETS[1], individual.uuid]],
			);
			const [stored] = stampedWith((body) => body.serie === 'F' && body.folio === 'G202405-04');
			assert.deepEqual(
				(stored.body.conceptos as Array<Record<string, unknown>>).map(
					(concepto) => concepto.noIdentificacion,
				),
				[TICKETS[0], TICKETS[2]],
			);
			assert.deepEqual(
				[global.second.status, global.second.uuid],
				['alreadyStamped', global.first.uuid],
			);
			assert.equal(
				stampedWith((body) => body.serie === 'F' && body.folio === 'G202405-04').length,
				1,
			);
		},
	);

	const daily: ExecutionJson[] = [];
	for (const id of [DUPLICATE_WORKFLOWS.dailyFirst, DUPLICATE_WORKFLOWS.dailyNext]) {
		const { run, cli } = await n8n.execute(id);
		timings[`execute ${id}`] = cli.ms;
		daily.push(run);
	}
	await checks.check(
		"the overlapping daily global invoice: today's run of tickets 1-5 declares 4 and 5 only and lists 1-3 as declared in yesterday's",
		() => {
			daily.forEach(succeeded);
			const [first, next] = daily.map((run) => outputJson(run, 'CFDI')[0] ?? {});
			assert.equal(first.status, 'stamped', JSON.stringify(first));
			assert.equal(next.status, 'stamped', JSON.stringify(next));
			const leftOut = next.leftOut as Array<Record<string, unknown>>;
			assert.deepEqual(
				leftOut.map((sale) => [sale.ticket, sale.uuid, sale.reason]),
				DAILY_TICKETS.slice(0, 3).map((ticket) => [
					ticket,
					first.uuid,
					'already declared in a global invoice of an overlapping period',
				]),
			);
			const stored = stampedWith(
				(body) => body.serie === 'F' && String(body.folio).startsWith(DAILY_FOLIO),
			).map((voucher) =>
				(voucher.body.conceptos as Array<Record<string, unknown>>).map(
					(concepto) => concepto.noIdentificacion,
				),
			);
			assert.deepEqual(stored, [DAILY_TICKETS.slice(0, 3), DAILY_TICKETS.slice(3)]);
		},
	);
}
