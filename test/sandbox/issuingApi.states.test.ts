/** The sandbox issuing API over real HTTP: get and update, the voucher's state machine. */
import { DEFAULT_ACCOUNT, startSandbox, type Sandbox } from '../../sandbox';
import {
	ApiClient,
	apiClient,
	EMISOR,
	PREFIX,
	SECOND_ACCOUNT,
	validVoucher,
} from '../support/sandboxHelpers';

type Result = {
	esValido: boolean;
	idComprobante: number;
	errores: Array<{ codigo: string; mensaje: string }> | null;
	uuid: string | null;
	subEstatusId: number;
	descripcion: string | null;
};

const UUID_V4 = /^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/;

describe('sandbox issuing API', () => {
	let sandbox: Sandbox;
	let client: ApiClient;

	beforeAll(async () => {
		sandbox = await startSandbox({ accounts: [DEFAULT_ACCOUNT, SECOND_ACCOUNT] });
		client = await apiClient(sandbox);
	});
	afterAll(async () => {
		await sandbox.close();
	});

	describe('get and update (state machine)', () => {
		it('pending → PUT emitir=true → stamped', async () => {
			const created = (await (
				await client.create(validVoucher({ serie: 'B' }), 'emitir=false')
			).json()) as Result;
			const id = created.idComprobante;

			const pending = await client.get(id);
			expect(pending.status).toBe(200);
			expect(await pending.json()).toMatchObject({
				id,
				serie: 'B',
				esValido: false,
				subEstatusId: 0,
				uuid: null,
				version: '4.0',
			});

			const updated = await client.update(id, { ...validVoucher({ serie: 'F', folio: '7' }), id });
			const result = (await updated.json()) as Result;
			expect(result).toEqual({
				esValido: true,
				idComprobante: id,
				errores: null,
				uuid: expect.stringMatching(UUID_V4),
				subEstatusId: 2,
				descripcion: null,
			});
			expect(sandbox.vouchers.get(id)).toMatchObject({
				state: 'stamped',
				stampCount: 1,
				body: expect.objectContaining({ serie: 'F', folio: '7' }),
			});

			const stamped = (await (await client.get(id)).json()) as Record<string, unknown>;
			expect(stamped).toMatchObject({
				id,
				serie: 'F',
				esValido: true,
				subEstatusId: 2,
				uuid: result.uuid,
			});

			const again = (await (await client.update(id, { ...validVoucher(), id })).json()) as Result;
			expect(again).toMatchObject({
				esValido: false,
				idComprobante: id,
				uuid: result.uuid,
				subEstatusId: 2,
				errores: [{ codigo: 'FAC121', mensaje: 'El comprobante ya fue timbrado.' }],
			});
			expect(sandbox.vouchers.get(id)?.stampCount).toBe(1);
		});

		it('getVoucherShape bodyOnly: GET gives the body alone and the "already stamped" refusal only its code and text', async () => {
			sandbox.setGetVoucherShape('bodyOnly');
			const { idComprobante: id } = (await (
				await client.create(validVoucher({ folio: '88' }), 'emitir=false')
			).json()) as Result;
			const pending = (await (await client.get(id)).json()) as Record<string, unknown>;
			expect(pending).toMatchObject({ id, folio: '88', version: '4.0' });
			for (const member of ['esValido', 'subEstatusId', 'uuid'])
				expect(pending).not.toHaveProperty(member);
			const result = (await (
				await client.update(id, { ...validVoucher({ folio: '88' }), id })
			).json()) as Result;
			expect(result).toMatchObject({ esValido: true, uuid: expect.stringMatching(UUID_V4) });
			const stamped = (await (await client.get(id)).json()) as Record<string, unknown>;
			expect(
				Object.keys(stamped).filter((key) => ['esValido', 'subEstatusId', 'uuid'].includes(key)),
			).toEqual([]);
			const again = (await (await client.update(id, { ...validVoucher(), id })).json()) as Result;
			expect(again).toEqual({
				esValido: false,
				idComprobante: id,
				uuid: null,
				subEstatusId: null,
				errores: [{ codigo: 'FAC121', mensaje: 'El comprobante ya fue timbrado.' }],
				descripcion: 'FAC121: El comprobante ya fue timbrado.',
			});
			expect(sandbox.vouchers.get(id)?.stampCount).toBe(1);
			sandbox.setGetVoucherShape('bodyWithState');
			expect(await (await client.get(id)).json()).toMatchObject({
				id,
				esValido: true,
				subEstatusId: 2,
				uuid: result.uuid,
			});
			expect(() => sandbox.setGetVoucherShape('other' as never)).toThrow(/bodyWithState/);
		});

		it('PUT emitir=false replaces the body and stays pending', async () => {
			const { idComprobante: id } = (await (
				await client.create(validVoucher(), 'emitir=false')
			).json()) as Result;
			const result = (await (
				await client.update(id, { ...validVoucher({ folio: '555' }), id }, 'emitir=false')
			).json()) as Result;
			expect(result).toEqual({
				esValido: false,
				idComprobante: id,
				errores: null,
				uuid: null,
				subEstatusId: 0,
				descripcion: null,
			});
			expect(sandbox.vouchers.get(id)).toMatchObject({
				state: 'pending',
				body: expect.objectContaining({ folio: '555' }),
			});
		});

		it('a failed PUT stamp keeps the voucher pending and unchanged', async () => {
			const { idComprobante: id } = (await (
				await client.create(validVoucher({ folio: '1' }), 'emitir=false')
			).json()) as Result;
			const result = (await (
				await client.update(id, { ...validVoucher({ folio: '2', total: 5 }), id })
			).json()) as Result;
			expect(result).toMatchObject({
				esValido: false,
				idComprobante: id,
				uuid: null,
				subEstatusId: 0,
			});
			expect(result.errores?.map((e) => e.codigo)).toEqual(['CFDI40119']);
			expect(sandbox.vouchers.get(id)).toMatchObject({
				state: 'pending',
				stampCount: 0,
				body: expect.objectContaining({ folio: '1' }),
			});
		});

		it('PUT needs a body id equal to the path id', async () => {
			const { idComprobante: id } = (await (
				await client.create(validVoucher(), 'emitir=false')
			).json()) as Result;
			for (const body of [{ ...validVoucher(), id: id + 1 }, validVoucher()]) {
				const res = await client.update(id, body);
				expect(res.status).toBe(400);
				expect(((await res.json()) as { errors: Record<string, unknown> }).errors).toHaveProperty(
					'id',
				);
			}
			expect(sandbox.vouchers.get(id)?.state).toBe('pending');
		});

		it('404s for unknown ids', async () => {
			expect((await client.get(99999)).status).toBe(404);
			const res = await client.update(99999, { ...validVoucher(), id: 99999 });
			expect(res.status).toBe(404);
			expect(await res.json()).toEqual({ message: expect.any(String) });
			// A non-numeric id misses the GET route's int constraint; the cancel route (DELETE) has that path.
			expect(
				(await client.request('GET', `${PREFIX}/emisores/${EMISOR}/comprobantes/abc`)).status,
			).toBe(405);
		});
	});
});
