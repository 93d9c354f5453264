/**
 * The duplicate check (issue 19), through n8n-core's engine against the sandbox: the same sale
 * delivered again in a separate execution gives the first voucher back (alreadyStamped) and sends
 * nothing; the same for a refund, a payment and a global invoice; a sale already invoiced to its
 * customer is left out of the global invoice; two executions at the same moment give one voucher or
 * a twin reported on the item, or the sale stamped meanwhile by another execution returned
 * (SaleStampedMeanwhile).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { invoiceVoucher } from '../../../support/vouchers';
import { corpusOrder, orderTotalling } from '../../../support/corpusOrder';
import {
	createParams,
	orderParams,
	useSandboxEngine,
	lineItemsParams,
	RECONCILED_LINES,
} from '../../../support/nodeTestKit';
import { globalParams, receiptParams, SALES, stampInvoice } from '../../../support/kindsKit';
import { routes } from '../../../support/sandboxCredential';
import { CfdiEmision } from '../../../../nodes/CfdiEmision/CfdiEmision.node';

const kit = useSandboxEngine();

/** The zone of the list's dates is not known: every read reaches 14 hours further each way (issue 39). */
const ZONE_MARGIN = 14 * 3_600;

/** New nodes are version 1.1: Duplicate Check defaults to Return Existing there. */
const V11 = { typeVersion: 1.1 };

const stamped = () =>
	[...kit.sandbox.vouchers.values()].filter((voucher) => voucher.state === 'stamped');
const routesOf = () =>
	kit.sandbox.requests
		.filter((request) => request.server === 'api')
		.map((request) => request.route);
const json = (items: INodeExecutionData[], index = 0) => items[index]?.json as IDataObject;

