/**
 * Also covers: nodes/CfdiEmision/actions/voucher/globalInvoice/globalCancellation.ts (motive 04's last step, the cancellation).
 * Voucher → Create from an order whose sale is already in last month's stamped global invoice
 * ("Sale in a Global Invoice"), through n8n-core's engine against the sandbox: Fail names the
 * global invoice and the SAT's procedure; Replace the Global Invoice stamps its replacement without
 * the sale (its folio -S1), then the buyer's invoice, and cancels it with motive 04 last, so
 * a refused step leaves every sale declared; a run stopped after any step completes on the next run
 * without repeating a step.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FaultSpec } from '../../../../../../sandbox/types';
import { lastMonthOrder, stampLastMonthGlobal } from '../../../../../support/globalSaleKit';
import { writesSince } from '../../../../../support/kindsKit';
import { orderParams, useSandboxEngine } from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();
const ORDER = lastMonthOrder;
const stampGlobal = () => stampLastMonthGlobal(kit.engine);

const invoice = (saleInGlobalInvoice?: string, typeVersion = 1.1) =>
	kit.engine.runNode(
		orderParams(saleInGlobalInvoice ? { saleInGlobalInvoice } : {}),
		[ORDER() as IDataObject],
		{ typeVersion },
	);

const stored = (uuid: unknown) =>
	[...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid)!;
const cancellations = () =>
	kit.sandbox.requests
		.filter((request) => request.route === 'cancelVoucher')
		.map((request) => [request.pathname.split('/').pop(), JSON.parse(request.body).motivo]);
const stampedVouchers = () =>
	[...kit.sandbox.vouchers.values()].filter((voucher) => voucher.stampCount > 0);
const tickets = (uuid: unknown) =>
	(stored(uuid).body.conceptos as IDataObject[]).map((concepto) => concepto.noIdentificacion);

/** The end state every path must reach: G cancelled once (04), R without 1001 relating G, the buyer's invoice, each stamped once. */
function expectReplaced(global: string, output: IDataObject, cancelRequests = 1) {
	expect(cancellations()).toEqual(Array(cancelRequests).fill([global, '04']));
	expect(kit.sandbox.cancellations.get(global)).toMatchObject({ state: 'cancelled', motivo: '04' });
	const replacement = (output.globalInvoice as IDataObject).replacement as IDataObject;
	const r = stored(replacement.uuid);
	expect(tickets(replacement.uuid)).toEqual(['1002', '1003']);
	// It relates nothing: a valid voucher relating G would make G "no cancelable" (FAC205), and
	// motive 04 takes no folioSustitucion to name it; it is found again by its folio.
	expect(r.body.cfdiRelacionados).toBeUndefined();
	expect(((output.globalInvoice as IDataObject).replacement as IDataObject).uuid).toBe(r.uuid);
	expect([r.body.serie, r.body.folio]).toEqual(['F', `${String(stored(global).body.folio)}-S1`]);
	// 116.00 + 58.00 collected, IVA included.
	expect(r.body.total).toBe(174);
	expect((r.body.receptor as IDataObject).rfc).toBe('XAXX010101000');
	expect(r.xml).toContain('InformacionGlobal');
	const buyer = stored(output.uuid);
	expect([(buyer.body.receptor as IDataObject).rfc, buyer.body.folio]).toEqual([
		'URE180429TM6',
		'1001',
	]);
	// Each stamped once: the global, its replacement, the buyer's invoice.
	expect(stampedVouchers().map((voucher) => voucher.stampCount)).toEqual([1, 1, 1]);
}

