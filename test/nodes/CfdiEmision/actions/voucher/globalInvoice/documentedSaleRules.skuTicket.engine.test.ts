/**
 * A month's global invoice beside an order the node invoiced to the general public whose product SKU
 * equals another sale's ticket: that invoice declares its own sale (its folio), not the tickets its
 * product lines happen to name (the sale-line rule, cfdi/globalSaleLines.ts declaringLines).
 */
import type { IDataObject } from 'n8n-workflow';

import { order2002ToGeneralPublic, runFirstItem } from '../../../../../support/globalSaleKit';
import { recentGlobalParams } from '../../../../../support/kindsKit';
import { lastMonthDay } from '../../../../../support/mexicoCityDates';
import { useSandboxEngine } from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();

test("last month's global invoice of 1001, 2002 and 1003: 1001 is declared (2002's product SKU is not a sale line), 2002 is left out as invoiced by its own voucher", async () => {
	const own = await order2002ToGeneralPublic(kit.engine, lastMonthDay(6));
	const json = await runFirstItem(kit.engine, recentGlobalParams(1, { formaPago: '04' }), [
		{ ticket: '1001', total: 1508 },
		{ ticket: '2002', total: 1508 },
		{ ticket: '1003', total: 58 },
	]);
	expect(json.status).toBe('stamped');
	const leftOut = (json.leftOut ?? []) as IDataObject[];
	expect(leftOut.map((sale) => [sale.ticket, sale.uuid])).toEqual([['2002', own.uuid]]);
	const stored = [...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === json.uuid)!;
	const tickets = JSON.stringify(stored.body ?? stored);
	expect(tickets).toContain('"noIdentificacion":"1001"');
	expect(tickets).toContain('"noIdentificacion":"1003"');
	expect(tickets).not.toContain('"noIdentificacion":"2002"');
});
