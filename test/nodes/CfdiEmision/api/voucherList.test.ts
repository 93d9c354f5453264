/** readWholeList (api/voucherList.ts): the Duplicate Check reads a window to its announced count. */
import { readWholeList } from '../../../../nodes/CfdiEmision/api/voucherList';
import type { ListPage } from '../../../../nodes/CfdiEmision/api/voucherRecords';

const voucher = (n: number) => ({
	uuid: `U${n}`,
	idComprobante: n,
	subestatusId: 2,
	folio: `${n}`,
});

/** A newest-first list of `count` vouchers served `take` at a time; `between` runs after each page. */
function service(
	count: number,
	take: number,
	between: (list: number[], page: number) => void = () => {},
) {
	const list = Array.from({ length: count }, (_, index) => count - index);
	let page = 0;
	const pageAt = async (skip: number): Promise<ListPage> => {
		const answer = {
			items: list.slice(skip, skip + take).map(voucher),
			total: list.length,
		};
		between(list, page++);
		return answer;
	};
	return { list, pageAt, pages: () => page };
}

describe('readWholeList', () => {
	test('pages to the announced count, no further', async () => {
		const { pageAt } = service(250, 100);
		const whole = await readWholeList(pageAt);
		expect(whole).toMatchObject({ complete: true, pages: 3 });
		expect(whole.records).toHaveLength(250);
	});

	test('an empty window: one page', async () => {
		const whole = await readWholeList(service(0, 100).pageAt);
		expect(whole).toEqual({ records: [], complete: true, pages: 1 });
	});

	test('vouchers stamped while paging: the count moved, the window is read again, nothing is missed', async () => {
		let next = 1000;
		const { pageAt } = service(5, 2, (list, page) => {
			if (page === 0) list.unshift(next++);
		});
		const whole = await readWholeList(pageAt);
		expect(whole.complete).toBe(true);
		expect(whole.records.map((record) => record.voucherId).sort((a, b) => a! - b!)).toEqual([
			1, 2, 3, 4, 5, 1000,
		]);
	});

	test('a voucher removed while paging shifts a voucher past the reader: read again, found', async () => {
		const { pageAt } = service(5, 2, (list, page) => {
			if (page === 0) list.splice(0, 1);
		});
		const whole = await readWholeList(pageAt);
		expect(whole.complete).toBe(true);
		expect(whole.records.map((record) => record.voucherId)).toContain(3);
	});

	test('a count that keeps moving: incomplete after 3 passes, saying why', async () => {
		let next = 1000;
		const { pageAt } = service(5, 2, (list) => list.unshift(next++));
		const whole = await readWholeList(pageAt);
		expect(whole.complete).toBe(false);
		expect(whole.why).toBe("the list's count moved while it was read (3 passes)");
	});

	test('a service that ignores skip: incomplete, saying where it stopped', async () => {
		const whole = await readWholeList(async () => ({ items: [voucher(1), voucher(2)], total: 5 }));
		expect(whole.complete).toBe(false);
		expect(whole.why).toBe('the list stopped bringing new vouchers at 4 of the 5 it announced');
	});

	test('a bare array (no count): to the first empty page; vouchers without UUID kept by id', async () => {
		const pages: ListPage[] = [
			{ items: [voucher(1), { idComprobante: 7, subestatusId: 0 }, { folio: 'x' }] },
			{ items: [] },
		];
		const whole = await readWholeList(async () => pages.shift() as ListPage);
		expect(whole).toMatchObject({ complete: true, pages: 2 });
		expect(whole.records).toHaveLength(3);
	});
});
