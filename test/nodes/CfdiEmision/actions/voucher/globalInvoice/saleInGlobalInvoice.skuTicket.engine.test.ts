/**
 * Sale in a Global Invoice when another order's invoice to the general public names the sale's
 * ticket in a product line, through n8n-core's engine against the sandbox. Order 2002 went out
 * without tax data (Invoice the General Public: a type-I voucher with a daily InformacionGlobal, so
 * by type a global invoice) and one of its products has SKU "1001", written as that concept's
 * NoIdentificacion. Order 1001's buyer then asks for an invoice. The product line (01010101 / H87,
 * "Mechanical keyboard") is not a global invoice's sale line (01010101 / ACT): whether that voucher
 * declares sale 1001 is unknown, so under either setting nothing is written and the shop is told
 * what to check. Before, Replace stamped a replacement of 2002's invoice without the line and
 * cancelled it with motive 04; Fail told the buyer the sale was in 2002's invoice.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import {
	lastMonthOrder,
	order2002ToGeneralPublic,
	runFirstItem,
} from '../../../../../support/globalSaleKit';
import { recentGlobalParams, writesSince } from '../../../../../support/kindsKit';
import { orderParams, useSandboxEngine } from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();
const ORDER = lastMonthOrder;
const run = (params: INodeParameters, items?: IDataObject[]) =>
	runFirstItem(kit.engine, params, items);

const invoice = (saleInGlobalInvoice: string) =>
	run(orderParams({ saleInGlobalInvoice }), [ORDER() as IDataObject]);

const stored = (uuid: unknown) =>
	[...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid)!;

/** What the shop is told: the voucher (UUID, series-folio), the concept, what to check and how to go on. */
function expectUnclear(item: IDataObject, other: IDataObject) {
	const uuid = String(other.uuid);
	const attention = String((item.needsAttention as IDataObject).message);
	for (const text of [String(item.error), attention]) {
		expect(text).toContain(uuid);
		expect(text).toContain('A-2002');
		expect(text).toContain('NoIdentificacion 1001');
		expect(text).toContain('ClaveUnidad H87');
		expect(text).toContain('"Mechanical keyboard"');
	}
	for (const text of [String(item.description), attention]) {
		expect(text).toContain('Nothing was stamped, replaced or cancelled');
		expect(text).toContain('a product whose SKU equals this order number');
		expect(text).toContain('Input Mode Fields or Line Items');
		expect(text).toContain('motive 04');
	}
	expect((item.needsAttention as IDataObject).reason).toBe('saleInGlobalInvoiceUnclear');
	expect(item.inDoubt).toMatchObject({
		uuid,
		serie: 'A',
		folio: '2002',
		concept: { noIdentificacion: '1001', claveUnidad: 'H87', descripcion: 'Mechanical keyboard' },
	});
	// Order 2002's invoice is untouched: never replaced, never cancelled.
	expect(kit.sandbox.cancellations.get(uuid)).toBeUndefined();
	expect(stored(uuid).body.folio).toBe('2002');
}

describe('Sale in a Global Invoice: another order’s general-public invoice with a product SKU equal to the ticket', () => {
	test.each(['replace', 'fail'])(
		'%s: nothing is written; the item names the voucher and the concept and says what to check',
		async (mode) => {
			const other = await order2002ToGeneralPublic(kit.engine);
			const mark = kit.sandbox.requests.length;
			const item = await invoice(mode);
			expect(writesSince(kit.sandbox, mark)).toEqual([]);
			expect(item.status).not.toBe('stamped');
			expectUnclear(item, other);
		},
	);

	test('a real global invoice declaring 1001 beside it: still nothing is written (the product line may declare the sale too)', async () => {
		const { items, error } = await kit.engine.runNode(
			recentGlobalParams(1, { formaPago: '04' }),
			[
				{ ticket: '1001', total: 1508 },
				{ ticket: '1002', total: 116 },
			],
			{ typeVersion: 1.1 },
		);
		expect(error).toBeUndefined();
		const global = String(items[0].json.uuid);
		const other = await order2002ToGeneralPublic(kit.engine);
		const mark = kit.sandbox.requests.length;
		const item = await invoice('replace');
		expect(writesSince(kit.sandbox, mark)).toEqual([]);
		expectUnclear(item, other);
		expect(kit.sandbox.cancellations.get(global)).toBeUndefined();
	});
});

test('Replace, the buyer’s invoice stamped before order 2002’s invoice: a re-delivery answers it and cancels nothing, naming the voucher to check', async () => {
	const first = await invoice('replace');
	expect([first.status, first.needsAttention]).toEqual(['stamped', undefined]);
	const other = await order2002ToGeneralPublic(kit.engine);
	const mark = kit.sandbox.requests.length;
	const again = await invoice('replace');
	expect(writesSince(kit.sandbox, mark)).toEqual([]);
	expect([again.status, again.uuid]).toEqual(['alreadyStamped', first.uuid]);
	expect(kit.sandbox.cancellations.get(String(other.uuid))).toBeUndefined();
	expect((again.needsAttention as IDataObject).reason).toBe('saleInGlobalInvoiceUnclear');
	const message = String((again.needsAttention as IDataObject).message);
	expect(message).toContain(String(other.uuid));
	expect(message).toContain("The buyer's invoice is stamped; nothing was replaced or cancelled.");
});
