/**
 * Motive 04 never ends half-done silently: under Replace the Global Invoice, when the service refuses
 * the buyer's invoice after the replacement was stamped, the item names both valid global invoices,
 * what each declares, and the two ways to settle it (needsAttention globalInvoiceHalfReplaced).
 */
import type { IDataObject } from 'n8n-workflow';

import {
	lastMonthOrder,
	runFirstItem,
	stampLastMonthGlobal,
} from '../../../../../support/globalSaleKit';
import type { Order } from '../../../../../support/corpusOrder';
import { orderParams, useSandboxEngine } from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();

const stampedTo = (rfc: string) =>
	[...kit.sandbox.vouchers.values()].filter(
		(voucher) => voucher.stampCount > 0 && (voucher.body.receptor as IDataObject).rfc === rfc,
	);

test("the buyer's invoice refused by the SAT's rules after the replacement: the item says both global invoices are valid, which sales each declares, and what the shop does (before: a plain buyer refusal)", async () => {
	const global = await stampLastMonthGlobal(kit.engine);
	const order = lastMonthOrder() as Order;
	// A buyer whose name is not the one the SAT's registry holds for the RFC (the sandbox's register:
	// KERNEL INDUSTIA JUGUETERA): refused by the service when stamping, never locally.
	const typed: Record<string, string> = {
		RFC: 'KIJ0906199R1',
		'Razon social': 'KERNEL INDUSTRIA JUGUETERA',
		'Codigo postal': '59820',
		'Regimen fiscal': '601',
	};
	for (const attribute of order.note_attributes)
		if (typed[attribute.name]) attribute.value = typed[attribute.name];
	const item = await runFirstItem(kit.engine, orderParams({ saleInGlobalInvoice: 'replace' }), [
		order as IDataObject,
	]);
	expect(item.error).toBeDefined();
	const [replacement] = stampedTo('XAXX010101000').filter((voucher) => voucher.uuid !== global);
	expect(replacement).toBeDefined();
	expect(stampedTo('KIJ0906199R1')).toEqual([]);
	expect(String(item.error)).toContain('CFDI40145');
	expect(kit.sandbox.cancellations.get(global)).toBeUndefined();
	const attention = item.needsAttention as IDataObject;
	expect(attention.reason).toBe('globalInvoiceHalfReplaced');
	expect(String(attention.message)).toContain(
		`Motive 04 stopped half-way: global invoice ${global} (`,
	);
	expect(String(attention.message)).toContain(
		`declares sales 1001, 1002, 1003 and its replacement ${replacement.uuid} (folio ${String(replacement.body.folio)}) declares 1002, 1003, both valid, while the buyer's invoice of sale 1001 was refused.`,
	);
	expect(String(attention.message)).toContain(
		`or cancel the replacement ${replacement.uuid} (Voucher → Cancel, motive 02)`,
	);
	expect((item.globalInvoice as IDataObject).declares).toEqual({
		[global]: ['1001', '1002', '1003'],
		[replacement.uuid as string]: ['1002', '1003'],
	});
});
