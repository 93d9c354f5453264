/** A sale's identity in the Duplicate Check through the engine: the check decides only on a complete, readable list (folio, recipient, state in words, two vouchers under one key, small pages). */
import type { IDataObject } from 'n8n-workflow';

import { json, useCheckSandbox, V11 } from './duplicateCheckKit';
import { corpusOrder } from '../../../support/corpusOrder';
import { orderParams } from '../../../support/nodeTestKit';

describe('the list must be complete and readable', () => {
	describe('a list that omits the folio', () => {
		const { kit, stamped, routes } = useCheckSandbox({ listOmits: ['folio'] });
		test('the check cannot decide: the item fails saying why and how to proceed; nothing is sent', async () => {
			await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
			kit.sandbox.clearLog();
			const again = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
			expect(again.error?.message).toContain(
				'The Duplicate Check could not decide whether this sale (order:5829364210001, series A folio 1001, recipient URE180429TM6, total 1508.00) is already stamped',
			);
			expect(again.error?.message).toContain('without its folio');
			expect(again.error?.description).toContain('set Duplicate Check to Off');
			expect(routes()).toEqual(['listVouchers']);
			expect(stamped()).toHaveLength(1);
		});
	});

	describe('a list that omits the recipient', () => {
		const { kit, stamped } = useCheckSandbox({ listOmits: ['receptorRfc'] });
		test('undecidable under Fail as well', async () => {
			await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
			const again = await kit.engine.runNode(
				orderParams({ duplicateCheck: 'fail' }),
				[corpusOrder('example-1')],
				V11,
			);
			expect(again.error?.message).toContain('without its recipient RFC');
			expect(stamped()).toHaveLength(1);
		});
	});

	describe('a list that gives the state only in words', () => {
		const { kit, stamped } = useCheckSandbox({ listOmits: ['subestatusId'] });
		test('"Vigente" counts as stamped; a cancellation accepted ("Cancelado") does not count', async () => {
			const first = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
			const again = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
			expect(json(again.items).status).toBe('alreadyStamped');
			const uuid = String(json(first.items).uuid);
			const cancel = await kit.engine.runNode(
				{ resource: 'voucher', operation: 'cancel', uuid, motive: '02' },
				[{}],
			);
			expect(cancel.error).toBeUndefined();
			if (json(cancel.items).status !== 'cancelled')
				kit.sandbox.resolveCancellation(uuid, 'accepted');
			const third = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
			expect(json(third.items).status).toBe('stamped');
			expect(stamped()).toHaveLength(2);
		});
	});

	describe('two stamped vouchers under one key', () => {
		const { kit } = useCheckSandbox();
		test('the output reports both: the oldest given, the other to cancel', async () => {
			const first = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
			const second = await kit.engine.runNode(
				orderParams({ duplicateCheck: 'off' }),
				[corpusOrder('example-1')],
				V11,
			);
			const third = await kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11);
			const check = json(third.items).duplicateCheck as IDataObject;
			expect(json(third.items)).toMatchObject({
				status: 'alreadyStamped',
				uuid: json(first.items).uuid,
			});
			expect((check.alsoStamped as IDataObject[]).map((voucher) => voucher.uuid)).toEqual([
				json(second.items).uuid,
			]);
			expect(String(check.twinNote)).toContain(
				`cancel ${String(json(second.items).uuid)} with motive 02`,
			);
		});
	});

	describe('small pages (the service serves 2 vouchers a page)', () => {
		const { kit, stamped } = useCheckSandbox({ maxListTake: 2 });
		test('the list is paged to its announced count: a sale on the last page is found', async () => {
			const orders = Array.from({ length: 5 }, (_, index) => ({
				...corpusOrder('example-1'),
				id: 8000 + index,
				order_number: 3001 + index,
				name: `#${3001 + index}`,
			}));
			await kit.engine.runNode(orderParams({ stampingMode: 'direct' }), orders, V11);
			kit.sandbox.clearLog();
			const again = await kit.engine.runNode(orderParams(), [orders[0]], V11);
			expect(json(again.items).status).toBe('alreadyStamped');
			expect(
				kit.sandbox.requests.filter((request) => request.route === 'listVouchers'),
			).toHaveLength(3);
			expect(stamped()).toHaveLength(5);
		});
	});
});
