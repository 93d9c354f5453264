/**
 * What the shop must act on, and what came out without a stamp, where a person looks (issue 32
 * item 2), through n8n-core's engine against the sandbox: needsAttention { reason, message } on
 * the item (the error item with Continue On Fail) and the execution hints above Create's output
 * for items answered with an existing voucher, left out, or needing the shop.
 *
 * Also covers: nodes/CfdiEmision/execution/needsAttention.ts (the member these items carry).
 */
import type { IDataObject, IRun } from 'n8n-workflow';

import { corpusOrder } from '../../../support/corpusOrder';
import { invoiceVoucher } from '../../../support/vouchers';
import {
	createParams,
	orderParams,
	stampSeveral,
	useSandboxEngine,
} from '../../../support/nodeTestKit';

const kit = useSandboxEngine();

/** The saves and stamps sent since request `mark` of the sandbox's log, as route and status. */
const issuingCallsSince = (mark: number) =>
	kit.sandbox.requests
		.slice(mark)
		.filter((request) => request.route === 'createVoucher' || request.route === 'updateVoucher')
		.map((request) => `${request.route} ${request.status}`);

const hintsOf = (run: IRun, name: string) =>
	(run.data.resultData.runData[name]?.[0]?.hints ?? []).map((hint) => [hint.type, hint.message]);

describe('needsAttention and the execution hints of Create', () => {
	test('an order stamped earlier is answered with its voucher: status alreadyStamped and an info hint saying nothing was stamped', async () => {
		const order = corpusOrder('example-1') as IDataObject;
		const first = await kit.engine.runNode(
			orderParams({ duplicateCheck: 'returnExisting' }),
			[order],
			{
				typeVersion: 1.1,
			},
		);
		expect(first.items[0].json.status).toBe('stamped');
		expect(hintsOf(first.run, first.run.data.resultData.lastNodeExecuted!)).toEqual([]);
		const before = kit.sandbox.requests.length;
		const again = await kit.engine.runNode(
			orderParams({ duplicateCheck: 'returnExisting' }),
			[order],
			{
				typeVersion: 1.1,
			},
		);
		expect(again.items[0].json).toMatchObject({
			status: 'alreadyStamped',
			uuid: first.items[0].json.uuid,
		});
		expect(again.items[0].json.needsAttention).toBeUndefined();
		expect(hintsOf(again.run, again.run.data.resultData.lastNodeExecuted!)).toEqual([
			[
				'info',
				"Item 0 was answered with an existing voucher (status alreadyStamped or alreadyPending): nothing was stamped for it, and the UUID given is the earlier voucher's (see duplicateCheck in the item).",
			],
		]);
		expect(issuingCallsSince(before)).toEqual([]);
		expect(kit.sandbox.stampCount()).toBe(1);
	});

	test('an order left out (no tax data): skipped in the item and a hint naming the item and why', async () => {
		const { items, run } = await kit.engine.runNode(
			orderParams(),
			[corpusOrder('no-tax-data-general-public') as IDataObject],
			{ typeVersion: 1.1 },
		);
		expect(items[0].json.status).toBe('skipped');
		expect(hintsOf(run, run.data.resultData.lastNodeExecuted!)).toEqual([
			[
				'info',
				"One item was left out, nothing sent: item 0 (noTaxData). The item's skipped member says why.",
			],
		]);
		expect(issuingCallsSince(0)).toEqual([]);
	});

	test('a folio already stamped for another recipient (Continue On Fail): the error item carries needsAttention folioCollision, a warning hint says the shop must act, nothing sent', async () => {
		await stampSeveral(kit, [{ folio: '7001' }]);
		const before = kit.sandbox.requests.length;
		const other = invoiceVoucher({ folio: '7001' });
		Object.assign(other.receptor as IDataObject, {
			rfc: 'FUNK671228PH6',
			nombre: 'KARLA FUENTE NOLASCO',
			regimenFiscalReceptor: '612',
			domicilioFiscalReceptor: '01160',
			usoCFDI: 'G03',
		});
		const { items, run } = await kit.engine.runNode(createParams(other), [{}], {
			typeVersion: 1.1,
			continueOnFail: true,
		});
		expect(items[0].json.status).toBe('folioCollision');
		expect(items[0].json.needsAttention).toEqual({
			reason: 'folioCollision',
			message: expect.stringContaining('7001'),
		});
		expect(hintsOf(run, run.data.resultData.lastNodeExecuted!)).toEqual([
			[
				'warning',
				"One item needs the shop's action: item 0 (folioCollision). The item's needsAttention member says what to do; route it with an If on needsAttention to alert the owner.",
			],
		]);
		expect(issuingCallsSince(before)).toEqual([]);
		expect(kit.sandbox.stampCount()).toBe(1);
	});

	test('a buyer asks for an order invoiced to another RFC: skipped, needsAttention invoicedToAnotherRfc, and the warning hint beside the left-out one', async () => {
		const order = corpusOrder('example-1') as IDataObject;
		const first = await kit.engine.runNode(orderParams(), [order], { typeVersion: 1.1 });
		expect(first.items[0].json.status).toBe('stamped');
		const { items, run } = await kit.engine.runNode(
			orderParams({
				orderOptions: { buyerEmail: String(order.email) },
				recipientData: {
					rfc: 'XIA190128J61',
					nombre: 'XENON INDUSTRIAL ARTICLES',
					regimenFiscalReceptor: '601',
					domicilioFiscalReceptor: '76343',
					usoCFDI: 'G03',
				},
			}),
			[{ ...order, note_attributes: [] }],
			{ typeVersion: 1.1 },
		);
		expect(items[0].json).toMatchObject({
			status: 'skipped',
			skipped: { reason: 'invoicedToAnotherRfc' },
			needsAttention: {
				reason: 'invoicedToAnotherRfc',
				message: expect.stringContaining(String(first.items[0].json.uuid)),
			},
		});
		expect(items[0].json).not.toHaveProperty('uuid');
		expect(hintsOf(run, run.data.resultData.lastNodeExecuted!)).toEqual([
			['info', expect.stringContaining('item 0 (invoicedToAnotherRfc)')],
			[
				'warning',
				expect.stringContaining("One item needs the shop's action: item 0 (invoicedToAnotherRfc)."),
			],
		]);
		expect(kit.sandbox.stampCount()).toBe(1);
	});
});
