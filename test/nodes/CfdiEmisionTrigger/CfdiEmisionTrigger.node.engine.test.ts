/**
 * The trigger through n8n-core's engine against the sandbox: its events polled from the voucher list.
 *
 * Also covers: nodes/CfdiEmision/trigger.ts (the one module the trigger imports from the action node).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { mexicoCityDateTime } from '../../../sandbox/clock';
import { apiClient, type ApiClient, validVoucher } from '../../support/sandboxHelpers';
import { Engine } from '../../support/engine/engine';
import { stampedUuid, useSandboxEngine } from '../../support/nodeTestKit';
import { fetchTestEvent, pollTrigger } from '../../support/pollTrigger';
import { account, routes, sandboxCredential } from '../../support/sandboxCredential';

const kit = useSandboxEngine();
/** The zone margin of every read of the list (issue 39). */
const MARGIN = 14 * 3600;
const stampedEvent: INodeParameters = { event: 'voucherStamped' };
const cancellationEvent: INodeParameters = { event: 'cancellationStatusChanged' };
/** A named recipient and a total above 1,000 MXN: the cancellation waits for the recipient. */
const withAcceptance = () =>
	validVoucher({
		receptor: {
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			usoCFDI: 'G03',
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '65000',
		},
	});

let api: ApiClient;
beforeEach(async () => {
	api = await apiClient(kit.sandbox);
});

/** Cancels through the node's Voucher → Cancel; returns the subEstatusId it reports. */
async function cancelVoucher(uuid: string): Promise<number> {
	const { items, error } = await kit.engine.runNode(
		{ resource: 'voucher', operation: 'cancel', uuid, motive: '02' },
		[{}],
	);
	if (error) throw error;
	return Number(items[0].json.subEstatusId);
}

/** A restarted n8n: a new engine (nothing in memory, the credential signs in again) with the saved static data. */
function restartedEngine(): Engine {
	const engine = new Engine();
	engine.setCredential(sandboxCredential(kit.sandbox));
	return engine;
}

const uuidsOf = (items: Array<{ json: IDataObject }> | null) =>
	(items ?? []).map((item) => item.json.uuid);

