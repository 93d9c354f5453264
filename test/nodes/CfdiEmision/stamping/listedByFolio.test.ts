/**
 * The run's listed vouchers by folio (stamping/listedByFolio.ts): an item reads only those that may
 * carry its key, and judging those gives the verdict judging the whole window gives.
 */
import fc from 'fast-check';

import {
	judgeListed,
	mayCarryKey,
	type ListedSale,
} from '../../../../nodes/CfdiEmision/identity/saleIdentity';
import type { BusinessKey } from '../../../../nodes/CfdiEmision/cfdi/voucherSource';
import { ListedByFolio } from '../../../../nodes/CfdiEmision/stamping/listedByFolio';

const listed = (folio: string | null, extra: Partial<ListedSale> = {}): ListedSale => ({
	uuid: `U-${String(folio)}-${extra.voucherId ?? 0}`,
	voucherId: 1,
	date: '2026-11-20T10:00:00',
	status: 'stamped',
	series: 'A',
	folio,
	recipientRfc: 'XAXX010101000',
	total: '100.00',
	...extra,
});

const key = (folio: string, formerFolio?: string): BusinessKey => ({
	value: `folio:A-${folio}`,
	from: 'test',
	serie: 'A',
	folio,
	...(formerFolio ? { formerFolio } : {}),
});

describe('ListedByFolio', () => {
	test("near: the key's folio whatever its case or spaces, the former folio, and those listed without a folio, in list order", () => {
		const vouchers = [
			listed('C-1', { voucherId: 1 }),
			listed('other', { voucherId: 2 }),
			listed(null, { voucherId: 3, omits: ['folio'] }),
			listed(' c-1 ', { voucherId: 4 }),
			listed('C-0', { voucherId: 5 }),
		];
		const index = new ListedByFolio(vouchers.slice(0, 3));
		for (const voucher of vouchers.slice(3)) index.add(voucher);
		expect(index.near(key('C-1')).map((voucher) => voucher.voucherId)).toEqual([1, 3, 4]);
		expect(index.near(key('C-1', 'C-0')).map((voucher) => voucher.voucherId)).toEqual([1, 3, 4, 5]);
		expect(index.near(key('nothing'))).toEqual([vouchers[2]]);
	});

	test('judging the vouchers near the key gives the verdict judging the whole list gives', () => {
		const folios = ['F1', 'f1', ' F1', 'F2', '', null];
		const voucherArb = fc.record({
			folio: fc.constantFrom(...folios),
			series: fc.constantFrom('A', 'a', 'B', '', null),
			omits: fc.constantFrom(undefined, ['folio'], ['series'], ['folio', 'series']),
			status: fc.constantFrom('stamped', 'cancelled', 'pending', 'unknown'),
			recipientRfc: fc.constantFrom('XAXX010101000', 'EKU9003173C9', null),
			total: fc.constantFrom('100.00', '90.00', null),
			voucherId: fc.integer({ min: 1, max: 9 }),
		});
		fc.assert(
			fc.property(
				fc.array(voucherArb, { maxLength: 12 }),
				fc.constantFrom('F1', 'F2', 'F3'),
				(given, folio) => {
					const all = given.map((each, position) =>
						listed(each.folio, { ...each, uuid: `U${position}`, omits: each.omits }),
					);
					const near = new ListedByFolio(all).near(key(folio));
					const sale = { recipientRfc: 'XAXX010101000', total: '100.00' };
					expect(judgeListed(key(folio), sale, near)).toEqual(judgeListed(key(folio), sale, all));
					// Nothing that may carry the key is left out.
					expect(near).toEqual(
						expect.arrayContaining(all.filter((voucher) => mayCarryKey(voucher, key(folio)))),
					);
				},
			),
			{ numRuns: 300 },
		);
	});
});
