/**
 * A ticket named only by another order's product line, through n8n-core's engine against the
 * sandbox. Order 2002 went out without tax data (Invoice the General Public: type I with a daily
 * InformacionGlobal) and its keyboard's SKU "1001" is that concept's NoIdentificacion (01010101 /
 * H87, not a global invoice's sale line 01010101 / ACT). That voucher does not declare sale 1001:
 * a credit note of ticket 1001 against it is refused before any request, and Get Many by sale 1001
 * does not list it as the sale's global invoice; a real global invoice declaring 1001 still is.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	globalTicketCreditParams,
	order2002ToGeneralPublic,
	runFirstItem,
	stampLastMonthGlobal,
} from '../../../../../support/globalSaleKit';
import { writesSince } from '../../../../../support/kindsKit';
import { useSandboxEngine } from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();
const order2002 = async () => String((await order2002ToGeneralPublic(kit.engine)).uuid);

const creditTicket1001 = (invoice: string) =>
	runFirstItem(kit.engine, globalTicketCreditParams(invoice, '1001'));

const vouchersOfSale1001 = async () => {
	const { items, error } = await kit.engine.runNode(
		{
			resource: 'voucher',
			operation: 'getMany',
			startDate: '2024-01-01',
			returnAll: true,
			filters: { sale: '1001' },
		},
		[{}],
	);
	expect(error).toBeUndefined();
	return items.map(({ json }) => json as IDataObject);
};

describe('a ticket named only by another order’s product line (SKU "1001" in order 2002’s general-public invoice)', () => {
	test('a credit note of ticket 1001 against that invoice is refused before any write, naming why', async () => {
		const other = await order2002();
		const mark = kit.sandbox.requests.length;
		const item = await creditTicket1001(other);
		expect(writesSince(kit.sandbox, mark)).toEqual([]);
		expect(item.status).not.toBe('stamped');
		const error = String(item.error);
		expect(error).toContain(`Global invoice ${other} does not declare ticket "1001"`);
		expect(error).toContain('ClaveUnidad H87, "Mechanical keyboard"');
		expect(String(item.description)).toContain(
			'Relate the global invoice that declares ticket "1001"',
		);
		expect(String(item.description)).toContain('Nothing was sent');
	});

	test('beside a real global invoice declaring 1001, the credit note relates the real one', async () => {
		const global = await stampLastMonthGlobal(kit.engine);
		await order2002();
		const item = await creditTicket1001(global);
		expect(item.status).toBe('stamped');
		expect(item.globalSale).toMatchObject({ globalInvoice: global, ticket: '1001' });
	});

	test('Get Many by sale 1001 does not list order 2002’s invoice; the real global invoice it does', async () => {
		const other = await order2002();
		expect((await vouchersOfSale1001()).map((json) => json.uuid)).not.toContain(other);
		const global = await stampLastMonthGlobal(kit.engine);
		const listed = await vouchersOfSale1001();
		expect(listed.map((json) => [json.uuid, json.role])).toEqual([[global, 'globalInvoice']]);
	});
});
