/**
 * Voucher > Build From Order through n8n-core's engine, offline: the voucher Create would send, its
 * checks and the order's totals, with no credential and no request; Validate in Order mode agrees.
 */
import { corpusOrder } from '../../../../../support/corpusOrder';
import { orderParams, useSandboxEngine } from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();

describe('Build From Order (offline)', () => {
	test('returns the voucher Create would send, its checks and the order totals, with no credential and no request', async () => {
		// Build From Order has no Input Mode: the order fields show by the operation alone.
		const { inputMode: _mode, ...params } = orderParams();
		const { items, error } = await kit.engine.runNode(
			{ ...params, operation: 'buildFromOrder' },
			[corpusOrder('example-1'), corpusOrder('no-tax-data-general-public')],
			{
				credentialId: 'none',
			},
		);
		expect(error).toBeUndefined();
		expect(kit.sandbox.requests).toHaveLength(0);
		expect(items[0].json).toMatchObject({
			valid: true,
			errors: [],
			voucher: { total: 1508, subTotal: 1300, folio: '1001' },
			computed: { total: 1508 },
			order: { orderTotal: 1508, voucherTotal: 1508 },
		});
		expect(items[1].json).toMatchObject({ status: 'skipped', skipped: { reason: 'noTaxData' } });
	});

	test('Validate with Input Mode "Order" gives the same voucher', async () => {
		const built = await kit.engine.runNode({ ...orderParams(), operation: 'buildFromOrder' }, [
			corpusOrder('many-lines'),
		]);
		const validated = await kit.engine.runNode({ ...orderParams(), operation: 'validate' }, [
			corpusOrder('many-lines'),
		]);
		expect(validated.items[0].json.voucher).toEqual(built.items[0].json.voucher);
		expect(validated.items[0].json.valid).toBe(true);
	});
});
