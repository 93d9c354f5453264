/**
 * The polling trigger in a real n8n: two published workflows (Voucher Stamped, Cancellation Status
 * Changed) whose trigger feeds an HTTP Request node that posts each event to a capture server here.
 * Vouchers are stamped and cancelled straight through the sandbox's API (as another system or the
 * provider's portal would), the recipient accepts through the sandbox; each event must arrive
 * exactly once, and nothing is repeated or missed across an n8n restart.
 *
 * Own n8n user folder, ports and sandbox, so it does not depend on the other phases.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startSandbox } from '../../sandbox';
import { CFDI_CREDENTIAL_TYPE, CFDI_NODE_TYPE, loadExample } from '../support/examples';
import { apiClient, type ApiClient, validVoucher } from '../support/sandboxHelpers';
import type { Checks } from './checks';
import { N8nInstance } from './n8n';
import { outputJson } from './executionJson';
import { installPackage } from './packageInstall';
import type { N8nRuntime } from './runtime';
import {
	cadence,
	WORKFLOWS,
	EXAMPLE_07,
	pollCadence,
	captureServer,
	waitUntil,
	listReadsSince,
	waitForPolls,
	countOf,
	reportsOf,
	OWNER,
	TRIGGER_NODE,
	withAcceptance,
	cancelVoucher,
	stampedBackDated,
	importTriggerWorkflows,
} from './triggerKit';
import {
	StoredCursor,
	sqlite,
	storedStaticData,
	storedCursor,
	changeTriggerSettings,
	executionsOf,
} from './triggerStore';

export async function triggerPhase(
	checks: Checks,
	runtime: N8nRuntime,
	timings: Record<string, number>,
): Promise<void> {
	checks.section(
		'Trigger: an active workflow in n8n sees stamps and cancellations once, also across a restart',
	);
	const log = (line: string) => console.log(`  ${line}`);
	const started = Date.now();
	Object.assign(cadence, pollCadence(runtime));
	log(`trigger workflows poll with cron "${cadence.cron}"`);
	const userFolder = mkdtempSync(join(tmpdir(), 'cfdi-e2e-trigger-'));
	const sandbox = await startSandbox({ host: '127.0.0.1' });
	const capture = await captureServer();
	// n8n's own flatted, to read execution data as the editor does.
	const { parse: parseFlatted } = createRequire(
		join(runtime.dir, 'node_modules', 'n8n', 'package.json'),
	)('flatted') as { parse: (text: string) => unknown };
	let n8n: N8nInstance | undefined;
	try {
		installPackage(userFolder);
		n8n = await N8nInstance.create(runtime, userFolder, log);
		const api: ApiClient = await apiClient(sandbox);
		const cancel = (uuid: string) => cancelVoucher(api, sandbox, uuid);
		const stampBackDated = (hours: number, folio: string) => stampedBackDated(api, hours, folio);
		await importTriggerWorkflows(n8n, sandbox, capture.url);

		await checks.check(
			'example 7 as shipped: CFDI nodes with a placeholder credential, a manual "try it" trigger and a sub-workflow trigger',
			() => {
				const shipped = loadExample('cancelReplace');
				const cfdi = shipped.nodes.filter((node) => node.type === CFDI_NODE_TYPE);
				assert.equal(cfdi.length, 3);
				for (const node of cfdi)
					assert.equal(node.credentials?.[CFDI_CREDENTIAL_TYPE]?.id, 'REPLACE_ME_cfdiEmisionApi');
				assert.deepEqual(
					shipped.nodes
						.filter((node) => /Trigger$/.test(node.type))
						.map((node) => node.type)
						.sort(),
					['n8n-nodes-base.executeWorkflowTrigger', 'n8n-nodes-base.manualTrigger'],
				);
			},
		);
		await checks.check(
			'example 7 (cancel and replace), n8n execute: replacement stamped with relation 04, wrong invoice cancelled with motive 01 and the new UUID',
			async () => {
				const mark = sandbox.requests.length;
				const { run, cli } = await n8n!.execute(EXAMPLE_07.id);
				timings['execute example 7'] = cli.ms;
				assert.equal(run.data.resultData.error, undefined, run.data.resultData.error?.message);
				const [outcome] = outputJson(run, 'Outcome');
				assert.equal(outcome.cancellation, 'pendingAcceptance');
				const replacement = [...sandbox.vouchers.values()].find(
					(voucher) => voucher.uuid === outcome.replacementUuid,
				);
				assert.deepEqual(replacement?.body.cfdiRelacionados, [
					{ tipoRelacion: '04', cfdiRelacionado: [{ uuid: outcome.wrongUuid }] },
				]);
				const cancels = sandbox.requests
					.slice(mark)
					.filter((request) => request.route === 'cancelVoucher');
				assert.equal(cancels.length, 1);
				assert.ok(cancels[0].pathname.endsWith(`/comprobantes/${String(outcome.wrongUuid)}`));
				assert.deepEqual(JSON.parse(cancels[0].body), {
					motivo: '01',
					folioSustitucion: outcome.replacementUuid,
				});
			},
		);
		for (const id of Object.values(WORKFLOWS)) {
			const published = await n8n.cli(['publish:workflow', `--id=${id}`]);
			if (published.code !== 0)
				throw new Error(
					`n8n publish:workflow --id=${id} failed:\n${(published.stdout + published.stderr).slice(-2000)}`,
				);
		}
		const before = (await api.stamp(withAcceptance())).uuid;
		await cancel((await api.stamp()).uuid);
		// Outside the windows at activation (1 hour, 1 day): raising the windows later must not report them.
		const beforeLate = await stampBackDated(5, 'before activation, 5 h back');
		const beforeOldCancel = await stampBackDated(50, 'before activation, 50 h back');
		assert.equal((await cancel(beforeOldCancel)).subEstatusId, 3);
		const beforeActivation = [before, beforeLate, beforeOldCancel];

		await checks.check(
			'n8n start activates both trigger workflows; their first polls report nothing already there',
			async () => {
				timings['trigger phase: n8n start'] = await n8n!.start();
				await n8n!.setupOwner(OWNER);
				await waitUntil(
					'the activation polls of both workflows',
					() => listReadsSince(sandbox, started) >= 2,
				);
				await waitForPolls(sandbox, 2);
				assert.deepEqual(capture.events, []);
			},
		);

		const stamped = (await api.stamp(withAcceptance())).uuid;
		await checks.check(
			'a voucher stamped through the API is reported by Voucher Stamped once',
			async () => {
				await waitUntil(
					'the Voucher Stamped event',
					() => countOf(capture.events, 'voucherStamped', stamped, 'stamped') > 0,
				);
				await waitForPolls(sandbox, cadence.confirmReads);
				assert.equal(countOf(capture.events, 'voucherStamped', stamped, 'stamped'), 1);
				assert.equal(
					capture.events.filter((e) => e.uuid === before).length,
					0,
					'a voucher stamped before activation was reported',
				);
			},
		);

		await checks.check(
			'a cancellation waiting for the recipient, then accepted: each change reported once',
			async () => {
				assert.equal((await cancel(stamped)).subEstatusId, 4);
				await waitUntil(
					'the pendingAcceptance event',
					() =>
						countOf(capture.events, 'cancellationStatusChanged', stamped, 'pendingAcceptance') > 0,
				);
				sandbox.resolveCancellation(stamped, 'accepted');
				await waitUntil(
					'the cancelled event',
					() => countOf(capture.events, 'cancellationStatusChanged', stamped, 'cancelled') > 0,
				);
				await waitForPolls(sandbox, cadence.confirmReads);
				assert.equal(
					countOf(capture.events, 'cancellationStatusChanged', stamped, 'pendingAcceptance'),
					1,
				);
				const accepted = capture.events.filter(
					(e) =>
						e.event === 'cancellationStatusChanged' &&
						e.uuid === stamped &&
						e.status === 'cancelled',
				);
				assert.equal(accepted.length, 1);
				assert.equal(accepted[0].previousStatus, 'pendingAcceptance');
			},
		);

		const notBeforeActivation = () =>
			assert.deepEqual(
				capture.events.filter((e) => beforeActivation.includes(e.uuid)),
				[],
				'a voucher stamped before activation was reported',
			);
		const activatedAt = storedCursor(runtime, userFolder, WORKFLOWS.stamped).activatedAt;
		let lateA = '';
		let oldCancelledLater = '';
		await checks.check(
			'editor: Late Voucher Window 1 -> 72 h and Watch Window 1 -> 3 days, saved and published: nothing from before activation is reported, vouchers stamped later inside the wider windows are, once',
			async () => {
				const changing = Date.now();
				await changeTriggerSettings(n8n!, WORKFLOWS.stamped, { lateWindowHours: undefined });
				await changeTriggerSettings(n8n!, WORKFLOWS.cancellation, { watchDays: 3 });
				// n8n kept the cursor across the update and the new activation (it was not started afresh).
				assert.equal(storedCursor(runtime, userFolder, WORKFLOWS.stamped).activatedAt, activatedAt);
				assert.equal(typeof activatedAt, 'number');
				lateA = await stampBackDated(5, 'after the raise, 5 h back');
				oldCancelledLater = await stampBackDated(50, 'after the raise, 50 h back');
				assert.equal((await cancel(oldCancelledLater)).subEstatusId, 3);
				await waitUntil(
					'the events of the vouchers stamped after the raise',
					() =>
						reportsOf(capture.events, 'voucherStamped', lateA) > 0 &&
						reportsOf(capture.events, 'voucherStamped', oldCancelledLater) > 0 &&
						countOf(capture.events, 'cancellationStatusChanged', oldCancelledLater, 'cancelled') >
							0,
				);
				timings['trigger phase: windows raised'] = Date.now() - changing;
				assert.equal(reportsOf(capture.events, 'voucherStamped', lateA), 1);
				assert.equal(reportsOf(capture.events, 'voucherStamped', oldCancelledLater), 1);
				assert.equal(reportsOf(capture.events, 'cancellationStatusChanged', oldCancelledLater), 1);
				notBeforeActivation();
			},
		);

		await checks.check(
			'editor: Late Voucher Window lowered to 1 h and published, then raised to 72 h and published: nothing is reported again, a voucher stamped later 6 h back is reported once',
			async () => {
				const changing = Date.now();
				await changeTriggerSettings(n8n!, WORKFLOWS.stamped, { lateWindowHours: 1 });
				// The first poll with 1 h forgot the vouchers dated before it and the 14 h margin the list's
				// unknown zone needs (n8n saved that cursor on activation): 50 h back is gone, 5 h back is kept.
				const lowered = storedCursor(runtime, userFolder, WORKFLOWS.stamped);
				assert.ok(
					lowered.vouchers && !(oldCancelledLater in lowered.vouchers),
					`the lowered cursor still remembers ${oldCancelledLater}`,
				);
				assert.ok(
					lateA in lowered.vouchers,
					`the lowered cursor forgot ${lateA} within its margin`,
				);
				await changeTriggerSettings(n8n!, WORKFLOWS.stamped, { lateWindowHours: undefined });
				assert.equal(storedCursor(runtime, userFolder, WORKFLOWS.stamped).activatedAt, activatedAt);
				const lateB = await stampBackDated(6, 'after lower and raise, 6 h back');
				await waitUntil(
					'the event of the voucher stamped after lower and raise',
					() => reportsOf(capture.events, 'voucherStamped', lateB) > 0,
				);
				timings['trigger phase: window lowered, raised'] = Date.now() - changing;
				assert.equal(reportsOf(capture.events, 'voucherStamped', lateB), 1);
				for (const uuid of [lateA, oldCancelledLater])
					assert.equal(
						reportsOf(capture.events, 'voucherStamped', uuid),
						1,
						`${uuid} reported again`,
					);
				notBeforeActivation();
			},
		);

		const eventsBeforeRestart = capture.events.length;
		let whileCorrupt = '';
		let errorExecutionsBefore = 0;
		await checks.check(
			"n8n stopped, the Voucher Stamped cursor garbled in n8n's database, a voucher stamped meanwhile: after the restart one error execution says the cursor was unreadable and rebuilt, that voucher is reported once, nothing else again",
			async () => {
				errorExecutionsBefore = (await executionsOf(n8n!, WORKFLOWS.stamped)).filter(
					(execution) => execution.status === 'error',
				).length;
				await n8n!.stop();
				const staticData = storedStaticData(runtime, userFolder, WORKFLOWS.stamped);
				const cursor = staticData[`node:${TRIGGER_NODE}`] as StoredCursor;
				assert.equal(typeof cursor?.polledUntil, 'number');
				// Garbage where the time of the last poll was; the remembered vouchers stay readable.
				staticData[`node:${TRIGGER_NODE}`] = { ...cursor, polledUntil: 'garbage' };
				sqlite(runtime, userFolder, 'UPDATE workflow_entity SET staticData = ? WHERE id = ?', [
					JSON.stringify(staticData),
					WORKFLOWS.stamped,
				]);
				assert.equal(storedCursor(runtime, userFolder, WORKFLOWS.stamped).polledUntil, 'garbage');
				whileCorrupt = (await api.stamp(validVoucher({ folio: 'while the cursor was garbled' })))
					.uuid;

				n8n = await N8nInstance.create(runtime, userFolder, log);
				timings['trigger phase: n8n restart'] = await n8n.start();
				await n8n.rest('POST', '/login', {
					emailOrLdapLoginId: OWNER.email,
					password: OWNER.password,
				});
				await waitUntil(
					'the event of the voucher stamped while the cursor was garbled',
					() => reportsOf(capture.events, 'voucherStamped', whileCorrupt) > 0,
				);
				await waitForPolls(sandbox, cadence.confirmReads);
				assert.deepEqual(
					capture.events.slice(eventsBeforeRestart).map((e) => [e.event, e.uuid]),
					[['voucherStamped', whileCorrupt]],
				);
				const stored = storedCursor(runtime, userFolder, WORKFLOWS.stamped);
				assert.equal(typeof stored.polledUntil, 'number', 'the cursor was not rebuilt');
				assert.equal(stored.activatedAt, activatedAt);

				const failed = (await executionsOf(n8n, WORKFLOWS.stamped)).filter(
					(execution) => execution.status === 'error',
				);
				assert.equal(failed.length, errorExecutionsBefore + 1, JSON.stringify(failed));
				const newest = failed.reduce((a, b) => (Number(b.id) > Number(a.id) ? b : a));
				const execution = await n8n.rest<{ data: string; mode: string }>(
					'GET',
					`/executions/${newest.id}`,
				);
				const data = parseFlatted(execution.data) as {
					resultData: { error?: { message?: string; description?: string } };
				};
				assert.equal(
					data.resultData.error?.message,
					"The trigger's memory of the events it reported was unreadable (no time of the last poll); it was rebuilt.",
				);
				assert.match(
					String(data.resultData.error?.description),
					/Nothing it had reported is reported again/,
				);
				assert.equal(
					(await executionsOf(n8n, WORKFLOWS.cancellation)).filter((e) => e.status === 'error')
						.length,
					0,
				);
			},
		);

		await checks.check(
			'after the restart a new stamp and its cancellation are reported once each',
			async () => {
				const uuid = (await api.stamp()).uuid;
				assert.equal((await cancel(uuid)).subEstatusId, 3);
				await waitUntil(
					'both events of the new voucher',
					() =>
						countOf(capture.events, 'voucherStamped', uuid, 'cancelled') +
							countOf(capture.events, 'voucherStamped', uuid, 'stamped') >
							0 && countOf(capture.events, 'cancellationStatusChanged', uuid, 'cancelled') > 0,
				);
				await waitForPolls(sandbox, cadence.confirmReads);
				assert.equal(
					capture.events.filter((e) => e.event === 'voucherStamped' && e.uuid === uuid).length,
					1,
				);
				assert.equal(countOf(capture.events, 'cancellationStatusChanged', uuid, 'cancelled'), 1);
				assert.equal(
					capture.events.length,
					eventsBeforeRestart + 3,
					JSON.stringify(capture.events),
				);
			},
		);

		await checks.check(
			'over the whole run every event arrived exactly once and nothing stamped before activation arrived',
			() => {
				const seen = new Map<string, number>();
				for (const e of capture.events)
					seen.set(
						`${e.event} ${e.uuid} ${e.status}`,
						(seen.get(`${e.event} ${e.uuid} ${e.status}`) ?? 0) + 1,
					);
				assert.deepEqual(
					[...seen].filter(([, count]) => count > 1),
					[],
				);
				notBeforeActivation();
			},
		);
	} finally {
		await n8n?.stop().catch(() => undefined);
		await sandbox.close().catch(() => undefined);
		capture.server.close();
		if (!process.env.CFDI_E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
		timings['trigger phase (total)'] = Date.now() - started;
	}
}
