/**
 * Voucher > Get through n8n-core's engine against the sandbox: a pending voucher read by its id,
 * the service's answer as it is; a voucher id that is not one refused before any request.
 * (The UUID and Voucher ID fields as the editor shows them: fields/reference.fields.test.ts.)
 */
import { invoiceVoucher } from '../../../../support/vouchers';
import { account, routes } from '../../../../support/sandboxCredential';
import {
	createParams,
	ENGINE_GET_VOUCHER_SHAPE,
	useSandboxEngine,
} from '../../../../support/nodeTestKit';

const kit = useSandboxEngine();
const apiRoot = `/businessEmision/api/v1/emisores/${account.emisorId}`;

describe('voucher: get', () => {
	async function savePending(): Promise<number> {
		const { items } = await kit.engine.runNode(createParams(invoiceVoucher(), { stamp: false }), [
			{},
		]);
		kit.sandbox.clearLog();
		return Number(items[0].json.idComprobante);
	}

	test('get returns the pending voucher', async () => {
		const id = await savePending();
		const { items, error } = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'get', voucherId: id },
			[{}],
		);
		expect(error).toBeUndefined();
		const [get] = routes(kit.sandbox, 'getVoucher');
		expect(get.method).toBe('GET');
		expect(get.pathname).toBe(`${apiRoot}/comprobantes/${id}`);
		// The service's answer as it is: with the state members only when the service sends them.
		const state =
			ENGINE_GET_VOUCHER_SHAPE === 'bodyOnly'
				? {}
				: { subEstatusId: 0, uuid: null, esValido: false };
		expect(items).toEqual([
			{ json: { ...invoiceVoucher(), id, ...state }, pairedItem: { item: 0 } },
		]);
	});

	test('a voucher id that is not a positive integer is refused before any request', async () => {
		const { error } = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'get', voucherId: '12a' },
			[{}],
		);
		expect(error?.message).toBe('Item 0: Voucher ID "12a" is not a voucher id.');
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});