describe('Duplicate Check: the same sale in separate executions is stamped once', () => {
	test('an order delivered twice: one invoice; the second run returns its UUID as alreadyStamped and sends nothing but the list read', async () => {
		const first = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		expect(first.error).toBeUndefined();
		expect(json(first.items)).toMatchObject({ status: 'stamped' });
		const uuid = String(json(first.items).uuid);
		// Before: one list read for the run's keys; after: one for twins.
		expect(routesOf()).toEqual(['listVouchers', 'createVoucher', 'updateVoucher', 'listVouchers']);

		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		expect(second.error).toBeUndefined();
		expect(routesOf()).toEqual(['listVouchers']);
		expect(json(second.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid,
			// Version 1.1's simplified output: the key names of a stamped item and of Get Status.
			voucherId: expect.any(Number),
			series: 'A',
			folio: '1001',
			message: expect.stringContaining('A-1001 is already stamped'),
			duplicateCheck: { key: 'order:5829364210001', keyFrom: 'the order' },
			order: { id: 5829364210001, document: 'invoice' },
		});
		expect(stamped()).toHaveLength(1);
	});

	test("the list read asks for the window from the order date (less a 30-minute clock margin, and the list's 14-hour zone margin both ways) and pages with skip/take", async () => {
		await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		const [list, after] = kit.sandbox.requests.filter(
			(request) => request.route === 'listVouchers',
		);
		// After stamping, the twin look-up reads only the days a voucher stamped meanwhile can carry.
		expect(Number(after.query.finicial)).toBeGreaterThanOrEqual(
			Math.floor(Date.now() / 1000) - 3 * 86_400 - ZONE_MARGIN - 600,
		);
		const orderDate = Math.floor(Date.parse(String(corpusOrder('example-1').created_at)) / 1000);
		// A voucher of the sale is stamped after it, dated by the service at its stamp (issue 27 item 9).
		expect(Number(list.query.finicial)).toBe(orderDate - 30 * 60 - ZONE_MARGIN);
		expect(Number(list.query.ffinal)).toBeGreaterThan(Date.now() / 1000 + ZONE_MARGIN);
		expect(Number(list.query.ffinal)).toBeLessThanOrEqual(
			Date.now() / 1000 + 30 * 60 + ZONE_MARGIN,
		);
		expect(list.query).toMatchObject({ skip: '0', take: '100' });
	});

	test('Fail: the second delivery is an error naming the voucher found; nothing is sent', async () => {
		const first = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(
			orderParams({ duplicateCheck: 'fail' }),
			[corpusOrder('example-1')],
			V11,
		);
		expect(second.error?.message).toContain('already stamped');
		expect(second.error?.message).toContain(String(json(first.items).uuid));
		expect(second.error?.message).toContain('series A folio 1001');
		expect(routesOf()).toEqual(['listVouchers']);
		expect(stamped()).toHaveLength(1);
	});

	test('Off: no list read, the order is stamped again; a version 1 node without the setting checks (Return Existing in every version)', async () => {
		const first = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(
			orderParams({ duplicateCheck: 'off' }),
			[corpusOrder('example-1')],
			V11,
		);
		expect(json(second.items).status).toBe('stamped');
		expect(routesOf()).not.toContain('listVouchers');
		expect(stamped()).toHaveLength(2);
		// A version 1 node without the setting: the list is read and the first voucher returned.
		kit.sandbox.clearLog();
		const v1 = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')]);
		// The oldest of the two stamped vouchers of the sale, with the twin named.
		expect(json(v1.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
		});
		expect(routesOf()).toEqual(['listVouchers']);
		expect(stamped()).toHaveLength(2);
	});

	test('the same order twice in one run: stamped once, the second item returns it; one list read before', async () => {
		const { items, error } = await kit.engine.runNode(
			orderParams({ stampingMode: 'direct' }),
			[corpusOrder('example-1'), corpusOrder('example-1')],
			V11,
		);
		expect(error).toBeUndefined();
		expect(json(items, 0).status).toBe('stamped');
		expect(json(items, 1)).toMatchObject({ status: 'alreadyStamped', uuid: json(items, 0).uuid });
		expect(routesOf()).toEqual(['listVouchers', 'createVoucher', 'listVouchers']);
		expect(stamped()).toHaveLength(1);
	});

	test('many orders in one run: one list read before stamping them all, one after', async () => {
		const orders = Array.from({ length: 5 }, (_, index) => ({
			...corpusOrder('example-1'),
			id: 7000 + index,
			order_number: 2001 + index,
			name: `#${2001 + index}`,
		}));
		const { items, error } = await kit.engine.runNode(
			orderParams({ stampingMode: 'direct' }),
			orders,
			V11,
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.status)).toEqual(Array(5).fill('stamped'));
		expect(routesOf().filter((route) => route === 'listVouchers')).toHaveLength(2);
		kit.sandbox.clearLog();
		const again = await kit.engine.runNode(orderParams({ stampingMode: 'direct' }), orders, V11);
		expect(again.items.map((item) => item.json.status)).toEqual(Array(5).fill('alreadyStamped'));
		expect(routesOf()).toEqual(['listVouchers']);
	});

	test('a list read that fails before stamping stops the item with nothing sent; one that fails after keeps the stamped voucher and says the twin look-up failed', async () => {
		kit.sandbox.injectFault({ route: 'listVouchers', kind: 'status', status: 503 });
		const before = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		expect(before.error?.message).toContain(
			'Could not look for an earlier voucher of this sale on the voucher list (Duplicate Check): the service answered HTTP 503',
		);
		expect(before.error?.description).toContain('Nothing was sent for this item');
		expect(routesOf()).toEqual(['listVouchers']);
		expect(stamped()).toHaveLength(0);

		kit.sandbox.clearLog();
		kit.sandbox.injectFault({ route: 'listVouchers', kind: 'status', status: 503, after: 1 });
		const after = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		expect(after.error).toBeUndefined();
		expect(json(after.items)).toMatchObject({
			status: 'stamped',
			duplicate: {
				key: 'order:5829364210001',
				unchecked: expect.stringContaining('look-up for a twin'),
			},
		});
		expect(stamped()).toHaveLength(1);
	});

	test('a cancelled voucher does not count: the order is stamped again after its invoice was cancelled', async () => {
		const first = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		const uuid = String(json(first.items).uuid);
		const cancel = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'cancel', uuid, motive: '02' },
			[{}],
		);
		expect(cancel.error).toBeUndefined();
		// An invoice above 1,000 MXN to a company: the recipient must accept the cancellation.
		expect(json(cancel.items).status).toBe('pendingAcceptance');
		// Awaiting the recipient's acceptance it still counts (valid until accepted); accepted, it does not.
		const waiting = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		expect(json(waiting.items)).toMatchObject({ status: 'alreadyStamped', uuid });
		kit.sandbox.resolveCancellation(uuid, 'accepted');
		const second = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
		expect(json(second.items).status).toBe('stamped');
		expect(json(second.items).uuid).not.toBe(uuid);
	});
});

