/**
 * Voucher → Get Many, filter Sale: every voucher that documents one sale (its invoice, the global
 * invoice holding its ticket, credit notes and payment receipts), with role, state and amounts;
 * read through the n8n engine against the sandbox.
 */
import type { INodeParameters } from 'n8n-workflow';

import { apiClient, paymentVoucher, validVoucher } from '../../../support/sandboxHelpers';
import { CUSTOMER, globalParams } from '../../../support/kindsKit';
import { useSandboxEngine } from '../../../support/nodeTestKit';

const kit = useSandboxEngine();

const GENERAL_PUBLIC = {
	rfc: 'XAXX010101000',
	nombre: 'PUBLICO EN GENERAL',
	usoCFDI: 'CP01',
	regimenFiscalReceptor: '616',
	domicilioFiscalReceptor: '42501',
};

const getMany = (sale: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'voucher',
	operation: 'getMany',
	startDate: '2024-01-01',
	returnAll: true,
	filters: { sale, ...extra },
});

/** Order 1001 invoiced (PPD) and paid; tickets 1002 and 1003 in May's global invoice; 1002 refunded. */
async function month() {
	const api = await apiClient(kit.sandbox);
	const invoice = await api.stamp(
		validVoucher({ folio: '1001', metodoPago: 'PPD', formaPago: '99', receptor: { ...CUSTOMER } }),
	);
	const receipt = await api.stamp({ ...paymentVoucher(invoice.uuid), receptor: GENERAL_PUBLIC });
	await api.stamp(validVoucher({ folio: '1004', receptor: { ...CUSTOMER } }));
	const global = await kit.engine.runNode(globalParams(), [
		{ ticket: '1002', total: 116 },
		{ ticket: '1003', total: 58 },
	]);
	if (global.error) throw global.error;
	const globalUuid = String(global.items[0].json.uuid);
	const note = await kit.engine.runNode(
		{
			resource: 'voucher',
			operation: 'createCreditNote',
			serie: 'NC',
			formaPago: '04',
			creditedInvoices: { invoice: [{ uuid: globalUuid }] } as INodeParameters,
			globalSaleTicket: '1002',
			creditAmount: 16,
			options: { noCalcularFecha: true, fecha: '2024-06-10T10:00:00' },
		},
		[{}],
	);
	if (note.error) throw note.error;
	return {
		invoice: invoice.uuid,
		receipt: receipt.uuid,
		global: globalUuid,
		note: String(note.items[0].json.uuid),
	};
}

const summary = (items: Array<{ json: Record<string, unknown> }>) =>
	items
		.map(({ json }) => [json.role, json.uuid, json.status, json.saleAmount, json.relatesTo])
		.sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe('Get Many, filter Sale', () => {
	test('an order invoiced to its buyer: the invoice and its payment receipt, nothing else', async () => {
		const { invoice, receipt } = await month();
		const { items, error } = await kit.engine.runNode(getMany('#1001'), [{}]);
		expect(error).toBeUndefined();
		expect(summary(items)).toEqual([
			['invoice', invoice, 'stamped', 1160, []],
			['paymentReceipt', receipt, 'stamped', 0, [invoice]],
		]);
		expect(items.find((item) => item.json.role === 'invoice')?.json).toMatchObject({
			sale: '1001',
			voucherType: 'I',
			folio: '1001',
			total: 1160,
			recipientRfc: CUSTOMER.rfc,
		});
	});

	test("a ticket in a global invoice: the global invoice with the ticket's amount, and the credit note of that ticket", async () => {
		const { global, note } = await month();
		const { items } = await kit.engine.runNode(getMany('1002'), [{}]);
		expect(summary(items)).toEqual([
			['creditNote', note, 'stamped', 16, [global]],
			['globalInvoice', global, 'stamped', 116, []],
		]);
		// Ticket 1003 shares the global invoice but not the credit note.
		const other = await kit.engine.runNode(getMany('1003'), [{}]);
		expect(summary(other.items)).toEqual([['globalInvoice', global, 'stamped', 58, []]]);
	});

	test('the other filters still apply (status), and an unknown sale lists nothing', async () => {
		await month();
		const cancelledOnly = await kit.engine.runNode(getMany('1001', { status: 'cancelled' }), [{}]);
		expect(cancelledOnly.items).toEqual([]);
		const unknown = await kit.engine.runNode(getMany('7777'), [{}]);
		expect(unknown.error).toBeUndefined();
		expect(unknown.items).toEqual([]);
	});
});
