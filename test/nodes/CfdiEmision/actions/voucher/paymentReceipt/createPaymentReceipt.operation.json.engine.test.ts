/** Create Payment Receipt's voucher as JSON through the engine: Create with and without Compute Totals on a type P voucher, and Validate offline. */

import { Engine } from '../../../../../support/engine/engine';
import { satGuideSparseReceipt } from '../../../../../support/vouchers';
import { createParams, useSandboxEngine } from '../../../../../support/nodeTestKit';
import { CUSTOMER, issuingCalls, sentBody } from '../../../../../support/kindsKit';

/* eslint-disable @typescript-eslint/no-explicit-any */
const kit = useSandboxEngine();

const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';

describe('voucher: create payment receipt', () => {
	const sparseReceipt = (invoice: string): Record<string, unknown> => ({
		serie: 'P',
		...satGuideSparseReceipt(invoice, CUSTOMER),
	});

	test('Create in JSON mode with Compute Totals completes a type P voucher and stamps it', async () => {
		const { items, error } = await kit.engine.runNode(
			createParams(sparseReceipt(UUID) as never, { options: { computeTotals: true } }),
			[{}],
		);
		expect(error).toBeUndefined();
		const body = sentBody(kit.sandbox) as any;
		expect(body).toMatchObject({ subTotal: 0, total: 0, moneda: 'XXX', exportacion: '01' });
		expect(body.conceptos).toEqual([
			{
				claveProdServ: '84111506',
				cantidad: '1',
				claveUnidad: 'ACT',
				descripcion: 'Pago',
				valorUnitario: 0,
				importe: 0,
				objetoImp: '01',
			},
		]);
		const pagos = body.complemento.complementoPago20;
		expect(pagos.totales).toEqual({
			totalTrasladosBaseIVA16: 500,
			totalTrasladosImpuestoIVA16: 80,
			montoTotalPagos: 580,
		});
		expect(pagos.pago[0]).toMatchObject({ tipoCambioP: 1, monto: 580 });
		expect(pagos.pago[0].doctoRelacionado[0]).toMatchObject({
			equivalenciaDR: 1,
			impSaldoInsoluto: 580,
			objetoImpDR: '02',
		});
		expect(pagos.pago[0].doctoRelacionado[0].impuestosDR.trasladosDR[0]).toEqual({
			baseDR: 500,
			impuestoDR: '002',
			tipoFactorDR: 'Tasa',
			tasaOCuotaDR: 0.16,
			importeDR: 80,
		});
		expect(items[0].json.status).toBe('stamped');
	});

	test('Create in JSON mode without Compute Totals: the incomplete type P voucher is stopped, naming the paths', async () => {
		const { error } = await kit.engine.runNode(createParams(sparseReceipt(UUID) as never), [{}]);
		expect(error?.message).toContain(
			'complemento.complementoPago20.pago[0].doctoRelacionado[0].impSaldoInsoluto is missing',
		);
		expect(error?.message).toContain('complemento.complementoPago20.totales is missing');
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});

	test('Validate knows payment receipts, offline', async () => {
		const offline = new Engine();
		const wrong = {
			...sparseReceipt(UUID),
			complemento: {
				complementoPago20: {
					...(sparseReceipt(UUID).complemento as any).complementoPago20,
					version: '1.0',
				},
			},
		};
		const { items, error } = await offline.runNode(
			{
				resource: 'voucher',
				operation: 'validate',
				inputMode: 'json',
				voucherJson: JSON.stringify(wrong),
				options: { computeTotals: true },
			},
			[{}],
		);
		expect(error).toBeUndefined();
		expect(items[0].json.valid).toBe(false);
		expect(items[0].json.errors).toEqual([
			expect.objectContaining({
				code: 'COMPLEMENT_VERSION',
				path: 'complemento.complementoPago20.version',
				value: '1.0',
			}),
		]);
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});