describe('Duplicate Check Key', () => {
	test('JSON mode: the key is written as the folio and found on the next run', async () => {
		const params = createParams(invoiceVoucher({ serie: 'A' }), {
			duplicateCheckKey: '={{ $json.orderNumber }}',
		});
		const first = await kit.engine.runNode(params, [{ orderNumber: 'SO-77' }], V11);
		expect(first.error).toBeUndefined();
		const create = kit.sandbox.requests.find((request) => request.route === 'createVoucher');
		expect(JSON.parse(String(create?.body))).toMatchObject({ serie: 'A', folio: 'SO-77' });
		const second = await kit.engine.runNode(params, [{ orderNumber: 'SO-77' }], V11);
		expect(json(second.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
			duplicateCheck: { key: 'SO-77', keyFrom: 'Duplicate Check Key' },
		});
		expect(stamped()).toHaveLength(1);
	});

	test('a key that differs from the folio the voucher carries is refused before any request, naming the field', async () => {
		const { error } = await kit.engine.runNode(
			createParams(invoiceVoucher({ folio: '100' }), { duplicateCheckKey: 'SO-77' }),
			[{}],
			V11,
		);
		expect(error?.message).toContain(
			'Duplicate Check Key "SO-77" differs from the voucher\'s folio "100"',
		);
		expect(kit.sandbox.requests).toHaveLength(0);
	});

	test('JSON mode without a key or folio: the content identifies the sale (issue 27 item 2; tested in test/nodes/CfdiEmision/stamping/duplicateCheck.match.engine.test.ts)', async () => {
		const { error } = await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
		expect(error).toBeUndefined();
		expect(routesOf()[0]).toBe('listVouchers');
	});
});

