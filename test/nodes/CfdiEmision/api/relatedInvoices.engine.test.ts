/**
 * The related invoices read for the items (api/relatedInvoices.ts), through n8n-core's engine
 * against the sandbox as Create Payment Receipt runs it: each invoice's XML downloaded for the run,
 * and a failure kept on the item that needed it, so one wrong UUID does not sink the others
 * (Continue On Fail). Moved from actions/voucher/paymentReceipt/createPaymentReceipt.operation.engine.test.ts
 * with its case.
 */
import { useSandboxEngine } from '../../../support/nodeTestKit';
import { receiptParams, stampInvoice } from '../../../support/kindsKit';

const kit = useSandboxEngine();

describe('related invoices read per item', () => {
	test('one wrong item among good ones, with Continue On Fail: the others are stamped', async () => {
		const invoice = await stampInvoice(kit.sandbox);
		// Another invoice: its first installment is another sale than the first invoice's.
		const another = await stampInvoice(kit.sandbox);
		kit.sandbox.clearLog();
		const params = receiptParams([{ uuid: '={{ $json.uuid }}', amountPaid: '={{ $json.paid }}' }]);
		const { items } = await kit.engine.runNode(
			params,
			[
				{ uuid: invoice, paid: 100 },
				{ uuid: 'not-a-uuid', paid: 100 },
				{ uuid: another, paid: 200 },
			],
			{ continueOnFail: true },
		);
		expect(items.map((item) => item.json.status ?? 'error')).toEqual([
			'stamped',
			'error',
			'stamped',
		]);
		expect(String(items[1].json.error)).toBe(
			'Item 1: related invoice UUID "not-a-uuid" is not a UUID.',
		);
		// Each invoice once for the operation, and once more `another` as a voucher to the same
		// recipient on the list the ledger reads for item 0 (it could be a receipt or a note).
		expect(kit.sandbox.requests.filter((r) => r.route === 'downloadXml')).toHaveLength(3);
		expect(kit.sandbox.requests.filter((r) => r.route === 'token')).toHaveLength(1);
	});
});
