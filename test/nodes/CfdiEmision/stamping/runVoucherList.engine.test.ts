/**
 * The run's one read of the voucher list (stamping/runVoucherList.ts), through n8n's engine against the
 * sandbox: a credit-note or payment-receipt run reads the list once for both the Duplicate Check
 * and the sale's ledger (it read it twice before), and each reader keeps to its own window of it.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { mexicoCityDateTime } from '../../../../sandbox/clock';
import { useSandboxEngine } from '../../../support/nodeTestKit';
import { receiptParams, stampInvoice, creditNoteParams } from '../../../support/kindsKit';

const kit = useSandboxEngine();
const V11 = { typeVersion: 1.1 };

const noteParams = (invoice: string, extra: INodeParameters = {}): INodeParameters =>
	creditNoteParams([{ uuid: invoice }], extra);

const apiRoutes = () =>
	kit.sandbox.requests.filter((request) => request.server === 'api').map((r) => r.route);
/** The list requests sent before the voucher's first issuing call (the after-run twin look-up is later). */
const listReadsBeforeSending = () => {
	const routes = apiRoutes();
	const sent = routes.indexOf('createVoucher');
	return (sent < 0 ? routes : routes.slice(0, sent)).filter((r) => r === 'listVouchers').length;
};

describe("one list read per run, shared by the Duplicate Check and the sale's ledger", () => {
	test('a credit note: one list read before it is sent (two before), and its re-run reads the list once', async () => {
		const invoice = await stampInvoice(kit.sandbox);
		kit.sandbox.clearLog();
		const params = noteParams(invoice, { creditAmount: 100, duplicateCheckKey: 'R-1' });
		const first = await kit.engine.runNode(params, [{}], V11);
		expect(first.error).toBeUndefined();
		expect(first.items[0].json.status).toBe('stamped');
		expect(listReadsBeforeSending()).toBe(1);

		kit.sandbox.clearLog();
		const again = await kit.engine.runNode(params, [{}], V11);
		expect(again.items[0].json).toMatchObject({
			status: 'alreadyStamped',
			uuid: first.items[0].json.uuid,
		});
		expect(apiRoutes().filter((r) => r === 'listVouchers')).toHaveLength(1);
	});

	test('two credit notes of one run on two invoices, and a payment receipt: one list read before sending', async () => {
		const x = await stampInvoice(kit.sandbox);
		const y = await stampInvoice(kit.sandbox);
		kit.sandbox.clearLog();
		const notes = await kit.engine.runNode(
			{
				...noteParams('={{ $json.invoice }}', {
					creditAmount: 100,
					duplicateCheckKey: '={{ $json.refund }}',
				}),
				creditedInvoices: { invoice: [{ uuid: '={{ $json.invoice }}' }] } as INodeParameters,
			},
			[
				{ invoice: x, refund: 'R-10' },
				{ invoice: y, refund: 'R-11' },
			],
			V11,
		);
		expect(notes.error).toBeUndefined();
		expect(notes.items.map((item) => item.json.status)).toEqual(['stamped', 'stamped']);
		expect(listReadsBeforeSending()).toBe(1);

		kit.sandbox.clearLog();
		const paid = await kit.engine.runNode(
			receiptParams([{ uuid: x, amountPaid: 500, previousBalance: 1160 }]),
			[{}],
			V11,
		);
		expect(paid.error).toBeUndefined();
		expect(paid.items[0].json.status).toBe('stamped');
		expect(listReadsBeforeSending()).toBe(1);
	});

	test("the ledger keeps to its own window: a voucher to the same recipient older than the invoice, inside the Duplicate Check's 30 days, is not read", async () => {
		const older = await stampInvoice(kit.sandbox);
		const invoice = await stampInvoice(kit.sandbox);
		// Listed five days back: the run's read reaches it (a key without a date looks 30 days back).
		const stored = [...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === older);
		if (!stored) throw new Error('no stamped voucher');
		stored.fecha = mexicoCityDateTime(Date.now() - 5 * 86_400_000);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			noteParams(invoice, { creditAmount: 100, duplicateCheckKey: 'R-20' }),
			[{}],
			V11,
		);
		expect(error).toBeUndefined();
		expect((items[0].json as IDataObject).status).toBe('stamped');
		const xmlRead = kit.sandbox.requests
			.filter((r) => r.route === 'downloadXml')
			.map((r) => r.pathname.split('/').pop());
		expect(xmlRead).toContain(invoice);
		expect(xmlRead).not.toContain(older);
	});
});
