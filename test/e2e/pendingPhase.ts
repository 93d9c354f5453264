/** Headless phase, the pending and review examples: vouchers left pending are stamped or reported with `n8n execute`, the credential saved by the previous run reused, and the review workflow's output checked against the sandbox. */
import assert from 'node:assert/strict';
import type { Sandbox } from '../../sandbox';
import type { Checks } from './checks';
import { type N8nInstance } from './n8n';
import { outputJson, ranNodes } from './executionJson';
import { MISSING_VOUCHER_ID, seedPendingVouchers } from './seed';
import { UUID, WORKFLOW_IDS, requestsSince, count, assertSucceeded } from './cliPhase';

export async function pendingExample(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	seeded: Awaited<ReturnType<typeof seedPendingVouchers>>,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		'Example 2 (stamp pending vouchers, Continue On Fail, summary), sandbox variant, n8n execute',
	);
	const mark = sandbox.requests.length;
	const { run, cli } = await n8n.execute(WORKFLOW_IDS.pendingCli);
	timings['execute example 2'] = cli.ms;
	const requests = requestsSince(sandbox, mark);

	await checks.check(
		'the run succeeds although two vouchers fail (Continue On Fail on Get and Update)',
		() => assertSucceeded(run, cli.code),
	);
	await checks.check(
		'Get pending voucher: four vouchers, and an error item for the unknown id',
		() => {
			const got = outputJson(run, 'Get pending voucher');
			assert.equal(got.length, 5);
			assert.match(String(got[4].error), new RegExp(`^Item 4: .*${MISSING_VOUCHER_ID}.*404`));
			assert.equal(count(requests, 'getVoucher'), 5);
		},
	);
	await checks.check(
		'Update and stamp: the two good vouchers are stamped; the one with wrong totals becomes an error item and stays pending',
		() => {
			const updated = outputJson(run, 'Update and stamp');
			assert.equal(updated.length, 3);
			assert.deepEqual([updated[0].status, updated[2].status], ['stamped', 'stamped']);
			// Refused by the node's own checks or by the service (CFDI40108): either way it names subTotal.
			assert.match(String(updated[1].error), /^Item 1: .*(subTotal|CFDI40108)/i);
			for (const id of seeded.good) {
				const voucher = sandbox.vouchers.get(id)!;
				assert.deepEqual([voucher.state, voucher.stampCount], ['stamped', 1]);
			}
			assert.deepEqual(
				[
					sandbox.vouchers.get(seeded.badTotals)!.state,
					sandbox.vouchers.get(seeded.badTotals)!.stampCount,
				],
				['pending', 0],
			);
			assert.equal(
				sandbox.vouchers.get(seeded.alreadyStamped)!.stampCount,
				1,
				'the already stamped voucher is not sent again',
			);
			const puts = requests
				.filter((request) => request.route === 'updateVoucher')
				.map((request) => Number(request.pathname.split('/').pop()));
			assert.deepEqual(
				puts.filter((id) => id !== seeded.badTotals),
				seeded.good,
			);
		},
	);
	await checks.check(
		'Summary of failures: 5 checked, 3 stamped (one already was), 2 failed, each with its step and error',
		() => {
			const [summary] = outputJson(run, 'Summary of failures');
			assert.equal(summary.checked, 5);
			assert.equal(summary.stamped, 3);
			assert.equal(summary.failed, 2);
			const failures = summary.failures as Array<Record<string, unknown>>;
			assert.deepEqual(
				failures.map((failure) => [failure.voucherId, failure.step]).sort(),
				[
					[MISSING_VOUCHER_ID, 'get'],
					[seeded.badTotals, 'stamp'],
				].sort(),
			);
			const stampFailure = failures.find((failure) => failure.step === 'stamp')!;
			assert.match(String(stampFailure.error), /subTotal|CFDI40108/i);
			assert.ok(Array.isArray(stampFailure.codes));
			assert.match(String(summary.message), /^2 of 5 pending vouchers could not be stamped/);
			const stamped = summary.stampedVouchers as Array<Record<string, unknown>>;
			assert.ok(
				stamped.some(
					(entry) =>
						entry.voucherId === seeded.alreadyStamped && entry.note === 'was already stamped',
				),
			);
		},
	);
	await checks.check(
		'what "Record in pending_vouchers" would write: stamped rows get their UUID, failed rows stay pending with the error',
		() => {
			const writes = outputJson(run, 'Record in pending_vouchers') as Array<{
				where: { voucherId: number };
				set: Record<string, string>;
			}>;
			const byId = new Map(writes.map((write) => [write.where.voucherId, write.set]));
			assert.equal(byId.size, 5);
			for (const id of [...seeded.good, seeded.alreadyStamped]) {
				assert.equal(byId.get(id)!.status, 'stamped');
				assert.match(byId.get(id)!.uuid, UUID);
				assert.equal(byId.get(id)!.lastError, '');
			}
			for (const id of [seeded.badTotals, MISSING_VOUCHER_ID]) {
				assert.equal(byId.get(id)!.status, 'pending');
				assert.ok(byId.get(id)!.lastError.length > 10);
			}
		},
	);
	await checks.check('the credential saved by the previous run is reused: no token call', () => {
		assert.equal(count(requests, 'token'), 0);
	});
}