describe('trigger: Voucher Stamped', () => {
	test('first activation reports nothing; a voucher stamped later is reported once, also across a restart', async () => {
		const before = (await api.stamp()).uuid;
		const first = await pollTrigger(kit.engine, stampedEvent);
		expect(first.items).toBeNull();
		expect(first.changed).toBe(true);
		expect(first.nodeData).toMatchObject({
			version: 2,
			event: 'voucherStamped',
			vouchers: { [before]: [2, expect.any(Number)] },
		});
		expect(Number(first.nodeData.coveredFrom)).toBe(
			Number(first.nodeData.activatedAt) - 72 * 3600 - MARGIN,
		);

		// The list request: the issuer's list with a Unix-seconds window reaching 72 hours back, and
		// the zone margin further both ways (the zone of the list's dates is not known).
		const [list] = routes(kit.sandbox, 'listVouchers');
		expect(list.pathname).toBe(`/businessEmision/api/v1/emisores/${account.emisorId}/comprobantes`);
		expect(Number(list.query.ffinal) - Number(list.query.finicial)).toBe(
			72 * 3600 + 600 + 2 * MARGIN,
		);
		expect(list.query).toMatchObject({
			nocomprobante: '0',
			tipoConfirmacionId: '0',
			skip: '0',
			take: '100',
		});
		expect(
			Math.abs(Number(list.query.finicial) + 72 * 3600 + MARGIN - Date.now() / 1000),
		).toBeLessThan(120);

		const uuid = await stampedUuid(kit.engine);
		const second = await pollTrigger(kit.engine, stampedEvent, first.staticData);
		expect(second.items).toEqual([
			{
				json: {
					event: 'voucherStamped',
					uuid,
					voucherId: expect.any(Number),
					date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
					status: 'stamped',
					subEstatusId: 2,
					statusDescription: 'Timbrado',
					series: 'A',
					folio: null,
					recipientRfc: 'URE180429TM6',
					recipientName: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
					subtotal: 1000.75,
					total: 1000.75,
					currency: 'MXN',
				},
			},
		]);
		const third = await pollTrigger(kit.engine, stampedEvent, second.staticData);
		expect(third.items).toBeNull();

		const afterRestart = await pollTrigger(restartedEngine(), stampedEvent, third.staticData);
		expect(afterRestart.items).toBeNull();
		const later = (await api.stamp()).uuid;
		const next = await pollTrigger(restartedEngine(), stampedEvent, afterRestart.staticData);
		expect(uuidsOf(next.items)).toEqual([later]);
	});

	test('reports a back-dated voucher (noCalcularFecha) and every voucher stamped between two polls, oldest first, across list pages', async () => {
		const first = await pollTrigger(kit.engine, stampedEvent);
		const stamped: string[] = [];
		const backDated = await api.create(
			validVoucher({ fecha: mexicoCityDateTime(Date.now() - 5 * 3600_000), folio: 'late' }),
			'emitir=true&noCalcularFecha=true',
		);
		const lateUuid = ((await backDated.json()) as { uuid: string }).uuid;
		for (let i = 0; i < 130; i++)
			stamped.push((await api.stamp(validVoucher({ folio: String(i) }))).uuid);
		const second = await pollTrigger(kit.engine, stampedEvent, first.staticData);
		expect(second.items).toHaveLength(131);
		expect(second.items?.[0].json).toMatchObject({ uuid: lateUuid, folio: 'late' });
		expect(new Set(uuidsOf(second.items))).toEqual(new Set([lateUuid, ...stamped]));
		expect(routes(kit.sandbox, 'listVouchers').length).toBeGreaterThanOrEqual(3);
		expect((await pollTrigger(kit.engine, stampedEvent, second.staticData)).items).toBeNull();
	});

	test('filters by series and recipient without reporting filtered vouchers later', async () => {
		const params = { ...stampedEvent, filters: { series: 'B, F', recipientRfc: 'xaxx010101000' } };
		const first = await pollTrigger(kit.engine, params);
		const inA = (await api.stamp(validVoucher({ serie: 'A' }))).uuid;
		const inF = (await api.stamp(validVoucher({ serie: 'F' }))).uuid;
		await api.stamp(validVoucher({ serie: 'B', receptor: withAcceptance().receptor }));
		const second = await pollTrigger(kit.engine, params, first.staticData);
		expect(uuidsOf(second.items)).toEqual([inF]);
		const unfiltered = await pollTrigger(kit.engine, stampedEvent, second.staticData);
		expect(unfiltered.items).toBeNull();
		expect(unfiltered.nodeData.vouchers).toHaveProperty(inA);
	});

	test('a failed poll remembers nothing, so the next poll still reports what was stamped meanwhile', async () => {
		const first = await pollTrigger(kit.engine, stampedEvent);
		const uuid = (await api.stamp()).uuid;
		kit.sandbox.injectFault({
			route: 'listVouchers',
			kind: 'status',
			status: 500,
			body: '{"message":"An error has occurred."}',
		});
		await expect(pollTrigger(kit.engine, stampedEvent, first.staticData)).rejects.toThrow(
			'Could not read the voucher list: the service answered HTTP 500 (An error has occurred.)',
		);
		const retried = await pollTrigger(kit.engine, stampedEvent, first.staticData);
		expect(uuidsOf(retried.items)).toEqual([uuid]);
	});

	test('switching the event starts again from now instead of reporting the past', async () => {
		const stamped = await pollTrigger(kit.engine, stampedEvent);
		const { uuid } = await api.stamp();
		expect(await cancelVoucher(uuid)).toBe(3);
		const switched = await pollTrigger(kit.engine, cancellationEvent, stamped.staticData);
		expect(switched.items).toBeNull();
		expect(switched.nodeData).toMatchObject({
			event: 'cancellationStatusChanged',
			vouchers: { [uuid]: [3, expect.any(Number)] },
		});
	});

	test('Fetch Test Event returns the newest stamped voucher', async () => {
		await api.stamp(validVoucher({ folio: 'older' }));
		const newest = (await api.stamp(validVoucher({ folio: 'newer' }))).uuid;
		const { items, error } = await fetchTestEvent(kit.engine, stampedEvent);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({ event: 'voucherStamped', uuid: newest, folio: 'newer' }),
		]);
	});
});