describe('Sale in a Global Invoice', () => {
	// A sale declared twice (in the global invoice and to its buyer) is stopped in every node version.
	test.each([1.1, 1])(
		'Fail (the default, node version %s): the error names the global invoice, its period and the SAT procedure; nothing is sent',
		async (typeVersion) => {
			const global = await stampGlobal();
			const mark = kit.sandbox.requests.length;
			const { error } = await invoice(undefined, typeVersion);
			expect(error?.message).toContain(`Sale 1001 is already in global invoice ${global} (`);
			expect(String((error as { description?: string }).description)).toContain('motive 04');
			expect(String((error as { description?: string }).description)).toContain(
				'Replace the Global Invoice',
			);
			const sent = kit.sandbox.requests.slice(mark).map((request) => request.route);
			expect(
				sent.filter((route) => !['token', 'listVouchers', 'downloadXml'].includes(route)),
			).toEqual([]);
			// The Duplicate Check's one list read serves the look-up too; only the global's XML is read.
			expect(sent.filter((route) => route === 'listVouchers')).toHaveLength(1);
			expect(
				kit.sandbox.requests
					.slice(mark)
					.filter((request) => request.route === 'downloadXml')
					.map((request) => request.pathname.split('/').pop()),
			).toEqual([global]);
			expect(stampedVouchers()).toHaveLength(1);
		},
	);

	test("an order in no global invoice is invoiced as before: one list read (the Duplicate Check's), no XML read", async () => {
		const mark = kit.sandbox.requests.length;
		const { items, error } = await invoice();
		expect(error).toBeUndefined();
		const sent = kit.sandbox.requests.slice(mark).map((request) => request.route);
		// Before the stamp, the Duplicate Check's one read; after it, the check's twin look-up.
		expect(sent.filter((route) => !['token', 'userinfo'].includes(route))).toEqual([
			'listVouchers',
			'createVoucher',
			'updateVoucher',
			'listVouchers',
		]);
		expect(items[0].json.status).toBe('stamped');
		expect(items[0].json.globalInvoice).toBeUndefined();
	});

	const writes = (mark: number) => writesSince(kit.sandbox, mark);

	test("Replace the Global Invoice: the replacement without the sale, then the buyer's invoice, then the global invoice cancelled with motive 04; the output names all three; a re-run sends nothing", async () => {
		const global = await stampGlobal();
		const folio = String(stored(global).body.folio);
		const mark = kit.sandbox.requests.length;
		const { items, error } = await invoice('replace');
		expect(error).toBeUndefined();
		const [output] = items.map((item) => item.json);
		expect(output.status).toBe('stamped');
		expect((output.globalInvoice as IDataObject).cancelled).toEqual(
			expect.objectContaining({ uuid: global, motive: '04' }),
		);
		expect(writes(mark)).toEqual([
			`save ${folio}-S1 to XAXX010101000`,
			`stamp ${folio}-S1 to XAXX010101000`,
			'save 1001 to URE180429TM6',
			'stamp 1001 to URE180429TM6',
			`cancel ${global} 04`,
		]);
		expectReplaced(global, output);

		const rerun = kit.sandbox.requests.length;
		const again = await invoice('replace');
		expect([again.items[0].json.status, again.items[0].json.uuid]).toEqual([
			'alreadyStamped',
			output.uuid,
		]);
		expect(writes(rerun)).toEqual([]);
		expectReplaced(global, output);
	});

	test('a replacement the service refuses: nothing cancelled, no invoice for the buyer, every ticket still declared; the next run completes', async () => {
		const global = await stampGlobal();
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'status', status: 400 });
		const stopped = await invoice('replace');
		expect(stopped.error).toBeDefined();
		expect(cancellations()).toEqual([]);
		expect(kit.sandbox.cancellations.get(global)).toBeUndefined();
		expect(stampedVouchers().map((voucher) => voucher.uuid)).toEqual([global]);
		const { items, error } = await invoice('replace');
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('stamped');
		expectReplaced(global, items[0].json);
	});

	test.each<[string, FaultSpec, number]>([
		[
			"after the replacement (the buyer's invoice refused once)",
			{ route: 'createVoucher', kind: 'status', status: 400, after: 1 },
			2,
		],
		[
			"after the buyer's invoice (the cancellation answered 500 unperformed once)",
			{ route: 'cancelVoucher', kind: 'status', status: 500 },
			3,
		],
	])(
		'stopped %s: the global invoice still valid; the next run goes on from there, nothing stamped twice',
		async (_when, fault, stampedBefore) => {
			const global = await stampGlobal();
			kit.sandbox.injectFault(fault);
			const stopped = await invoice('replace');
			expect(kit.sandbox.cancellations.get(global)).toBeUndefined();
			expect(stampedVouchers()).toHaveLength(stampedBefore);
			if (stampedBefore === 3) {
				// The buyer's invoice is valid and theirs; only the shop's part is left.
				expect(stopped.items[0].json.status).toBe('stamped');
				expect(stopped.items[0].json.needsAttention).toEqual(
					expect.objectContaining({ reason: 'saleInGlobalInvoice' }),
				);
			} else expect(stopped.error).toBeDefined();
			const { items, error } = await invoice('replace');
			expect(error).toBeUndefined();
			expect(items[0].json.status).toBe(stampedBefore === 3 ? 'alreadyStamped' : 'stamped');
			expect(kit.sandbox.cancellations.get(global)).toMatchObject({ state: 'cancelled' });
			const buyer = stampedVouchers().find(
				(voucher) => (voucher.body.receptor as IDataObject).rfc === 'URE180429TM6',
			)!;
			expectReplaced(
				global,
				{
					...items[0].json,
					uuid: buyer.uuid,
					globalInvoice: stopped.items[0]?.json.globalInvoice ?? items[0].json.globalInvoice,
				},
				// The refused cancellation was asked again by the re-run.
				stampedBefore === 3 ? 2 : 1,
			);
		},
	);

	test('two orders of the same global invoice in one run: the second sees the first replacement (the list read once) and replaces it in turn', async () => {
		const global = await stampGlobal();
		const second = { ...ORDER(), id: 820982911946154600, name: '#1002', order_number: 1002 };
		const mark = kit.sandbox.requests.length;
		const { items, error } = await kit.engine.runNode(
			orderParams({ saleInGlobalInvoice: 'replace' }),
			[ORDER() as IDataObject, second as IDataObject],
			{ typeVersion: 1.1 },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.status)).toEqual(['stamped', 'stamped']);
		const first = (items[0].json.globalInvoice as IDataObject).replacement as IDataObject;
		const last = (items[1].json.globalInvoice as IDataObject).replacement as IDataObject;
		expect(tickets(first.uuid)).toEqual(['1002', '1003']);
		expect(tickets(last.uuid)).toEqual(['1003']);
		expect(cancellations()).toEqual([
			[global, '04'],
			[first.uuid, '04'],
		]);
		expect([stored(first.uuid).body.folio, stored(last.uuid).body.folio]).toEqual([
			`${String(stored(global).body.folio)}-S1`,
			`${String(stored(global).body.folio)}-S2`,
		]);
		// The list is read once for the check, not per item; later reads are the cancellations'
		// read-backs (by UUID) and the check's twin look-up after the run.
		const sent = kit.sandbox.requests.slice(mark);
		const firstCancel = sent.findIndex((request) => request.route === 'cancelVoucher');
		expect(
			sent.slice(0, firstCancel).filter((request) => request.route === 'listVouchers'),
		).toHaveLength(1);
		expect(
			sent.filter((request) => request.route === 'listVouchers' && !request.query.uuid),
		).toHaveLength(2);
	});

	test('stopped after the cancellation done by hand (Cancel, motive 04): the next run replaces and invoices without a second cancellation', async () => {
		const global = await stampGlobal();
		const cancelled = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'cancel', uuid: global, motive: '04' },
			[{}],
			{ typeVersion: 1.1 },
		);
		expect(cancelled.items[0]?.json.status ?? cancelled.error?.message).toBe('cancelled');
		const { items, error } = await invoice('replace');
		expect(error).toBeUndefined();
		expectReplaced(global, items[0].json);
	});

	describe('an order the node invoiced to the general public (Without Tax Data → Invoice the General Public)', () => {
		/** The order as it came without tax data: invoiced to XAXX010101000 under its own folio. */
		async function invoicedToGeneralPublic(): Promise<string> {
			const { items, error } = await kit.engine.runNode(
				orderParams({ withoutTaxData: 'generalPublic' }),
				[{ ...ORDER(), note_attributes: [] } as IDataObject],
				{ typeVersion: 1.1 },
			);
			expect(error).toBeUndefined();
			expect([items[0].json.status, items[0].json.recipientRfc]).toEqual([
				'stamped',
				'XAXX010101000',
			]);
			return String(items[0].json.uuid);
		}

		test("Replace the Global Invoice: the buyer's invoice, then the general-public one cancelled with motive 04 (it held only this sale: no replacement); a re-run writes nothing", async () => {
			const publicUuid = await invoicedToGeneralPublic();
			const mark = kit.sandbox.requests.length;
			const { items, error } = await invoice('replace');
			expect(error).toBeUndefined();
			const [output] = items.map((item) => item.json);
			expect([output.status, output.recipientRfc, output.folio]).toEqual([
				'stamped',
				'URE180429TM6',
				'1001',
			]);
			expect(writes(mark)).toEqual([
				'save 1001 to URE180429TM6',
				'stamp 1001 to URE180429TM6',
				`cancel ${publicUuid} 04`,
			]);
			expect(output.globalInvoice).toMatchObject({
				cancelled: { uuid: publicUuid, motive: '04' },
				replacement: null,
			});
			expect(output.needsAttention).toBeUndefined();
			expect(kit.sandbox.cancellations.get(publicUuid)).toMatchObject({ state: 'cancelled' });

			const rerun = kit.sandbox.requests.length;
			const again = await invoice('replace');
			expect([again.items[0].json.status, again.items[0].json.uuid]).toEqual([
				'alreadyStamped',
				output.uuid,
			]);
			expect(writes(rerun)).toEqual([]);
			expect(stampedVouchers().map((voucher) => voucher.stampCount)).toEqual([1, 1]);
		});

		test('Fail (the default): refused as a sale in a global invoice (not as another RFC, not motive 02), needsAttention for the shop; nothing sent', async () => {
			const publicUuid = await invoicedToGeneralPublic();
			const mark = kit.sandbox.requests.length;
			const { items } = await kit.engine.runNode(orderParams(), [ORDER() as IDataObject], {
				typeVersion: 1.1,
				continueOnFail: true,
			});
			const [item] = items.map((one) => one.json);
			expect(String(item.error)).toContain(`Sale 1001 is already in global invoice ${publicUuid}`);
			expect(item.needsAttention).toEqual({
				reason: 'saleInGlobalInvoice',
				message: expect.stringContaining('Replace the Global Invoice'),
			});
			expect(writes(mark)).toEqual([]);
		});
	});
});
