/**
 * Safety is not versioned (issue 27 item 8), through n8n-core's engine against the sandbox: a node
 * saved as version 1 with none of the settings (as n8n saves defaults: left out) checks for the
 * sale's voucher before stamping, as version 1.1 does, and refuses a total its source does not
 * carry. Also covers: stamping/runSettings.ts (the Duplicate Check field's default in every version),
 * voucherInput/prepareVoucher.ts (When Totals Differ's default).
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
import { routes } from '../../../support/sandboxCredential';
import { CfdiEmision } from '../../../../nodes/CfdiEmision/CfdiEmision.node';

const kit = useSandboxEngine();

/** New nodes are version 1.1: Duplicate Check defaults to Return Existing there. */
const V11 = { typeVersion: 1.1 };

const stamped = () =>
	[...kit.sandbox.vouchers.values()].filter((voucher) => voucher.state === 'stamped');
const json = (items: INodeExecutionData[], index = 0) => items[index]?.json as IDataObject;
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
