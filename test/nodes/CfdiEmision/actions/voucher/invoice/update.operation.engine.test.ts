/**
 * Voucher > Update through n8n-core's engine against the sandbox: the PUT sent with the body's id
 * equal to the path's, the voucher stamped; a bad voucher id on a later item stamps none.
 */
import { invoiceVoucher } from '../../../../../support/vouchers';
import { account, routes } from '../../../../../support/sandboxCredential';
import { createParams, useSandboxEngine } from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();
const apiRoot = `/businessEmision/api/v1/emisores/${account.emisorId}`;

describe('voucher: update', () => {
	async function savePending(): Promise<number> {
		const { items } = await kit.engine.runNode(createParams(invoiceVoucher(), { stamp: false }), [
			{},
		]);
		kit.sandbox.clearLog();
		return Number(items[0].json.idComprobante);
	}

	test('update sends PUT with the body id equal to the path id and stamps the voucher', async () => {
		const id = await savePending();
		const { items, error } = await kit.engine.runNode(
			{ ...createParams(invoiceVoucher({ serie: 'B' })), operation: 'update', voucherId: id },
			[{}],
		);
		expect(error).toBeUndefined();
		const [put] = routes(kit.sandbox, 'updateVoucher');
		expect(put.method).toBe('PUT');
		expect(put.pathname).toBe(`${apiRoot}/comprobantes/${id}`);
		expect(put.query).toEqual({ emitir: 'true' });
		expect(JSON.parse(put.body)).toEqual({ ...invoiceVoucher({ serie: 'B' }), id });
		const stored = kit.sandbox.vouchers.get(id)!;
		expect(stored.state).toBe('stamped');
		expect(items[0].json).toEqual({
			esValido: true,
			idComprobante: id,
			errores: null,
			uuid: stored.uuid,
			subEstatusId: 2,
			descripcion: null,
			status: 'stamped',
		});
	});

	test('without Continue On Fail, update with a bad voucher id on a later item stamps none of the earlier ones', async () => {
		const id = await savePending();
		kit.sandbox.clearLog();
		const { error } = await kit.engine.runNode(
			{
				...createParams(invoiceVoucher({ serie: 'B' })),
				operation: 'update',
				voucherId: '={{ $json.id }}',
			},
			[{ id }, { id: '12a' }],
		);
		expect(error?.message).toBe('Item 1: Voucher ID "12a" is not a voucher id.');
		expect(error?.description).toContain('The other items were not sent either');
		expect(kit.sandbox.requests).toHaveLength(0);
		expect(kit.sandbox.vouchers.get(id)?.state).toBe('pending');
	});
});