describe('trigger: Cancellation Status Changed', () => {
	test('waiting for acceptance, then accepted: each change reported once, also across a restart', async () => {
		const { uuid } = await api.stamp(withAcceptance());
		const first = await pollTrigger(kit.engine, cancellationEvent);
		expect(first.items).toBeNull();

		expect(await cancelVoucher(uuid)).toBe(4);
		const waiting = await pollTrigger(kit.engine, cancellationEvent, first.staticData);
		expect(waiting.items?.map((item) => item.json)).toEqual([
			expect.objectContaining({
				event: 'cancellationStatusChanged',
				uuid,
				status: 'pendingAcceptance',
				previousStatus: 'stamped',
				subEstatusId: 4,
				statusDescription: 'En proceso',
			}),
		]);
		expect((await pollTrigger(kit.engine, cancellationEvent, waiting.staticData)).items).toBeNull();

		kit.sandbox.resolveCancellation(uuid, 'accepted');
		const accepted = await pollTrigger(restartedEngine(), cancellationEvent, waiting.staticData);
		expect(accepted.items?.map((item) => item.json)).toEqual([
			expect.objectContaining({
				uuid,
				status: 'cancelled',
				previousStatus: 'pendingAcceptance',
				subEstatusId: 3,
				statusDescription: 'Cancelado con aceptación',
			}),
		]);
		expect(
			(await pollTrigger(restartedEngine(), cancellationEvent, accepted.staticData)).items,
		).toBeNull();
	});

	test('reports an immediate cancellation and a rejection; Report Statuses narrows what starts the workflow', async () => {
		const immediate = (await api.stamp()).uuid;
		const rejected = (await api.stamp(withAcceptance())).uuid;
		const params = { ...cancellationEvent, statuses: ['cancelled', 'rejected'] };
		const first = await pollTrigger(kit.engine, params);

		await cancelVoucher(immediate);
		await cancelVoucher(rejected);
		const second = await pollTrigger(kit.engine, params, first.staticData);
		expect(second.items?.map((item) => [item.json.uuid, item.json.status])).toEqual([
			[immediate, 'cancelled'],
		]);

		kit.sandbox.resolveCancellation(rejected, 'rejected');
		const third = await pollTrigger(kit.engine, params, second.staticData);
		expect(third.items?.map((item) => item.json)).toEqual([
			expect.objectContaining({
				uuid: rejected,
				status: 'rejected',
				previousStatus: 'pendingAcceptance',
				subEstatusId: 2,
			}),
		]);
		// A rejected voucher is plainly stamped again: nothing is kept for it.
		expect(third.nodeData.vouchers).not.toHaveProperty(rejected);
	});

	test('looks back over the watch window (30 days by default)', async () => {
		await pollTrigger(kit.engine, cancellationEvent);
		const [list] = routes(kit.sandbox, 'listVouchers');
		expect(Number(list.query.ffinal) - Number(list.query.finicial)).toBe(
			30 * 86_400 + 600 + 2 * MARGIN,
		);
	});
});

