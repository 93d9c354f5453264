/**
 * Who must act on a refusal of the Order and Line Items input modes and of the reconciliation rule
 * (issue 32 items 1 and 2), through n8n-core's engine against the sandbox, with Continue On Fail:
 * the buyer's missing tax data and the figures the workflow gave are a `refusal` on their field;
 * an order (the shop's record) that cannot become a voucher, or whose figures cannot be met to the
 * cent, is `needsAttention` (the buyer can correct nothing), with the warning hint above the output.
 *
 * Also covers: nodes/CfdiEmision/orders/orderInputError.ts (the recipient's members of a conversion's refusal).
 */
import type { IDataObject, IRun } from 'n8n-workflow';

import { corpusOrder, orderTotalling } from '../../../../../support/corpusOrder';
import {
	lineItemsParams,
	orderParams,
	RECONCILED_LINES,
	useSandboxEngine,
} from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();
const V11_ON_FAIL = { typeVersion: 1.1, continueOnFail: true };
const hintsOf = (run: IRun) =>
	(run.data.resultData.runData[run.data.resultData.lastNodeExecuted!]?.[0]?.hints ?? []).map(
		(hint) => hint.type,
	);
const serviceCalls = () =>
	kit.sandbox.requests.filter(
		(request) => request.route === 'createVoucher' || request.route === 'updateVoucher',
	);

describe('order input: the buyer’s data is a refusal, the order’s is the shop’s', () => {
	test('an order without the recipient tax data (Without Tax Data: Fail): a refusal on each missing Recipient Data field, nothing sent', async () => {
		const order = { ...corpusOrder('example-1'), note_attributes: [] } as IDataObject;
		const { items, error } = await kit.engine.runNode(
			orderParams({ withoutTaxData: 'fail' }),
			[order],
			V11_ON_FAIL,
		);
		expect(error).toBeUndefined();
		const json = items[0].json;
		expect(json.needsAttention).toBeUndefined();
		expect(json.refusal).toMatchObject({
			by: 'localCheck',
			sent: false,
			field: 'Recipient Data > RFC',
			path: 'receptor.rfc',
			code: 'RECIPIENT_DATA_MISSING',
		});
		expect(
			(json.refusal as { problems: Array<{ path: string }> }).problems.map((p) => p.path),
		).toEqual(expect.arrayContaining(['receptor.rfc', 'receptor.regimenFiscalReceptor']));
		expect(serviceCalls()).toEqual([]);
	});

	test("an order in a currency the SAT does not list: the order is the shop's record, so needsAttention orderData and a warning hint, no refusal, nothing sent", async () => {
		const order = { ...corpusOrder('example-1'), currency: 'ZZZ', presentment_currency: 'ZZZ' };
		const { items, run } = await kit.engine.runNode(orderParams(), [order], V11_ON_FAIL);
		const json = items[0].json;
		expect(json.refusal).toBeUndefined();
		expect(json.needsAttention).toEqual({
			reason: 'orderData',
			message: expect.stringContaining('"ZZZ" is not in the SAT\'s currency catalog'),
		});
		expect(hintsOf(run)).toContain('warning');
		expect(serviceCalls()).toEqual([]);
	});

	test('an order whose lines do not add up to total_price: needsAttention orderData naming both figures, nothing sent', async () => {
		const { items } = await kit.engine.runNode(
			orderParams(),
			[orderTotalling('1608.00')],
			V11_ON_FAIL,
		);
		expect(items[0].json.refusal).toBeUndefined();
		expect(items[0].json.needsAttention).toEqual({
			reason: 'orderData',
			message: expect.stringMatching(/1508\.00 MXN but the order's total_price is 1608\.00/),
		});
		expect(serviceCalls()).toEqual([]);
	});
});

describe('line items: the figures the workflow gave are a refusal on their field', () => {
	test('an Expected Total the lines cannot meet to the cent: refusal TOTALS_DIFFER on Expected Total with its value, nothing sent', async () => {
		const { items } = await kit.engine.runNode(
			lineItemsParams({ lineItemsOptions: { expectedTotal: '1500.00' } }),
			[{ lines: RECONCILED_LINES }],
			V11_ON_FAIL,
		);
		const json = items[0].json;
		expect(json.needsAttention).toBeUndefined();
		expect(json.refusal).toMatchObject({
			by: 'localCheck',
			sent: false,
			field: 'Expected Total',
			code: 'TOTALS_DIFFER',
			value: '1500.00',
			message: expect.stringContaining('1508.00'),
			fix: expect.stringContaining('When Totals Differ'),
		});
		expect(serviceCalls()).toEqual([]);
	});

	test('an Expected Total finer than a cent (1508.004 for lines of 1508.00): refused with the figure as given, never rounded into agreement; nothing sent', async () => {
		const { items } = await kit.engine.runNode(
			lineItemsParams({ lineItemsOptions: { expectedTotal: '1508.004' } }),
			[{ lines: RECONCILED_LINES }],
			V11_ON_FAIL,
		);
		expect(items[0].json.refusal).toMatchObject({
			sent: false,
			field: 'Expected Total',
			code: 'TOTALS_DIFFER',
			value: '1508.004',
			message:
				'The voucher total cannot equal Expected Total, 1508.004 MXN: it is finer than the 2 decimals of MXN, and rounding it would change the money.',
			fix: 'Give Expected Total with at most 2 decimals, as the money was charged (1508.00 or 1508.01); the node does not round it.',
		});
		expect(serviceCalls()).toEqual([]);
	});

	test('a line with a negative quantity: a refusal naming the member, nothing sent', async () => {
		const { items } = await kit.engine.runNode(
			lineItemsParams(),
			[{ lines: [{ ...RECONCILED_LINES[0], quantity: -1 }] }],
			V11_ON_FAIL,
		);
		expect(items[0].json.needsAttention).toBeUndefined();
		expect(items[0].json.refusal).toMatchObject({
			by: 'localCheck',
			sent: false,
			path: 'lines[0].quantity',
			code: 'LINE_ITEMS_INPUT',
			value: -1,
		});
		expect(serviceCalls()).toEqual([]);
	});

	test('a quantity "abc" and a price "free": each refusal carries the value as given (before: no value)', async () => {
		for (const [member, bad] of [
			['quantity', 'abc'],
			['unitPrice', 'free'],
		] as const) {
			const { items } = await kit.engine.runNode(
				lineItemsParams(),
				[{ lines: [{ ...RECONCILED_LINES[0], [member]: bad }] }],
				V11_ON_FAIL,
			);
			expect(items[0].json.refusal).toMatchObject({
				path: `lines[0].${member}`,
				code: 'LINE_ITEMS_INPUT',
				value: bad,
			});
		}
		expect(serviceCalls()).toEqual([]);
	});
});
