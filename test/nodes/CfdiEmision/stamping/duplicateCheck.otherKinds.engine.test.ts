/** The duplicate check through n8n-core's engine against the sandbox: the same rule for refunds, payments and global invoices (a ticket already invoiced is left out of the global invoice). */
import type { IDataObject } from 'n8n-workflow';
import { invoiceVoucher } from '../../../support/vouchers';
import { corpusOrder } from '../../../support/corpusOrder';
import { createParams, orderParams } from '../../../support/nodeTestKit';
import { json, useCheckSandbox, V11 } from './duplicateCheckKit';
import { globalParams, receiptParams, SALES, stampInvoice } from '../../../support/kindsKit';

const { kit, stamped, routes: routesOf } = useCheckSandbox();

describe('The same rule for refunds, payments and global invoices', () => {
	test('a refund credited twice (Order mode, credit note): one credit note; the second run returns it', async () => {
		const order = corpusOrder('partial-refund');
		const invoice = await kit.engine.runNode(orderParams(), [order], V11);
		order.note_attributes.push({ name: 'CFDI UUID', value: String(json(invoice.items).uuid) });
		order.refunds[0].order_adjustments = [
			{ id: 1, kind: 'shipping_refund', amount: '-149.00', tax_amount: '-20.55' },
		];
		order.refunds[0].transactions[0].amount = '1953.05';
		const params = orderParams({ orderDocument: 'creditNote', serie: 'NC' });
		const first = await kit.engine.runNode(params, [order], V11);
		expect(json(first.items)).toMatchObject({ status: 'stamped' });
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(params, [order], V11);
		expect(json(second.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
			series: 'NC',
			folio: '1021-R1',
		});
		expect(String((json(second.items).duplicateCheck as IDataObject).key)).toMatch(
			/^order:\d+:refund:\d+$/,
		);
		expect(routesOf()).toEqual(['listVouchers']);
		expect(stamped().filter((voucher) => voucher.body.tipoDeComprobante === 'E')).toHaveLength(1);
	});

	test('a payment receipted twice (Create Payment Receipt): one receipt, its folio taken from the invoice UUID and installment', async () => {
		const invoice = await stampInvoice(kit.sandbox);
		const params = receiptParams([{ uuid: invoice, amountPaid: 580 }]);
		const first = await kit.engine.runNode(params, [{}], V11);
		expect(first.error).toBeUndefined();
		const receipt = stamped().find((voucher) => voucher.uuid === json(first.items).uuid);
		expect(receipt?.body).toMatchObject({
			tipoDeComprobante: 'P',
			serie: 'P',
			folio: `${invoice.slice(0, 8)}-P1`,
		});
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(params, [{}], V11);
		expect(json(second.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
			duplicateCheck: { key: `payment:${invoice}#1` },
		});
		// The invoice's XML; the run's one list read (the ledger's and the check's) and the first
		// receipt's XML (an installment paid for another amount would be a new payment, refused
		// before this check answers).
		expect(routesOf()).toEqual(['downloadXml', 'listVouchers', 'downloadXml']);
		// Installment 2 of the same invoice is another payment: stamped.
		const next = await kit.engine.runNode(
			receiptParams([{ uuid: invoice, amountPaid: 580, installment: 2, previousBalance: 580 }]),
			[{}],
			V11,
		);
		expect(json(next.items).status).toBe('stamped');
		expect(stamped().filter((voucher) => voucher.body.tipoDeComprobante === 'P')).toHaveLength(2);
	});

	test('a ticket already invoiced to its customer (same folio, same amount) is left out of the global invoice, and said so', async () => {
		// The sale T-0002 of 58.00, invoiced to its customer (issue 27: the amount must match too).
		const individual = await kit.engine.runNode(
			createParams(
				invoiceVoucher({
					serie: 'A',
					folio: 'T-0002',
					conceptos: [
						{
							claveProdServ: '01010101',
							cantidad: '1',
							claveUnidad: 'H87',
							descripcion: 'Sale T-0002',
							valorUnitario: 58,
							importe: 58,
							objetoImp: '01',
						},
					],
					subTotal: 58,
					total: 58,
				}),
			),
			[{}],
			V11,
		);
		expect(json(individual.items).status).toBe('stamped');
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(globalParams(), SALES, V11);
		expect(error).toBeUndefined();
		expect(json(items)).toMatchObject({
			status: 'stamped',
			leftOut: [
				{
					itemIndex: 1,
					ticket: 'T-0002',
					reason: 'already invoiced to its customer',
					uuid: json(individual.items).uuid,
					serie: 'A',
					folio: 'T-0002',
				},
			],
		});
		const global = stamped().find((voucher) => voucher.uuid === json(items).uuid);
		expect(
			(global?.body.conceptos as IDataObject[]).map((concepto) => concepto.noIdentificacion),
		).toEqual(['T-0001', 'T-0003']);
		expect(global?.body).toMatchObject({ serie: 'F', folio: 'G202405-04' });
	});

	test('the global invoice of a period built twice: one voucher; the second run returns it', async () => {
		const first = await kit.engine.runNode(globalParams(), SALES, V11);
		expect(json(first.items).status).toBe('stamped');
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(globalParams(), SALES, V11);
		expect(json(second.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
			folio: 'G202405-04',
			duplicateCheck: { key: 'global:2024-05/04' },
		});
		expect(second.items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		// Its XML is read: a global invoice of the period holding other sales would not be this one.
		// One list read, the period's declarations' and the check's (stamping/runVoucherList.ts).
		expect(routesOf()).toEqual(['listVouchers', 'downloadXml']);
		expect(stamped()).toHaveLength(1);
	});
});
