import { routes } from '../../../support/sandboxCredential';
import { useSandboxEngine } from '../../../support/nodeTestKit';

describe('issuer id override', () => {
	const kit = useSandboxEngine();
	test("Issuer ID Override replaces the credential's emisorId in the path", async () => {
		const { error } = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'get', voucherId: 1001, emisorIdOverride: '999' },
			[{}],
		);
		expect(routes(kit.sandbox, 'getVoucher')[0].pathname).toBe(
			'/businessEmision/api/v1/emisores/999/comprobantes/1001',
		);
		expect(error?.message).toMatch(
			/^Item 0: Could not get voucher 1001: the service answered HTTP 403/,
		);
		expect(error?.description).toContain('Leave "Issuer ID Override" empty');
	});
	test('a non-numeric Issuer ID Override is refused before any request', async () => {
		const { error } = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'get', voucherId: 1001, emisorIdOverride: '12/../34' },
			[{}],
		);
		expect(error?.message).toBe('Issuer ID Override "12/../34" is not an issuer ID.');
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});
