/** The sandbox issuing API over real HTTP: get and update, the voucher's state machine. */
import { EMISOR, PREFIX, validVoucher } from '../support/sandboxHelpers';
import { type StampResult, UUID_V4, useIssuingApi } from './sandboxKit';

describe('sandbox issuing API', () => {
	const kit = useIssuingApi();

	describe('get and update (state machine)', () => {
		it('pending → PUT emitir=true → stamped', async () => {
			const created = (await (
				await kit.client.create(validVoucher({ serie: 'B' }), 'emitir=false')
			).json()) as StampResult;
			const id = created.idComprobante;

			const pending = await kit.client.get(id);
			expect(pending.status).toBe(200);
			expect(await pending.json()).toMatchObject({
				id,
				serie: 'B',
				esValido: false,
				subEstatusId: 0,
				uuid: null,
				version: '4.0',
			});

			const updated = await kit.client.update(id, {
				...validVoucher({ serie: 'F', folio: '7' }),
				id,
			});
			const result = (await updated.json()) as StampResult;
			expect(result).toEqual({
				esValido: true,
				idComprobante: id,
				errores: null,
				uuid: expect.stringMatching(UUID_V4),
				subEstatusId: 2,
				descripcion: null,
			});
			expect(kit.sandbox.vouchers.get(id)).toMatchObject({
				state: 'stamped',
				stampCount: 1,
				body: expect.objectContaining({ serie: 'F', folio: '7' }),
			});

			const stamped = (await (await kit.client.get(id)).json()) as Record<string, unknown>;
			expect(stamped).toMatchObject({
				id,
				serie: 'F',
				esValido: true,
				subEstatusId: 2,
				uuid: result.uuid,
			});

			const again = (await (
				await kit.client.update(id, { ...validVoucher(), id })
			).json()) as StampResult;
			expect(again).toMatchObject({
				esValido: false,
				idComprobante: id,
				uuid: result.uuid,
				subEstatusId: 2,
				errores: [{ codigo: 'FAC121', mensaje: 'El comprobante ya fue timbrado.' }],
			});
			expect(kit.sandbox.vouchers.get(id)?.stampCount).toBe(1);
		});

		it('getVoucherShape bodyOnly: GET gives the body alone and the "already stamped" refusal only its code and text', async () => {
			kit.sandbox.setGetVoucherShape('bodyOnly');
			const { idComprobante: id } = (await (
				await kit.client.create(validVoucher({ folio: '88' }), 'emitir=false')
			).json()) as StampResult;
			const pending = (await (await kit.client.get(id)).json()) as Record<string, unknown>;
			expect(pending).toMatchObject({ id, folio: '88', version: '4.0' });
			for (const member of ['esValido', 'subEstatusId', 'uuid'])
				expect(pending).not.toHaveProperty(member);
			const result = (await (
				await kit.client.update(id, { ...validVoucher({ folio: '88' }), id })
			).json()) as StampResult;
			expect(result).toMatchObject({ esValido: true, uuid: expect.stringMatching(UUID_V4) });
			const stamped = (await (await kit.client.get(id)).json()) as Record<string, unknown>;
			expect(
				Object.keys(stamped).filter((key) => ['esValido', 'subEstatusId', 'uuid'].includes(key)),
			).toEqual([]);
			const again = (await (
				await kit.client.update(id, { ...validVoucher(), id })
			).json()) as StampResult;
			expect(again).toEqual({
				esValido: false,
				idComprobante: id,
				uuid: null,
				subEstatusId: null,
				errores: [{ codigo: 'FAC121', mensaje: 'El comprobante ya fue timbrado.' }],
				descripcion: 'FAC121: El comprobante ya fue timbrado.',
			});
			expect(kit.sandbox.vouchers.get(id)?.stampCount).toBe(1);
			kit.sandbox.setGetVoucherShape('bodyWithState');
			expect(await (await kit.client.get(id)).json()).toMatchObject({
				id,
				esValido: true,
				subEstatusId: 2,
				uuid: result.uuid,
			});
			expect(() => kit.sandbox.setGetVoucherShape('other' as never)).toThrow(/bodyWithState/);
		});

		it('PUT emitir=false replaces the body and stays pending', async () => {
			const { idComprobante: id } = (await (
				await kit.client.create(validVoucher(), 'emitir=false')
			).json()) as StampResult;
			const result = (await (
				await kit.client.update(id, { ...validVoucher({ folio: '555' }), id }, 'emitir=false')
			).json()) as StampResult;
			expect(result).toEqual({
				esValido: false,
				idComprobante: id,
				errores: null,
				uuid: null,
				subEstatusId: 0,
				descripcion: null,
			});
			expect(kit.sandbox.vouchers.get(id)).toMatchObject({
				state: 'pending',
				body: expect.objectContaining({ folio: '555' }),
			});
		});

		it('a failed PUT stamp keeps the voucher pending and unchanged', async () => {
			const { idComprobante: id } = (await (
				await kit.client.create(validVoucher({ folio: '1' }), 'emitir=false')
			).json()) as StampResult;
			const result = (await (
				await kit.client.update(id, { ...validVoucher({ folio: '2', total: 5 }), id })
			).json()) as StampResult;
			expect(result).toMatchObject({
				esValido: false,
				idComprobante: id,
				uuid: null,
				subEstatusId: 0,
			});
			expect(result.errores?.map((e) => e.codigo)).toEqual(['CFDI40119']);
			expect(kit.sandbox.vouchers.get(id)).toMatchObject({
				state: 'pending',
				stampCount: 0,
				body: expect.objectContaining({ folio: '1' }),
			});
		});

		it('PUT needs a body id equal to the path id', async () => {
			const { idComprobante: id } = (await (
				await kit.client.create(validVoucher(), 'emitir=false')
			).json()) as StampResult;
			for (const body of [{ ...validVoucher(), id: id + 1 }, validVoucher()]) {
				const res = await kit.client.update(id, body);
				expect(res.status).toBe(400);
				expect(((await res.json()) as { errors: Record<string, unknown> }).errors).toHaveProperty(
					'id',
				);
			}
			expect(kit.sandbox.vouchers.get(id)?.state).toBe('pending');
		});

		it('404s for unknown ids', async () => {
			expect((await kit.client.get(99999)).status).toBe(404);
			const res = await kit.client.update(99999, { ...validVoucher(), id: 99999 });
			expect(res.status).toBe(404);
			expect(await res.json()).toEqual({ message: expect.any(String) });
			// A non-numeric id misses the GET route's int constraint; the cancel route (DELETE) has that path.
			expect(
				(await kit.client.request('GET', `${PREFIX}/emisores/${EMISOR}/comprobantes/abc`)).status,
			).toBe(405);
		});
	});
});