describe('trigger: each event once for the life of the workflow, whatever its settings become', () => {
	const HOUR_MS = 3600_000;
	/** A voucher to the general public dated `hours` back (the SAT allows up to 72), stamped now. */
	async function stampBackDated(hours: number, folio: string): Promise<string> {
		const res = await api.create(
			validVoucher({ fecha: mexicoCityDateTime(Date.now() - hours * HOUR_MS), folio }),
			'emitir=true&noCalcularFecha=true',
		);
		const { uuid } = (await res.json()) as { uuid: string };
		return uuid;
	}

	test('lowering then raising Late Voucher Window does not report a voucher again', async () => {
		const first = await pollTrigger(kit.engine, stampedEvent);
		// Dated 20 hours back: beyond a 1-hour window and the list's 14-hour zone margin.
		const late = await stampBackDated(20, 'late');
		const second = await pollTrigger(kit.engine, stampedEvent, first.staticData);
		expect(uuidsOf(second.items)).toEqual([late]);
		const lowered = await pollTrigger(
			kit.engine,
			{ ...stampedEvent, lateWindowHours: 1 },
			second.staticData,
		);
		expect(lowered.items).toBeNull();
		expect(lowered.nodeData.vouchers).not.toHaveProperty(late);
		const raised = await pollTrigger(kit.engine, stampedEvent, lowered.staticData);
		expect(raised.items).toBeNull();
		expect((await pollTrigger(kit.engine, stampedEvent, raised.staticData)).items).toBeNull();
	});

	test('raising Late Voucher Window does not report vouchers that existed before activation; later back-dated ones are reported', async () => {
		await stampBackDated(5, 'before activation');
		const first = await pollTrigger(kit.engine, { ...stampedEvent, lateWindowHours: 1 });
		expect(first.items).toBeNull();
		const raised = await pollTrigger(kit.engine, stampedEvent, first.staticData);
		expect(raised.items).toBeNull();
		const later = await stampBackDated(6, 'after activation');
		expect(uuidsOf((await pollTrigger(kit.engine, stampedEvent, raised.staticData)).items)).toEqual(
			[later],
		);
	});

	test('raising Watch Window does not report an old cancellation as new', async () => {
		const old = await stampBackDated(50, 'old');
		expect(await cancelVoucher(old)).toBe(3);
		const first = await pollTrigger(kit.engine, { ...cancellationEvent, watchDays: 1 });
		expect(first.items).toBeNull();
		const raised = await pollTrigger(
			kit.engine,
			{ ...cancellationEvent, watchDays: 3 },
			first.staticData,
		);
		expect(raised.items).toBeNull();
		expect(raised.nodeData.vouchers).toHaveProperty(old);
	});

	test('an unreadable cursor is reported as an error and rebuilt without losing what was stamped meanwhile', async () => {
		const first = await pollTrigger(kit.engine, stampedEvent);
		const uuid = (await api.stamp()).uuid;
		const garbled = {
			...first.staticData,
			'node:CFDI Trigger': { ...first.nodeData, vouchers: 'garbled' },
		};
		const rebuilt = await pollTrigger(kit.engine, stampedEvent, garbled);
		expect(rebuilt.reportedErrors.map((error) => error.message)).toEqual([
			"The trigger's memory of the events it reported was unreadable (no voucher list); it was rebuilt.",
		]);
		expect((rebuilt.reportedErrors[0] as Error & { description?: string }).description).toContain(
			'no event is lost',
		);
		expect(uuidsOf(rebuilt.items)).toContain(uuid);
		const next = await pollTrigger(kit.engine, stampedEvent, rebuilt.staticData);
		expect(next.items).toBeNull();
		expect(next.reportedErrors).toEqual([]);
	});

	// n8n hands the node the inside of its static data and cannot be given a new one by the node: a
	// cursor that is not even an object (edited by hand) used to throw on every poll (text, null) or
	// to be "rebuilt" on every poll without ever reporting a voucher again (a number, '', a list).
	test.each([
		['text', 'garbage'],
		['empty text', ''],
		['null', null],
		['a number', 42],
		['a list', [1, 2]],
	])(
		'a cursor that is %s is reported once, rebuilt, and from the next poll on each voucher is reported once',
		async (_shape, value) => {
			const before = (await api.stamp()).uuid;
			const rebuilt = await pollTrigger(kit.engine, stampedEvent, {
				'node:CFDI Trigger': value,
			} as IDataObject);
			expect(rebuilt.reportedErrors.map((error) => error.message)).toEqual([
				"The trigger's memory of the events it reported was unreadable (it is not an object); it was rebuilt.",
			]);
			expect((rebuilt.reportedErrors[0] as Error & { description?: string }).description).toContain(
				'Voucher > Get Many',
			);
			expect(rebuilt.items).toBeNull();
			expect(rebuilt.changed).toBe(true);
			const uuid = (await api.stamp()).uuid;
			const next = await pollTrigger(kit.engine, stampedEvent, rebuilt.staticData);
			expect(next.reportedErrors).toEqual([]);
			expect(uuidsOf(next.items)).toEqual([uuid]);
			const after = await pollTrigger(restartedEngine(), stampedEvent, next.staticData);
			expect(after.reportedErrors).toEqual([]);
			expect(after.items).toBeNull();
			expect(uuidsOf(next.items)).not.toContain(before);
		},
	);

	test('a cursor with nothing readable starts again from now and says what may be missing', async () => {
		const rebuilt = await pollTrigger(kit.engine, stampedEvent, {
			'node:CFDI Trigger': { version: 9 },
		});
		expect(rebuilt.items).toBeNull();
		expect(rebuilt.reportedErrors).toHaveLength(1);
		expect((rebuilt.reportedErrors[0] as Error & { description?: string }).description).toContain(
			'Voucher > Get Many',
		);
	});
});
