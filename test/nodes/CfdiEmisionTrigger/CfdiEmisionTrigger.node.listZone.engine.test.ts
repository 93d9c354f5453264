/**
 * The trigger whatever zone the voucher list writes its dates in (issue 39 item 3), through
 * n8n-core's engine against the sandbox: a voucher stamped after activation is reported at the next
 * poll, once, with the list's dates in UTC's wall clock (+6 h), at +14 h or at -8 h.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { ListDates } from '../../../sandbox';
import { apiClient } from '../../support/sandboxHelpers';
import { useSandboxEngine } from '../../support/nodeTestKit';
import { pollTrigger } from '../../support/pollTrigger';

const kit = useSandboxEngine();
const uuidsOf = (items: Array<{ json: IDataObject }> | null) =>
	(items ?? []).map((item) => item.json.uuid);

describe('trigger: Voucher Stamped, whatever zone the list writes its dates in', () => {
	test.each<[string, ListDates, INodeParameters]>([
		['UTC (+6 h)', { offsetHours: 6 }, {}],
		['+14 h', { offsetHours: 14 }, {}],
		['-8 h, with a Late Voucher Window of 1 hour', { offsetHours: -8 }, { lateWindowHours: 1 }],
	])(
		'%s: a voucher stamped after activation is reported at the next poll, once',
		async (_zone, dates, options) => {
			kit.sandbox.setListDates(dates);
			const api = await apiClient(kit.sandbox);
			const event: INodeParameters = { event: 'voucherStamped', ...options };
			const before = (await api.stamp()).uuid;
			const first = await pollTrigger(kit.engine, event);
			expect(first.items).toBeNull();
			const uuid = (await api.stamp()).uuid;
			const second = await pollTrigger(kit.engine, event, first.staticData);
			// Before: not reported (+6 h, +14 h: listed after the read's end; -8 h: before its start).
			expect(uuidsOf(second.items)).toEqual([uuid]);
			expect(uuidsOf(second.items)).not.toContain(before);
			const third = await pollTrigger(kit.engine, event, second.staticData);
			expect(third.items).toBeNull();
		},
	);
});
