/**
 * Voucher > Cancel through n8n-core's engine against the sandbox: the DELETE sent per motive, the
 * refusals of version 1.1, and an unclear failure settled by reading the status (example 07's path:
 * test/examples/07-cancel-and-replace.engine.test.ts).
 *
 * Also covers: nodes/CfdiEmision/api/vouchers.ts (cancelVoucher's DELETE, asserted here; its readVoucher runs in get.operation.engine.test.ts).
 */
import type { INodeParameters } from 'n8n-workflow';

import {
	apiClient,
	type ApiClient,
	paymentVoucher,
	validVoucher,
} from '../../../../support/sandboxHelpers';
import { stampedUuid, useSandboxEngine } from '../../../../support/nodeTestKit';
import { account, routes } from '../../../../support/sandboxCredential';

const kit = useSandboxEngine();
const apiRoot = `/businessEmision/api/v1/emisores/${account.emisorId}`;
const cancelParams = (uuid: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'voucher',
	operation: 'cancel',
	uuid,
	...extra,
});

let api: ApiClient;
beforeEach(async () => {
	api = await apiClient(kit.sandbox);
	// The test's own sign-in is not the node's doing.
	kit.sandbox.clearLog();
});

/** A voucher to the general public: the SAT lets the issuer cancel it without the recipient. */
const generalPublic = async () => (await api.stamp(validVoucher())).uuid;
/** A global invoice of April 2024 (one sale, ticket 1001). */
const globalInvoice = async () =>
	(
		await api.stamp(
			validVoucher({
				receptor: {
					rfc: 'XAXX010101000',
					nombre: 'PUBLICO EN GENERAL',
					usoCFDI: 'S01',
					regimenFiscalReceptor: '616',
					domicilioFiscalReceptor: '42501',
				},
				informacionGlobal: { periodicidad: '04', meses: '04', anio: 2024 },
			}),
		)
	).uuid;

