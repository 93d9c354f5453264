/**
 * An ambiguous stamp settled by the service's facts, under both shapes of GET .../comprobantes/{id}
 * (the spec does not show its body): the read-back's state members when present, the "already
 * stamped" answer to a PUT sent again, the voucher list. Through n8n-core's WorkflowExecute against
 * the sandbox; each test checks the items a user gets and the requests the service received.
 * Also covers: nodes/CfdiEmision/api/runClient.ts (the pending save, the PUT that stamps it) and api/vouchers.ts (the read-back by id).
 * Also covers: nodes/CfdiEmision/api/runClient.ts (the run's client every request of the protocol goes through).
 * Also covers: nodes/CfdiEmision/stamping/runVoucherList.ts (what the protocol asks of that client).
 */
import type { IDataObject } from 'n8n-workflow';

import type { GetVoucherShape, Sandbox } from '../../../../sandbox';
import { invoiceVoucher } from '../../../support/vouchers';
import { createParams, useSandboxEngine } from '../../../support/nodeTestKit';

const apiRoutes = (sandbox: Sandbox) =>
	sandbox.requests.filter((r) => r.server === 'api').map((r) => r.route);
const emptyList = JSON.stringify({ numeroComprobantes: 0, resumenComprobante: [] });
const voucher = () => invoiceVoucher({ serie: 'F', folio: '4242' });
const stampParams = (extra: IDataObject = {}) =>
	// Settling is under test; the Duplicate Check (on by default) has its own tests.
	createParams(voucher(), { duplicateCheck: 'off', options: { retryDelayMs: 1 }, ...extra });
const lostPutAnswer = (sandbox: Sandbox) =>
	sandbox.injectFault({ route: 'updateVoucher', kind: 'connectionReset', perform: true });

