/**
 * Create Global Invoice's numbers from expressions, through n8n's engine against the sandbox: a Sale
 * Amount with binary float noise is the amount it stands for; a Sale Amount finer than a cent in text
 * is refused naming its item, not the month's sum; Sales Per Global Invoice refuses a boolean.
 */
import { globalParams, issuingCalls, sentBody } from '../../../../../support/kindsKit';
import { useSandboxEngine } from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();

test('a Sale Amount of 100 × 1.16 computed in an expression (115.99999999999999) is stamped as 116.00 (before: the month refused naming the sum)', async () => {
	expect(100 * 1.16).toBe(115.99999999999999);
	const { items, error } = await kit.engine.runNode(
		globalParams({ saleAmount: '={{ $json.price * 1.16 }}' }),
		[
			{ ticket: 'T-1', price: 100 },
			{ ticket: 'T-2', price: 50 },
		],
	);
	expect(error).toBeUndefined();
	expect(items[0].json.status).toBe('stamped');
	const sent = sentBody(kit.sandbox) as { total: number; conceptos: Array<{ importe: number }> };
	expect(sent.total).toBe(174);
	expect(sent.conceptos.map((concepto) => concepto.importe)).toEqual([100, 50]);
});

test('a Sale Amount typed finer than a cent ("115.999") is refused naming its input item and field, before any request', async () => {
	const { error } = await kit.engine.runNode(globalParams(), [
		{ ticket: 'T-1', total: 58 },
		{ ticket: 'T-2', total: '115.999' },
	]);
	expect(error?.message).toContain('Sale of input item 1 (Sale Amount)');
	expect(error?.message).toContain('"115.999", finer than the 2 decimals of MXN');
	expect(String((error as { description?: string }).description)).toContain('(115.99 or 116.00)');
	expect((error as { context?: { outcome?: unknown } }).context?.outcome).toMatchObject({
		refusal: {
			by: 'localCheck',
			sent: false,
			field: 'Sale Amount',
			path: 'sales[1].amount',
			code: 'VOUCHER_INPUT',
			value: '115.999',
		},
	});
	expect(issuingCalls(kit.sandbox)).toEqual([]);
});

test("a negative Sale Amount is refused naming the item's Sale Amount and its value, with the fix (before: a built line's Unit Price, -43.1)", async () => {
	const { error } = await kit.engine.runNode(globalParams(), [
		{ ticket: 'T-1', total: 58 },
		{ ticket: 'T-2', total: -50 },
	]);
	expect(error?.message).toBe(
		'Item 0: Sale of input item 1 (Sale Amount): Sale 2 (ticket "T-2") has amount -50; a sale in a global invoice is above 0.',
	);
	expect((error as { context?: { outcome?: unknown } }).context?.outcome).toMatchObject({
		refusal: { field: 'Sale Amount', path: 'sales[1].amount', code: 'VOUCHER_INPUT', value: -50 },
	});
	expect(issuingCalls(kit.sandbox)).toEqual([]);
});

test('Sales Per Global Invoice from an expression that yields true is refused (before: 1, a global invoice per sale)', async () => {
	const { error } = await kit.engine.runNode(
		globalParams({ salesPerGlobalInvoice: '={{ true }}' }),
		[
			{ ticket: 'T-1', total: 58 },
			{ ticket: 'T-2', total: 116 },
		],
	);
	// Refused where every number setting is read (actions/numberSettings.ts).
	expect(error?.message).toBe('Item 0: "Sales Per Global Invoice" is true, not a number.');
	expect(issuingCalls(kit.sandbox)).toEqual([]);
});
