/**
 * The refund of an order the node invoiced to the general public (Without Tax Data -> Invoice the
 * General Public): its credit note relates that invoice, as for an order invoiced to its buyer.
 */
import { corpusOrder } from '../../../../../support/corpusOrder';
import { orderParams, useSandboxEngine } from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();

test('a partial refund of an order invoiced to the general public: its credit note is stamped to the general public, related to that invoice', async () => {
	const order = corpusOrder('partial-refund');
	order.note_attributes = order.note_attributes.filter(
		(attribute: { name: string }) => !/rfc|raz|r[eé]gimen|postal|uso/i.test(attribute.name),
	);
	const { items: invoiced, error: invoiceError } = await kit.engine.runNode(
		orderParams({ withoutTaxData: 'generalPublic' }),
		[order],
	);
	expect(invoiceError).toBeUndefined();
	const uuid = String(invoiced[0].json.uuid);
	const recipientOf = (stamped: unknown) =>
		(
			[...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === stamped)?.body
				.receptor as { rfc?: string } | undefined
		)?.rfc;
	expect([invoiced[0].json.status, recipientOf(uuid)]).toEqual(['stamped', 'XAXX010101000']);
	order.note_attributes.push({ name: 'CFDI UUID', value: uuid });
	order.refunds[0].order_adjustments = [
		{ id: 1, kind: 'shipping_refund', amount: '-149.00', tax_amount: '-20.55' },
	];
	order.refunds[0].transactions[0].amount = '1953.05';
	const { items, error } = await kit.engine.runNode(
		orderParams({ orderDocument: 'creditNote', serie: 'NC', withoutTaxData: 'generalPublic' }),
		[order],
		{ continueOnFail: true },
	);
	expect(error).toBeUndefined();
	expect([items[0].json.status, items[0].json.error, recipientOf(items[0].json.uuid)]).toEqual([
		'stamped',
		undefined,
		'XAXX010101000',
	]);
	const note = [...kit.sandbox.vouchers.values()].find(
		(voucher) => voucher.uuid === items[0].json.uuid,
	);
	expect(note?.body.cfdiRelacionados).toEqual([
		{ tipoRelacion: '03', cfdiRelacionado: [{ uuid }] },
	]);
});
