import { invoiceVoucher } from '../fixtures/vouchers';
import { createParams, useSandboxEngine } from './nodeTestKit';
import { routes } from './sandboxCredential';

const kit = useSandboxEngine();

describe('answers that do not match what was asked', () => {
	test('a pending save that comes back stamped is taken as stamped, never stamped again', async () => {
		const uuid = '0B6A5E0C-1C1B-4C7B-9E0B-5B8C1A2B3C4D';
		kit.sandbox.injectFault({
			route: 'createVoucher',
			kind: 'status',
			status: 200,
			body: JSON.stringify({ esValido: true, idComprobante: 77, errores: null, uuid, subEstatusId: 2, descripcion: null }),
		});
		const { items, error } = await kit.engine.runNode(createParams(), [{}]);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ idComprobante: 77, uuid, status: 'stamped' });
		expect(routes(kit.sandbox, 'updateVoucher')).toHaveLength(0);
	});

	test('a stamp request answered "not stamped" without errores is a failure that quotes descripcion', async () => {
		kit.sandbox.injectFault({
			route: 'createVoucher',
			kind: 'status',
			status: 200,
			body: JSON.stringify({ esValido: false, idComprobante: 0, errores: null, uuid: null, subEstatusId: 0, descripcion: 'Error al timbrar' }),
		});
		const { error } = await kit.engine.runNode(createParams(invoiceVoucher(), { stampingMode: 'direct' }), [{}]);
		expect(error?.message).toBe('Item 0: The service refused the voucher: not stamped: Error al timbrar');
	});

	test('two-phase: a refused stamp leaves the voucher pending and the error names its id', async () => {
		const { error } = await kit.engine.runNode(createParams(invoiceVoucher({ subTotal: 999 }), { options: { validation: 'off' } }), [{}]);
		const [stored] = [...kit.sandbox.vouchers.values()];
		expect(stored.state).toBe('pending');
		expect(error?.message).toMatch(/^Item 0: The service refused the voucher: CFDI40108/);
		expect(error?.description).toContain(`stored as pending with idComprobante ${stored.id}`);
	});
});

describe('sign-in', () => {
	test('a token-service refusal in capital letters is still a sign-in failure: one token call for all items', async () => {
		kit.sandbox.injectFault({
			route: 'token',
			kind: 'status',
			status: 400,
			times: 10,
			body: JSON.stringify({ error: 'unauthorized_client', error_description: 'EL CLIENTE NO ESTA HABILITADO' }),
		});
		const { items } = await kit.engine.runNode(createParams(), [{}, {}, {}, {}], { continueOnFail: true });
		expect(items).toHaveLength(4);
		expect(items.every((item) => String(item.json.error).includes('(unauthorized_client: EL CLIENTE NO ESTA HABILITADO)'))).toBe(true);
		expect(routes(kit.sandbox, 'token')).toHaveLength(1);
	});

	test('the credential test proves an edited password even when a session is stored', async () => {
		await kit.engine.runNode(createParams(), [{}]);
		kit.engine.setCredential({ ...kit.engine.credentials.saved('cred-1'), password: 'typo-password' });
		const edited = await kit.engine.testCredential();
		expect(edited.status).toBe('Error');
		expect(edited.message).toContain('rejected the username or password (invalid_grant)');

		// Back to the saved values: the stored session is still valid, so the refresh grant proves it.
		kit.engine.setCredential({ ...kit.engine.credentials.saved('cred-1'), password: 'Sandbox-Pass-2024' });
		kit.sandbox.clearLog();
		await expect(kit.engine.testCredential()).resolves.toMatchObject({ status: 'OK' });
		expect(routes(kit.sandbox, 'token').map((r) => new URLSearchParams(r.body).get('grant_type'))).toEqual(['refresh_token']);
	});
});