describe.each([['bodyWithState'], ['bodyOnly']] as Array<[GetVoucherShape]>)(
	'GET shape %s',
	(shape) => {
		const kit = useSandboxEngine({ getVoucherShape: shape });
		const onlyVoucher = () => {
			const all = [...kit.sandbox.vouchers.values()];
			expect(all).toHaveLength(1);
			return all[0];
		};

		test('a lost answer to the stamp PUT: the item is stamped with its UUID, stamped once, without a second PUT', async () => {
			lostPutAnswer(kit.sandbox);
			const { items, error } = await kit.engine.runNode(stampParams(), [{}]);
			expect(error).toBeUndefined();
			const stored = onlyVoucher();
			expect(items[0].json).toMatchObject({
				status: 'stamped',
				uuid: stored.uuid,
				idComprobante: stored.id,
				subEstatusId: 2,
				esValido: true,
			});
			expect(stored.stampCount).toBe(1);
			// With state on GET the read-back settles it; with the body only, the list does (by idComprobante).
			expect(apiRoutes(kit.sandbox)).toEqual([
				'createVoucher',
				'updateVoucher',
				'getVoucher',
				...(shape === 'bodyOnly' ? ['listVouchers'] : []),
			]);
		});

		test('the list does not show it yet, the PUT goes again and the service answers "already stamped": stamped with its UUID', async () => {
			lostPutAnswer(kit.sandbox);
			kit.sandbox.injectFault({
				route: 'listVouchers',
				kind: 'status',
				status: 200,
				body: emptyList,
			});
			const { items, error } = await kit.engine.runNode(stampParams(), [{}]);
			expect(error).toBeUndefined();
			const stored = onlyVoucher();
			expect(items[0].json).toMatchObject({
				status: 'stamped',
				uuid: stored.uuid,
				idComprobante: stored.id,
			});
			expect(stored.stampCount).toBe(1);
			if (shape === 'bodyOnly') {
				// The refusal carries no UUID in this shape: it is read from the list once the list shows the voucher.
				expect(items[0].json.descripcion).toBe('FAC121: El comprobante ya fue timbrado.');
				expect(apiRoutes(kit.sandbox)).toEqual([
					'createVoucher',
					'updateVoucher',
					'getVoucher',
					'listVouchers',
					'updateVoucher',
					'getVoucher',
					'listVouchers',
				]);
				expect(
					kit.sandbox.requests.filter((r) => r.route === 'updateVoucher').map((r) => r.codes ?? []),
				).toEqual([[], ['FAC121']]);
			} else {
				// The read-back's state settles it before the list is needed.
				expect(apiRoutes(kit.sandbox)).toEqual(['createVoucher', 'updateVoucher', 'getVoucher']);
			}
		});

		test('Update (Stamp on) of an id that is already stamped returns it as alreadyStamped with its UUID (this run stamped nothing); nothing is stamped again', async () => {
			const created = await kit.engine.runNode(stampParams(), [{}]);
			const stored = onlyVoucher();
			expect(created.items[0].json.uuid).toBe(stored.uuid);
			kit.sandbox.clearLog();
			const { items, error } = await kit.engine.runNode(
				stampParams({ operation: 'update', voucherId: stored.id }),
				[{}],
			);
			expect(error).toBeUndefined();
			// Issue 39 item 4: "stamped" is said only by the run that stamped it (an earlier one here).
			expect(items[0].json).toMatchObject({
				status: 'alreadyStamped',
				uuid: stored.uuid,
				idComprobante: stored.id,
				descripcion: 'FAC121: El comprobante ya fue timbrado.',
			});
			// Nothing says another execution stamped it while this one ran: the id was the user's.
			expect(items[0].json.stampedMeanwhile).toBeUndefined();
			expect(stored.stampCount).toBe(1);
			expect(apiRoutes(kit.sandbox)).toEqual([
				'updateVoucher',
				...(shape === 'bodyOnly' ? ['getVoucher', 'listVouchers'] : []),
			]);
		});

		test('Update that only saves (Stamp off) an id that is already stamped: an error that says it is stamped, never "pending" or "Create"', async () => {
			await kit.engine.runNode(stampParams(), [{}]);
			const stored = onlyVoucher();
			const { items } = await kit.engine.runNode(
				stampParams({ operation: 'update', voucherId: stored.id, stamp: false }),
				[{}],
				{ continueOnFail: true },
			);
			const uuid = shape === 'bodyWithState' ? ` (UUID ${stored.uuid})` : '';
			expect(items[0].json.error).toBe(
				`Item 0: Voucher ${stored.id} is already stamped${uuid}: the service refused to change it (FAC121: El comprobante ya fue timbrado.)`,
			);
			expect(items[0].json.description).toContain(
				'A stamped voucher cannot be changed, so nothing was changed. Do not run Create again for it: that would stamp a second invoice.',
			);
			expect(items[0].json).toMatchObject({ status: 'stamped', idComprobante: stored.id });
			expect(String(items[0].json.description)).not.toMatch(/pending|use Update/);
		});

		test('nothing settles it (read-back and list fail): "may be stamped, look it up" with id, series and folio; never Create', async () => {
			lostPutAnswer(kit.sandbox);
			kit.sandbox.injectFault({
				route: 'getVoucher',
				kind: 'status',
				status: 503,
				body: '{"message":"Service Unavailable"}',
				times: 3,
			});
			kit.sandbox.injectFault({
				route: 'listVouchers',
				kind: 'status',
				status: 503,
				body: '{"message":"Service Unavailable"}',
				times: 3,
			});
			const { items } = await kit.engine.runNode(stampParams(), [{}], { continueOnFail: true });
			const stored = onlyVoucher();
			expect(stored.stampCount).toBe(1);
			expect(items[0].json.error).toBe(
				`Item 0: Could not stamp voucher ${stored.id}: No answer from the service (connection closed by the other side).`,
			);
			expect(items[0].json.description).toContain(
				`Reading voucher ${stored.id} back failed too (the service answered HTTP 503).`,
			);
			expect(items[0].json.description).toContain(
				`Voucher ${stored.id} exists and may be stamped: look it up (idComprobante ${stored.id}, series F, folio 4242)`,
			);
			expect(items[0].json.description).toContain('Do not run Create again for this item');
			expect(String(items[0].json.description)).not.toMatch(/pending|refused/);
		});

		test('"already stamped" (a terse refusal) but the list never shows it: an error that it is stamped, where to look it up, never Create', async () => {
			await kit.engine.runNode(stampParams(), [{}]);
			const stored = onlyVoucher();
			// The refusal and GET say nothing of the state from here on.
			kit.sandbox.setGetVoucherShape('bodyOnly');
			kit.sandbox.injectFault({
				route: 'listVouchers',
				kind: 'status',
				status: 200,
				body: emptyList,
				times: 3,
			});
			const { items } = await kit.engine.runNode(
				stampParams({ operation: 'update', voucherId: stored.id }),
				[{}],
				{ continueOnFail: true },
			);
			expect(items[0].json.error).toBe(
				`Item 0: Voucher ${stored.id} is already stamped (the service says: FAC121: El comprobante ya fue timbrado.), but its UUID could not be read`,
			);
			expect(items[0].json.description).toContain(
				`Look it up (idComprobante ${stored.id}, series F, folio 4242) with Voucher > Get Many`,
			);
			expect(items[0].json.description).toContain('Do not run Create again for this item');
			expect(items[0].json).toMatchObject({ status: 'stamped', idComprobante: stored.id });
			expect(stored.stampCount).toBe(1);
		});
	},
);
