/**
 * Also covers: nodes/CfdiEmision/auth/tokenService.ts, nodes/CfdiEmision/auth/authorizeRequest.ts (the sign-in these runs share: the token call and the authorization of each request).
 */
import { invoiceVoucher } from '../../../support/vouchers';
import { routes } from '../../../support/sandboxCredential';
import { createParams, useSandboxEngine } from '../../../support/nodeTestKit';

const kit = useSandboxEngine();

describe('a 100-item run on a fresh credential', () => {
	test('stamps every item with exactly one token call and one userinfo call', async () => {
		// 100 sales, each with its own folio (the Duplicate Check, on by default, tells them apart by it).
		const input = Array.from({ length: 100 }, (_, i) => ({
			voucher: invoiceVoucher({ folio: String(i + 1), descripcionFacturador: `order ${i}` }),
		}));
		const { items, error } = await kit.engine.runNode(
			{
				...createParams(),
				voucherJson: '={{ JSON.stringify($json.voucher) }}',
				options: { concurrency: 8 },
			},
			input,
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(100);
		expect(items.map((item) => item.pairedItem)).toEqual(input.map((_, item) => ({ item })));
		expect(items.every((item) => item.json.status === 'stamped')).toBe(true);
		expect(routes(kit.sandbox, 'token')).toHaveLength(1);
		expect(routes(kit.sandbox, 'userinfo')).toHaveLength(1);
		expect(kit.sandbox.stampCount()).toBe(100);
	});

	test('reads 100 vouchers with one sign-in although n8n would start them together', async () => {
		const ids: number[] = [];
		for (let i = 0; i < 3; i++) {
			const { items } = await kit.engine.runNode(createParams(invoiceVoucher(), { stamp: false }), [
				{},
			]);
			ids.push(Number(items[0].json.idComprobante));
		}
		kit.engine.setCredential({
			...kit.engine.credentials.saved('cred-1'),
			accessToken: '',
			refreshToken: '',
			emisorId: '',
		});
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'get', voucherId: '={{ $json.id }}' },
			Array.from({ length: 100 }, (_, i) => ({ id: ids[i % 3] })),
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(100);
		expect(routes(kit.sandbox, 'token')).toHaveLength(1);
		expect(routes(kit.sandbox, 'userinfo')).toHaveLength(1);
	});

	test('a wrong password fails every item after a single token call', async () => {
		kit.engine.setCredential({
			...kit.engine.credentials.saved('cred-1'),
			password: 'wrong-password',
		});
		const { items } = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'get', voucherId: 1001 },
			Array.from({ length: 20 }, () => ({})),
			{ continueOnFail: true },
		);
		expect(items).toHaveLength(20);
		expect(
			items.every((item) =>
				String(item.json.error).includes('rejected the username or password (invalid_grant)'),
			),
		).toBe(true);
		expect(routes(kit.sandbox, 'token')).toHaveLength(1);
	});
});
