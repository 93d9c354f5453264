/**
 * A sale's ledger whatever zone the voucher list writes its dates in (issue 39 item 3), through
 * n8n-core's engine against the sandbox: an earlier credit note listed hours off Mexico City's wall
 * clock still counts, so the second 1,000.00 on a 1,160.00 invoice is refused naming the first.
 * (The ledger's window already reached a day either way; this holds it there.)
 */
import type { ListDates } from '../../../../sandbox';
import { useSandboxEngine } from '../../../support/nodeTestKit';
import { creditNoteParams, issuingCalls, stampInvoice } from '../../../support/kindsKit';

const kit = useSandboxEngine();
const V11 = { typeVersion: 1.1 };

describe('credit notes summed whatever zone the list writes its dates in', () => {
	test.each<[string, ListDates]>([
		['UTC (+6 h), compared as the instant', { offsetHours: 6, filterBy: 'instant' }],
		['+14 h', { offsetHours: 14 }],
		['-8 h', { offsetHours: -8 }],
	])('list dates in %s: the second 1,000.00 is refused naming the first', async (_zone, dates) => {
		kit.sandbox.setListDates(dates);
		const invoice = await stampInvoice(kit.sandbox);
		const note = (amount: number, key: string) =>
			creditNoteParams([{ uuid: invoice }], { creditAmount: amount, duplicateCheckKey: key });
		const first = await kit.engine.runNode(note(1000, 'R-1'), [{}], V11);
		expect(first.error).toBeUndefined();
		const firstUuid = String(first.items[0].json.uuid);
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(note(1000, 'R-2'), [{}], V11);
		expect(second.items).toEqual([]);
		expect(second.error?.message).toContain(
			`already credited 1000.00 MXN (credit notes ${firstUuid} 1000.00 MXN)`,
		);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});
});
