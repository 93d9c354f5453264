/**
 * The service's single voucher read (api/vouchers.ts readVoucher), through n8n-core's engine
 * against the sandbox as Voucher > Get runs it: an answer that is not a voucher (not a JSON object)
 * is an error naming the read, never an item passed on as if it were the voucher. Its request and
 * a good answer: actions/voucher/get.operation.engine.test.ts; the cancel's DELETE:
 * actions/voucher/cancel.operation.engine.test.ts.
 */
import { createParams, useSandboxEngine } from '../../../support/nodeTestKit';
import { invoiceVoucher } from '../../../support/vouchers';

const kit = useSandboxEngine();

describe('readVoucher', () => {
	test.each([
		['a JSON array', '[]', '[]'],
		['a number', '42', '42'],
	])(
		'an answer that is %s is an error naming the voucher lookup; no item',
		async (_name, body, quoted) => {
			const saved = await kit.engine.runNode(createParams(invoiceVoucher(), { stamp: false }), [
				{},
			]);
			const id = Number(saved.items[0].json.idComprobante);
			kit.sandbox.injectFault({ route: 'getVoucher', kind: 'status', status: 200, body });
			const { items, error } = await kit.engine.runNode(
				{ resource: 'voucher', operation: 'get', voucherId: id },
				[{}],
			);
			expect(items).toEqual([]);
			expect(error?.message).toContain(
				`The service answered the voucher lookup with ${quoted} instead of a JSON object.`,
			);
		},
	);
});