describe('voucher: cancel', () => {
	test.each(['02', '03', '04'])(
		'motive %s: the DELETE sent and the item returned',
		async (motive) => {
			// Motive 04 is for a global invoice (a sale in it is now invoiced to its buyer): no replacement.
			const uuid = motive === '04' ? await globalInvoice() : await generalPublic();
			const { items, error } = await kit.engine.runNode(
				cancelParams(uuid.toLowerCase(), { motive }),
				[{}],
			);
			expect(error).toBeUndefined();
			const [request] = routes(kit.sandbox, 'cancelVoucher');
			expect(request.method).toBe('DELETE');
			expect(request.pathname).toBe(`${apiRoot}/comprobantes/${uuid}`);
			expect(request.headers['content-type']).toMatch(/^application\/json/);
			expect(JSON.parse(request.body)).toEqual({ motivo: motive, folioSustitucion: '' });
			expect(items).toEqual([
				{
					json: {
						uuid,
						status: 'cancelled',
						subEstatusId: 3,
						description: 'Cancelado sin aceptación',
					},
					pairedItem: { item: 0 },
				},
			]);
			expect(kit.sandbox.cancellations.get(uuid)).toMatchObject({
				motivo: motive,
				state: 'cancelled',
			});
		},
	);

	test('motive 02 is the default', async () => {
		const uuid = await generalPublic();
		await kit.engine.runNode(cancelParams(uuid), [{}]);
		expect(JSON.parse(routes(kit.sandbox, 'cancelVoucher')[0].body)).toEqual({
			motivo: '02',
			folioSustitucion: '',
		});
	});

	test('motive 01 sends the replacement UUID in upper case', async () => {
		const old = await generalPublic();
		const replacement = await generalPublic();
		const { items } = await kit.engine.runNode(
			cancelParams(old, { motive: '01', replacementUuid: ` ${replacement.toLowerCase()} ` }),
			[{}],
		);
		expect(JSON.parse(routes(kit.sandbox, 'cancelVoucher')[0].body)).toEqual({
			motivo: '01',
			folioSustitucion: replacement,
		});
		expect(items[0].json).toMatchObject({ uuid: old, status: 'cancelled' });
		expect(kit.sandbox.cancellations.get(old)?.folioSustitucion).toBe(replacement);
	});

	test.each([
		[
			'motive 01 without a replacement',
			{ motive: '01' },
			'Item 0: Motive 01 needs the UUID of the replacing voucher.',
			/Replacement UUID/,
		],
		[
			'motive 01 with a malformed replacement',
			{ motive: '01', replacementUuid: '12345' },
			'Item 0: Replacement UUID "12345" is not a voucher UUID.',
			/stamped replacing voucher/,
		],
		[
			'motive 03 with a replacement',
			{ motive: '03', replacementUuid: '11111111-2222-4333-8444-555555555555' },
			'Item 0: Motive 03 does not take a replacement UUID.',
			/Leave "Replacement UUID" empty/,
		],
		[
			'a malformed UUID',
			{ uuid: 'F-123' },
			'Item 0: UUID "F-123" is not a voucher UUID.',
			/folio fiscal/,
		],
	])('%s is refused before anything is sent', async (_label, extra, message, fix) => {
		const { error } = await kit.engine.runNode(
			{ ...cancelParams('5FB2822E-396D-4725-8521-CDC4BDD20CCF'), ...extra },
			[{}],
		);
		expect(error?.message).toBe(message);
		expect(error?.description).toMatch(fix);
		expect(error?.description).toMatch(/Nothing was sent/);
		expect(kit.sandbox.requests).toEqual([]);
	});

	test('without Continue On Fail a later item that fails its checks stops the run before any cancellation is sent', async () => {
		const first = await generalPublic();
		const second = await generalPublic();
		kit.sandbox.clearLog();
		const { error } = await kit.engine.runNode(
			{
				resource: 'voucher',
				operation: 'cancel',
				uuid: '={{ $json.uuid }}',
				motive: '={{ $json.motive }}',
			},
			[
				{ uuid: first, motive: '02' },
				{ uuid: second, motive: '01' },
			],
		);
		expect(error?.message).toBe('Item 1: Motive 01 needs the UUID of the replacing voucher.');
		expect(error?.description).toContain('The other items were not sent either');
		expect(kit.sandbox.requests).toEqual([]);
		expect(kit.sandbox.cancellations.size).toBe(0);
	});

	test('with Continue On Fail a refused item does not stop the others', async () => {
		const uuid = await generalPublic();
		const { items } = await kit.engine.runNode(
			{
				resource: 'voucher',
				operation: 'cancel',
				uuid: '={{ $json.uuid }}',
				motive: '={{ $json.motive }}',
			},
			[
				{ uuid, motive: '01' },
				{ uuid, motive: '02' },
			],
			{ continueOnFail: true },
		);
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({
				error: 'Item 0: Motive 01 needs the UUID of the replacing voucher.',
			}),
			{ uuid, status: 'cancelled', subEstatusId: 3, description: 'Cancelado sin aceptación' },
		]);
		expect(routes(kit.sandbox, 'cancelVoucher')).toHaveLength(1);
	});

	test('a cancellation that waits for the recipient, asked again, then accepted', async () => {
		const uuid = await stampedUuid(kit.engine); // 1,000.75 MXN to a named recipient
		const first = await kit.engine.runNode(cancelParams(uuid), [{}]);
		expect(first.items[0].json).toEqual({
			uuid,
			status: 'pendingAcceptance',
			subEstatusId: 4,
			description: 'En proceso',
		});

		const again = await kit.engine.runNode(cancelParams(uuid, { motive: '03' }), [{}]);
		expect(again.error).toBeUndefined();
		expect(again.items[0].json).toMatchObject({ status: 'pendingAcceptance' });
		expect(kit.sandbox.cancellations.get(uuid)?.motivo).toBe('02');

		kit.sandbox.resolveCancellation(uuid, 'accepted');
		const status = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'getStatus', uuid: uuid.toLowerCase() },
			[{}],
		);
		expect(status.items[0].json).toMatchObject({
			uuid,
			status: 'cancelled',
			subEstatusId: 3,
			statusDescription: 'Cancelado con aceptación',
		});
		const afterwards = await kit.engine.runNode(cancelParams(uuid), [{}]);
		expect(afterwards.items[0].json).toEqual({
			uuid,
			status: 'cancelled',
			subEstatusId: 3,
			description: 'Cancelado con aceptación',
		});
	});

	test('version 1: a refusal is an item with status "rejected" and the service\'s reasons', async () => {
		const invoice = await generalPublic();
		await api.stamp(paymentVoucher(invoice));
		const { items, error } = await kit.engine.runNode(cancelParams(invoice), [{}]);
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			uuid: invoice,
			status: 'rejected',
			subEstatusId: 2,
			description: expect.stringMatching(/^FAC205: No cancelable/),
			errors: [{ code: 'FAC205', message: expect.stringContaining('No cancelable') }],
		});
	});

	describe('version 1.1: a refusal is an error, not a green item', () => {
		const v11 = { typeVersion: 1.1 };

		test("with Continue On Fail: an error item that still names the voucher, its state and the service's reasons", async () => {
			const invoice = await generalPublic();
			await api.stamp(paymentVoucher(invoice));
			const other = await generalPublic();
			const { items, error } = await kit.engine.runNode(
				{ resource: 'voucher', operation: 'cancel', uuid: '={{ $json.uuid }}' },
				[{ uuid: invoice }, { uuid: other }],
				{ ...v11, continueOnFail: true },
			);
			expect(error).toBeUndefined();
			expect(items[0].json).toEqual({
				error: expect.stringMatching(
					new RegExp(
						`^Item 0: The service refused to cancel voucher ${invoice}: FAC205: No cancelable`,
					),
				),
				description: expect.stringContaining('The voucher stays valid (not cancelled).'),
				uuid: invoice,
				status: 'rejected',
				subEstatusId: 2,
				errors: [{ code: 'FAC205', message: expect.stringContaining('No cancelable') }],
			});
			expect(items[1].json).toEqual({
				uuid: other,
				status: 'cancelled',
				subEstatusId: 3,
				description: 'Cancelado sin aceptación',
			});
		});

		test('without Continue On Fail: the node stops with the refusal', async () => {
			const invoice = await generalPublic();
			await api.stamp(paymentVoucher(invoice));
			const { error } = await kit.engine.runNode(cancelParams(invoice), [{}], v11);
			expect(error?.message).toMatch(
				new RegExp(
					`^Item 0: The service refused to cancel voucher ${invoice}: FAC205: No cancelable`,
				),
			);
			expect(kit.sandbox.cancellations.size).toBe(0);
		});

		test("waiting for the recipient's acceptance stays a success with its status", async () => {
			const uuid = await stampedUuid(kit.engine);
			const { items, error } = await kit.engine.runNode(cancelParams(uuid), [{}], v11);
			expect(error).toBeUndefined();
			expect(items[0].json).toEqual({
				uuid,
				status: 'pendingAcceptance',
				subEstatusId: 4,
				description: 'En proceso',
			});
		});
	});

	test('a refusal stays a refusal when the status read that follows it fails', async () => {
		const invoice = await generalPublic();
		await api.stamp(paymentVoucher(invoice));
		kit.sandbox.injectFault({ route: 'listVouchers', kind: 'status', status: 404 });
		const { items, error } = await kit.engine.runNode(cancelParams(invoice), [{}]);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			uuid: invoice,
			status: 'rejected',
			errors: [{ code: 'FAC205' }],
		});
	});

	test('an unknown UUID is an error naming the voucher', async () => {
		const { error } = await kit.engine.runNode(
			cancelParams('11111111-2222-4333-8444-555555555555'),
			[{}],
		);
		expect(error?.message).toBe(
			'Item 0: Could not cancel voucher 11111111-2222-4333-8444-555555555555: the service answered HTTP 404 (No se encontró el comprobante.)',
		);
	});

	describe('an unclear failure is settled by reading the status, never by sending blindly', () => {
		test('a timeout after the service recorded the cancellation: one DELETE, then the status read', async () => {
			const uuid = await stampedUuid(kit.engine);
			kit.sandbox.injectFault({ route: 'cancelVoucher', kind: 'timeout', holdMs: 30_000 });
			const { items, error } = await kit.engine.runNode(
				cancelParams(uuid, { cancelOptions: { timeout: 300 } }),
				[{}],
			);
			expect(error).toBeUndefined();
			expect(items[0].json).toEqual({
				uuid,
				status: 'pendingAcceptance',
				subEstatusId: 4,
				description: 'En proceso',
			});
			expect(routes(kit.sandbox, 'cancelVoucher')).toHaveLength(1);
			const [read] = routes(kit.sandbox, 'listVouchers');
			expect(read.query).toMatchObject({ uuid });
		});

		test('a 500 that did nothing: the read shows no cancellation, so the request goes once more', async () => {
			const uuid = await generalPublic();
			kit.sandbox.injectFault({
				route: 'cancelVoucher',
				kind: 'status',
				status: 500,
				body: '{"message":"An error has occurred."}',
			});
			const { items } = await kit.engine.runNode(cancelParams(uuid), [{}]);
			expect(items[0].json).toMatchObject({ uuid, status: 'cancelled' });
			expect(routes(kit.sandbox, 'cancelVoucher').map((r) => r.status)).toEqual([500, 200]);
			expect(routes(kit.sandbox, 'listVouchers')).toHaveLength(1);
		});

		test('two unclear failures with no cancellation seen: an error, after exactly two DELETEs', async () => {
			const uuid = await generalPublic();
			kit.sandbox.injectFault({
				route: 'cancelVoucher',
				kind: 'connectionReset',
				perform: false,
				times: 2,
			});
			const { error } = await kit.engine.runNode(cancelParams(uuid), [{}]);
			expect(error?.message).toMatch(/^Item 0: Could not cancel voucher .*connection/);
			expect(error?.description).toMatch(/still shows no cancellation after a second try/);
			expect(routes(kit.sandbox, 'cancelVoucher')).toHaveLength(2);
			expect(kit.sandbox.cancellations.size).toBe(0);
		});
	});
});
