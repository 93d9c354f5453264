/**
 * Replace the Global Invoice keeps every other sale to the cent: a sale whose IVA was rounded up to
 * carry its money (500.00 = 431.03 + 68.97; 68.96 rounded to nearest, the SAT's limits accept both)
 * is declared by the replacement with the same IVA, not recomputed to 499.99.
 */
import type { IDataObject } from 'n8n-workflow';

import { lastMonthOrder, runFirstItem } from '../../../../../support/globalSaleKit';
import { recentGlobalParams } from '../../../../../support/kindsKit';
import { orderParams, useSandboxEngine } from '../../../../../support/nodeTestKit';
import { satCheckedTotal } from '../../../../../support/satLimits';

const kit = useSandboxEngine();

const stored = (uuid: unknown) =>
	[...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid)!;
const lines = (uuid: unknown) =>
	(stored(uuid).body.conceptos as IDataObject[]).map((concepto) => [
		concepto.noIdentificacion,
		concepto.importe,
		((concepto.impuestos as IDataObject).traslados as IDataObject[])[0].importe,
	]);

test("the replacement declares the other sales as the global invoice did, each to the cent (a sale's IVA rounded up stays so)", async () => {
	const global = await runFirstItem(kit.engine, recentGlobalParams(1, { formaPago: '04' }), [
		{ ticket: '1001', total: 1508 },
		{ ticket: '1002', total: 500 },
		{ ticket: '1003', total: 58 },
	]);
	expect(global.status).toBe('stamped');
	expect(lines(global.uuid)).toEqual([
		['1001', 1300, 208],
		['1002', 431.03, 68.97],
		['1003', 50, 8],
	]);
	const output = await runFirstItem(kit.engine, orderParams({ saleInGlobalInvoice: 'replace' }), [
		lastMonthOrder() as IDataObject,
	]);
	expect(output.status).toBe('stamped');
	const replacement = (output.globalInvoice as IDataObject).replacement as IDataObject;
	expect(lines(replacement.uuid)).toEqual([
		['1002', 431.03, 68.97],
		['1003', 50, 8],
	]);
	expect(stored(replacement.uuid).body.total).toBe(558);
	expect(satCheckedTotal(stored(replacement.uuid).body as never).toFixed(2)).toBe('558.00');
});