describe('The same rule for refunds, payments and global invoices', () => {
	test('a refund credited twice (Order mode, credit note): one credit note; the second run returns it', async () => {
		const order = corpusOrder('partial-refund');
		const invoice = await kit.engine.runNode(orderParams(), [order], V11);
		order.note_attributes.push({ name: 'CFDI UUID', value: String(json(invoice.items).uuid) });
		order.refunds[0].order_adjustments = [
			{ id: 1, kind: 'shipping_refund', amount: '-149.00', tax_amount: '-20.55' },
		];
		order.refunds[0].transactions[0].amount = '1953.05';
		const params = orderParams({ orderDocument: 'creditNote', serie: 'NC' });
		const first = await kit.engine.runNode(params, [order], V11);
		expect(json(first.items)).toMatchObject({ status: 'stamped' });
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(params, [order], V11);
		expect(json(second.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
			series: 'NC',
			folio: '1021-R1',
		});
		expect(String((json(second.items).duplicateCheck as IDataObject).key)).toMatch(
			/^order:\d+:refund:\d+$/,
		);
		expect(routesOf()).toEqual(['listVouchers']);
		expect(stamped().filter((voucher) => voucher.body.tipoDeComprobante === 'E')).toHaveLength(1);
	});

	test('a payment receipted twice (Create Payment Receipt): one receipt, its folio taken from the invoice UUID and installment', async () => {
		const invoice = await stampInvoice(kit.sandbox);
		const params = receiptParams([{ uuid: invoice, amountPaid: 580 }]);
		const first = await kit.engine.runNode(params, [{}], V11);
		expect(first.error).toBeUndefined();
		const receipt = stamped().find((voucher) => voucher.uuid === json(first.items).uuid);
		expect(receipt?.body).toMatchObject({
			tipoDeComprobante: 'P',
			serie: 'P',
			folio: `${invoice.slice(0, 8)}-P1`,
		});
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(params, [{}], V11);
		expect(json(second.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
			duplicateCheck: { key: `payment:${invoice}#1` },
		});
		// The invoice's XML; the run's one list read (the ledger's and the check's) and the first
		// receipt's XML (an installment paid for another amount would be a new payment, refused
		// before this check answers).
		expect(routesOf()).toEqual(['downloadXml', 'listVouchers', 'downloadXml']);
		// Installment 2 of the same invoice is another payment: stamped.
		const next = await kit.engine.runNode(
			receiptParams([{ uuid: invoice, amountPaid: 580, installment: 2, previousBalance: 580 }]),
			[{}],
			V11,
		);
		expect(json(next.items).status).toBe('stamped');
		expect(stamped().filter((voucher) => voucher.body.tipoDeComprobante === 'P')).toHaveLength(2);
	});

	test('a ticket already invoiced to its customer (same folio, same amount) is left out of the global invoice, and said so', async () => {
		// The sale T-0002 of 58.00, invoiced to its customer (issue 27: the amount must match too).
		const individual = await kit.engine.runNode(
			createParams(
				invoiceVoucher({
					serie: 'A',
					folio: 'T-0002',
					conceptos: [
						{
							claveProdServ: '01010101',
							cantidad: '1',
							claveUnidad: 'H87',
							descripcion: 'Sale T-0002',
							valorUnitario: 58,
							importe: 58,
							objetoImp: '01',
						},
					],
					subTotal: 58,
					total: 58,
				}),
			),
			[{}],
			V11,
		);
		expect(json(individual.items).status).toBe('stamped');
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(globalParams(), SALES, V11);
		expect(error).toBeUndefined();
		expect(json(items)).toMatchObject({
			status: 'stamped',
			leftOut: [
				{
					itemIndex: 1,
					ticket: 'T-0002',
					reason: 'already invoiced to its customer',
					uuid: json(individual.items).uuid,
					serie: 'A',
					folio: 'T-0002',
				},
			],
		});
		const global = stamped().find((voucher) => voucher.uuid === json(items).uuid);
		expect(
			(global?.body.conceptos as IDataObject[]).map((concepto) => concepto.noIdentificacion),
		).toEqual(['T-0001', 'T-0003']);
		expect(global?.body).toMatchObject({ serie: 'F', folio: 'G202405-04' });
	});

	test('the global invoice of a period built twice: one voucher; the second run returns it', async () => {
		const first = await kit.engine.runNode(globalParams(), SALES, V11);
		expect(json(first.items).status).toBe('stamped');
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(globalParams(), SALES, V11);
		expect(json(second.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
			folio: 'G202405-04',
			duplicateCheck: { key: 'global:2024-05/04' },
		});
		expect(second.items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		// Its XML is read: a global invoice of the period holding other sales would not be this one.
		// One list read, the period's declarations' and the check's (stamping/service.ts).
		expect(routesOf()).toEqual(['listVouchers', 'downloadXml']);
		expect(stamped()).toHaveLength(1);
	});
});

describe('Two executions of the same order at the same moment', () => {
	/**
	 * Both executions read the list before either has stamped, so both go on; the sandbox's stamping
	 * time (the series lock) makes them overlap the way two workers would. The measured outcome:
	 * either one invoice, or two with the twin reported on an item, never two in silence.
	 */
	/** Two executions of the same order at the same moment; their output items and the invoices of folio 1001 in the sandbox. */
	async function sameOrderAtOnce(stampingMode: string, stampingTimeMs: number) {
		kit.sandbox.setStampingTime(stampingTimeMs);
		const params = orderParams({ stampingMode });
		const runs = await Promise.all([
			kit.engine.runNode(params, [corpusOrder('example-1')], V11),
			kit.engine.runNode(params, [corpusOrder('example-1')], V11),
		]);
		const outputs = runs.map((run) => {
			expect(run.error).toBeUndefined();
			return json(run.items);
		});
		return { outputs, invoices: stamped().filter((voucher) => voucher.body.folio === '1001') };
	}

	test.each([
		['twoPhase', 150],
		['direct', 150],
	])(
		'stamping mode %s, stamping time %i ms: the second stamp finds the series busy, looks again and returns the first voucher',
		async (stampingMode, stampingTimeMs) => {
			const { outputs, invoices } = await sameOrderAtOnce(stampingMode, stampingTimeMs);
			expect(invoices).toHaveLength(1);
			expect(outputs.map((output) => output.uuid)).toEqual([invoices[0].uuid, invoices[0].uuid]);
			const second = outputs.find((output) => output.status === 'alreadyStamped');
			expect(second?.duplicateCheck).toMatchObject({ meanwhile: true });
			// Two-phase: the second execution's pending voucher stays pending (no fiscal effect), named on the item.
			if (stampingMode === 'twoPhase') {
				const leftPending = (second?.duplicateCheck as IDataObject).leftPending as number;
				expect(kit.sandbox.vouchers.get(leftPending)?.state).toBe('pending');
			}
		},
	);

	test.each([['twoPhase'], ['direct']])(
		'stamping mode %s, both runs look before either stamps: two invoices, never in silence',
		async (stampingMode) => {
			// Ordered, not timed: both look-ups before the stamps reach the service before it answers
			// either, and both look-ups after the run before it answers either (each after its stamp).
			kit.sandbox.holdRequests('listVouchers', 2);
			kit.sandbox.holdRequests('listVouchers', 2);
			const { outputs, invoices } = await sameOrderAtOnce(stampingMode, 0);
			expect(invoices).toHaveLength(2);
			const [older, newer] = [...invoices].sort((a, b) => a.id - b.id);
			// Each item names the twin: keep the older, cancel the newer.
			for (const output of outputs)
				expect(output.duplicate).toMatchObject({
					keep: older.uuid,
					cancel: [{ uuid: newer.uuid, motive: '02' }],
				});
			const statusOf = (uuid: unknown) => outputs.find((output) => output.uuid === uuid)?.status;
			expect([statusOf(older.uuid), statusOf(newer.uuid)]).toEqual(['stamped', 'stampedTwin']);
		},
	);
});

/**
 * Safety is not versioned (issue 27 item 8), through n8n-core's engine against the sandbox: a node
 * saved as version 1 with none of the settings (as n8n saves defaults: left out) checks for the
 * sale's voucher before stamping, as version 1.1 does, and refuses a total its source does not
 * carry. Also covers: stamping/runSettings.ts (the Duplicate Check field's default in every version),
 * voucherInput/prepareVoucher.ts (When Totals Differ's default).
 */

const V1 = { typeVersion: 1 };

const apiRoutes = () =>
	kit.sandbox.requests.filter((request) => request.server === 'api').map((r) => r.route);
const sentBodies = () =>
	routes(kit.sandbox, 'createVoucher').map((request) => JSON.parse(request.body) as IDataObject);

describe('the Duplicate Check in every node version', () => {
	test("the node description's Duplicate Check fields (one per group of operations) default to Return Existing, none conditioned on the version", () => {
		const fields = new CfdiEmision().description.properties.filter(
			(property) => property.name === 'duplicateCheck',
		);
		expect(fields.length).toBeGreaterThan(0);
		for (const field of fields) {
			expect(field.default).toBe('returnExisting');
			expect(JSON.stringify(field.displayOptions)).not.toContain('@version');
		}
	});

	test('version 1, the same order delivered twice: the second run reads the list and returns the first voucher; one stamp', async () => {
		const first = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V1);
		expect(first.error).toBeUndefined();
		expect(apiRoutes()[0]).toBe('listVouchers');
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V1);
		expect(second.error).toBeUndefined();
		// Version 1's raw output, with the found voucher's UUID.
		expect(json(second.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
			serie: 'A',
			folio: '1001',
		});
		expect(apiRoutes()).toEqual(['listVouchers']);
		expect(stamped()).toHaveLength(1);
	});

	test('version 1, a JSON voucher without a key run three times: one invoice (identified by its content)', async () => {
		const voucher = invoiceVoucher();
		delete (voucher as IDataObject).folio;
		for (let run = 0; run < 3; run++) {
			const { error } = await kit.engine.runNode(createParams(voucher), [{}], V1);
			expect(error).toBeUndefined();
		}
		expect(stamped()).toHaveLength(1);
	});

	test('version 1 with Duplicate Check Off chosen: stamped again (a deliberate second voucher)', async () => {
		await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V1);
		const again = await kit.engine.runNode(
			orderParams({ duplicateCheck: 'off' }),
			[corpusOrder('example-1')],
			V1,
		);
		expect(json(again.items).status).toBe('stamped');
		expect(stamped()).toHaveLength(2);
	});
});

