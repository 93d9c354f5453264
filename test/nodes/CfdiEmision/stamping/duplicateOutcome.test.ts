/**
 * What the item says when the Duplicate Check finds its sale (stamping/duplicateOutcome.ts): the
 * voucher found, in the simplified or raw output, with how it was found; another recipient's invoice
 * never handed to a self-invoicing buyer; twins named with which to keep. Through the engine:
 * test/nodes/CfdiEmision/stamping/duplicateCheck.engine.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	alsoStamped,
	anotherRecipient,
	contentNote,
	existingOutput,
	invoicedToAnotherRfc,
} from '../../../../nodes/CfdiEmision/stamping/duplicateOutcome';
import type { StampJob } from '../../../../nodes/CfdiEmision/stamping/stampJob';

const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
const found: IDataObject = {
	uuid: UUID,
	voucherId: 77,
	series: 'A',
	folio: '1001',
	recipientRfc: 'URE180429TM6',
	total: 1160,
	currency: 'MXN',
	date: '2026-11-20T10:00:00',
	status: 'stamped',
};
const job = (output: IDataObject = {}) =>
	({
		output,
		duplicate: { key: { value: 'order:5001', from: 'the order id', serie: 'A', folio: '1001' } },
	}) as unknown as StampJob;

describe('the voucher found, as the item result', () => {
	test('simplified: what identifies it, and a message saying nothing was sent', () => {
		const json = existingOutput(
			job({ order: { name: '#1001' } }),
			'alreadyStamped',
			found,
			'simplified',
		);
		expect(json).toMatchObject({
			status: 'alreadyStamped',
			uuid: UUID,
			voucherId: 77,
			series: 'A',
			folio: '1001',
			recipientRfc: 'URE180429TM6',
			total: 1160,
			duplicateCheck: { key: 'order:5001', keyFrom: 'the order id', found },
			order: { name: '#1001' },
		});
		expect(json.message).toMatch(
			/^A-1001 is already stamped \(UUID 5FB2822E-.*\): nothing was sent\.$/,
		);
	});

	test('raw: the service member names, a pending voucher said as pending', () => {
		expect(existingOutput(job(), 'alreadyPending', { ...found, uuid: undefined }, 'raw')).toEqual({
			status: 'alreadyPending',
			uuid: null,
			idComprobante: 77,
			serie: 'A',
			folio: '1001',
			fecha: '2026-11-20T10:00:00',
			duplicateCheck: {
				key: 'order:5001',
				keyFrom: 'the order id',
				found: { ...found, uuid: undefined },
			},
		});
	});
});

describe('a self-invoice request', () => {
	test('the RFC found is another only when it differs beyond case and blanks', () => {
		expect(anotherRecipient('URE180429TM6', ' ure180429tm6 ')).toBeUndefined();
		expect(anotherRecipient('URE180429TM6', 'EKU9003173C9')).toBe('EKU9003173C9');
		expect(anotherRecipient(undefined, 'EKU9003173C9')).toBeUndefined();
		expect(anotherRecipient('URE180429TM6', '')).toBeUndefined();
	});

	test("another recipient's invoice is not handed over: the item is skipped, saying what the shop can do", () => {
		const outcome = invoicedToAnotherRfc(job({ order: { name: '#1001' } }), 'XAXX010101000', found);
		expect(outcome.items[0].json).toMatchObject({
			status: 'skipped',
			skipped: {
				reason: 'invoicedToAnotherRfc',
				message:
					'Order #1001 is already invoiced to another RFC; it cannot be invoiced to XAXX010101000. Nothing was sent. The shop can cancel that invoice (motive 02) before invoicing it again.',
			},
		});
		expect(outcome.items[0].json).not.toHaveProperty('uuid');
	});
});

describe('notes', () => {
	test('a sale found by its content says how to stamp a deliberate second voucher', () => {
		expect(contentNote({ value: 'order:5001', from: 'the order id' })).toBeUndefined();
		expect(contentNote({ value: 'content:abc', from: 'the content', folio: 'C-1A2B' })).toMatch(
			/^No Duplicate Check Key was given, so the sale is identified by the voucher's content .*folio C-1A2B, which starts with "C-"/,
		);
	});

	test('twins: every stamped voucher of the sale, the oldest kept, the others to cancel with motive 02', () => {
		const twin = { uuid: '11111111-2222-4333-8444-555555555555' };
		const note = alsoStamped({ kind: 'stamped', voucher: { uuid: UUID }, others: [twin] } as never);
		expect(note.twinNote).toBe(
			`This sale has 2 stamped vouchers: ${UUID} (the oldest, given here) and ${twin.uuid}. Keep ${UUID} and cancel ${twin.uuid} with motive 02 (issued with errors, without relation), unless they document other sales.`,
		);
		expect(alsoStamped({ kind: 'stamped', voucher: { uuid: UUID }, others: [] } as never)).toEqual(
			{},
		);
	});
});
