/**
 * Voucher > Get Status through n8n-core's engine against the sandbox: one voucher read by UUID
 * through the list, with a readable status; an unknown UUID is the item's error.
 */
import { invoiceVoucher } from '../../../../support/vouchers';
import { apiClient } from '../../../../support/sandboxHelpers';
import { stampedUuid, useSandboxEngine } from '../../../../support/nodeTestKit';
import { routes } from '../../../../support/sandboxCredential';

const kit = useSandboxEngine();

beforeEach(async () => {
	await apiClient(kit.sandbox);
	// The test's own sign-in is not the node's doing.
	kit.sandbox.clearLog();
});

describe('voucher: get status', () => {
	test('reads one voucher by UUID through the list, with a readable status', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items } = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'getStatus', uuid: uuid.toLowerCase() },
			[{}],
		);
		expect(items[0].json).toEqual({
			uuid,
			voucherId: expect.any(Number),
			date: expect.any(String),
			status: 'stamped',
			subEstatusId: 2,
			statusDescription: 'Timbrado',
			series: 'A',
			folio: null,
			recipientRfc: (invoiceVoucher().receptor as { rfc: string }).rfc,
			recipientName: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
			subtotal: 1000.75,
			total: 1000.75,
			currency: 'MXN',
		});
		const [read] = routes(kit.sandbox, 'listVouchers');
		expect(read.query).toMatchObject({ uuid, skip: '0', take: '100' });
		// The list wants a range: about six years back to a day ahead.
		expect(Number(read.query.ffinal) - Number(read.query.finicial)).toBe(6 * 366 * 86_400 + 86_400);
	});

	test('an unknown UUID is an error; with Continue On Fail an error item', async () => {
		const { items } = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'getStatus', uuid: '11111111-2222-4333-8444-555555555555' },
			[{}],
			{ continueOnFail: true },
		);
		expect(items[0].json.error).toBe(
			'Item 0: No stamped voucher with UUID 11111111-2222-4333-8444-555555555555 was found for this issuer.',
		);
	});
});