describe('When Totals Differ in every node version', () => {
	test.each([
		['1', V1],
		['1.1', V11],
	])(
		'version %s: an order whose lines do not add up to total_price is refused with both figures; nothing is sent',
		async (_version, options) => {
			const { items, error } = await kit.engine.runNode(
				orderParams(),
				[orderTotalling('1608.00')],
				options,
			);
			expect(items).toEqual([]);
			expect(error?.message).toMatch(
				/^Item 0: The voucher total is 1508\.00 MXN but the order's total_price is 1608\.00/,
			);
			expect((error as IDataObject | undefined)?.description).toContain(
				'Nothing was sent. The figure comes from total_price.',
			);
			expect(sentBodies()).toEqual([]);
		},
	);

	test('version 1: Line Items whose Expected Total the lines do not reach are refused', async () => {
		const { error } = await kit.engine.runNode(
			lineItemsParams({ lineItemsOptions: { expectedTotal: '1500.00' } }),
			[{ lines: RECONCILED_LINES }],
			V1,
		);
		expect(error?.message).toMatch(
			/^Item 0: The voucher total is 1508\.00 MXN but Expected Total is 1500\.00: 8\.00 more than the source/,
		);
		expect(sentBodies()).toEqual([]);
	});

	test('version 1 with "Stamp With Note" chosen: stamped as built, the note among the order notes', async () => {
		const { items, error } = await kit.engine.runNode(
			orderParams({ options: { whenTotalsDiffer: 'stampWithNote' } }),
			[orderTotalling('1608.00')],
			V1,
		);
		expect(error).toBeUndefined();
		expect(json(items)).toMatchObject({
			status: 'stamped',
			order: { orderTotal: 1608, voucherTotal: 1508 },
		});
		const notes = (json(items).order as IDataObject).notes as string[];
		expect(notes[notes.length - 1]).toMatch(
			/^Stamped as built \(When Totals Differ: Stamp With Note\)/,
		);
		expect(sentBodies().map((body) => body.total)).toEqual([1508]);
	});
});