export async function reviewExample(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		'Example 3 (pending voucher from fields → review → stamp), sandbox credential, n8n execute',
	);
	const mark = sandbox.requests.length;
	const { run, cli } = await n8n.execute(WORKFLOW_IDS.reviewCli);
	timings['execute example 3'] = cli.ms;
	const requests = requestsSince(sandbox, mark);

	await checks.check('the run succeeds and takes the "review passes" branch', () => {
		assertSucceeded(run, cli.code);
		assert.ok(ranNodes(run).includes('Stamp'));
		assert.ok(!ranNodes(run).includes('Not stamped: needs attention'));
	});
	const [saved] = outputJson(run, 'Save as pending');
	await checks.check(
		'Save as pending stores a pending voucher built from the form fields (emitir=false)',
		() => {
			assert.equal(saved.status, 'pending');
			const creates = requests.filter((request) => request.route === 'createVoucher');
			assert.equal(creates.length, 1);
			assert.equal(creates[0].query.emitir, 'false');
			const body = JSON.parse(creates[0].body) as Record<string, any>;
			assert.deepEqual(
				[body.serie, body.total, body.receptor.rfc, body.conceptos[0].cantidad],
				['B', 8500, 'URE180429TM6', '10'],
			);
		},
	);
	await checks.check(
		'Read it back returns the stored voucher; Stamp updates it with the reviewed body and stamps it',
		() => {
			const id = Number(saved.idComprobante);
			const [reviewed] = outputJson(run, 'Read it back');
			assert.deepEqual([reviewed.id, reviewed.subEstatusId, reviewed.uuid], [id, 0, null]);
			const [stamped] = outputJson(run, 'Stamp');
			assert.equal(stamped.status, 'stamped');
			const puts = requests.filter((request) => request.route === 'updateVoucher');
			assert.equal(puts.length, 1);
			assert.equal(puts[0].pathname.endsWith(`/comprobantes/${id}`), true);
			assert.equal(puts[0].query.emitir, 'true');
			const body = JSON.parse(puts[0].body) as Record<string, unknown>;
			assert.equal(body.id, id);
			for (const stateField of ['esValido', 'subEstatusId', 'uuid'])
				assert.ok(!(stateField in body), `the PUT body carries "${stateField}"`);
			const voucher = sandbox.vouchers.get(id)!;
			assert.deepEqual(
				[voucher.state, voucher.stampCount, voucher.uuid],
				['stamped', 1, stamped.uuid],
			);
		},
	);
}
