/**
 * The duplicate check's pure rules (cfdi/businessKey.ts): keys, folios, twins, the date window.
 * (What the list holds for a sale: saleIdentity.test.ts.)
 */
import {
	BusinessKeyError,
	checkWindow,
	globalInvoiceKey,
	keyOfFolio,
	paymentReceiptKey,
	twinsOf,
	userKey,
	type ListedVoucher,
} from '../../../../nodes/CfdiEmision/cfdi';

const UUID_A = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
const UUID_B = 'AAAAAAAA-396D-4725-8521-CDC4BDD20CCF';
const UUID_C = 'BBBBBBBB-396D-4725-8521-CDC4BDD20CCF';

const listed = (over: Partial<ListedVoucher>): ListedVoucher => ({
	uuid: UUID_A,
	voucherId: 1,
	date: '2026-11-20T10:00:00',
	status: 'stamped',
	series: 'A',
	folio: '1001',
	recipientRfc: 'URE180429TM6',
	...over,
});
const KEY = { value: 'order:5001', from: 'the order', serie: 'A', folio: '1001' };

describe('keys and folios', () => {
	test('a voucher with a folio is keyed by its series and folio; without a folio there is no key', () => {
		expect(keyOfFolio({ serie: 'A', folio: ' 1001 ' }, 'order:5001', 'the order')).toEqual(KEY);
		expect(keyOfFolio({ serie: 'A' }, 'order:5001', 'the order')).toBeUndefined();
	});

	test('Duplicate Check Key: written as the folio when the voucher has none; equal to its folio otherwise', () => {
		expect(userKey(' SO-77 ', { serie: 'A' })).toEqual({
			key: { value: 'SO-77', from: 'Duplicate Check Key', serie: 'A', folio: 'SO-77' },
			folio: 'SO-77',
		});
		expect(userKey('SO-77', { serie: 'A', folio: 'SO-77' })).toEqual({
			key: { value: 'SO-77', from: 'Duplicate Check Key', serie: 'A', folio: 'SO-77' },
		});
		expect(() => userKey('SO-77', { folio: '100' })).toThrow(BusinessKeyError);
		expect(() => userKey('x'.repeat(41), {})).toThrow('1 to 40 characters');
		expect(() => userKey('a|b', {})).toThrow('without "|"');
	});

	test('payment receipt: the invoices and installments; folio from the UUID and installment, or a hash for several', () => {
		const one = paymentReceiptKey([{ uuid: UUID_A.toLowerCase(), installment: 2 }], { serie: 'P' });
		expect(one).toEqual({
			key: {
				value: `payment:${UUID_A}#2`,
				from: 'the paid invoices and installments',
				serie: 'P',
				folio: '5FB2822E-P2',
			},
			folio: '5FB2822E-P2',
		});
		const two = paymentReceiptKey(
			[
				{ uuid: UUID_A, installment: 1 },
				{ uuid: UUID_B, installment: 1 },
			],
			{ serie: 'P' },
		);
		expect(two?.folio).toMatch(/^P-[0-9A-F]{8}$/);
		expect(
			paymentReceiptKey([{ uuid: UUID_A, installment: 1 }], { serie: 'P', folio: 'R-9' }),
		).toEqual({ key: expect.objectContaining({ folio: 'R-9' }) });
		expect(paymentReceiptKey([], {})).toBeUndefined();
	});

	test('global invoice: the period for monthly and bimonthly, the period and tickets for shorter ones', () => {
		expect(
			globalInvoiceKey({ periodicidad: '04', meses: '05', anio: 2024 }, ['T-1'], { serie: 'F' }),
		).toEqual({
			key: {
				value: 'global:2024-05/04',
				from: 'the period of the global invoice',
				serie: 'F',
				folio: 'G202405-04',
			},
			folio: 'G202405-04',
		});
		const dayOne = globalInvoiceKey(
			{ periodicidad: '01', meses: '05', anio: 2024 },
			['T-1', 'T-2'],
			{},
		);
		const dayTwo = globalInvoiceKey({ periodicidad: '01', meses: '05', anio: 2024 }, ['T-3'], {});
		expect(dayOne.key.value).not.toBe(dayTwo.key.value);
		expect(
			globalInvoiceKey({ periodicidad: '01', meses: '05', anio: 2024 }, ['T-2', 'T-1'], {}).key,
		).toEqual(dayOne.key);
		expect(dayOne.folio?.length).toBeLessThanOrEqual(40);
	});

	test('every derived folio fits the SAT folio (1-40 characters, no "|")', () => {
		const uuids = [UUID_A, UUID_B, UUID_C, UUID_A.toLowerCase()];
		for (let count = 1; count <= 4; count++) {
			for (const installment of [1, 9, 99, 999]) {
				const folio =
					paymentReceiptKey(
						uuids.slice(0, count).map((uuid) => ({ uuid, installment })),
						{},
					)?.folio ?? '';
				expect(folio.length).toBeGreaterThanOrEqual(1);
				expect(folio.length).toBeLessThanOrEqual(40);
				expect(folio).not.toContain('|');
			}
		}
		for (const periodicidad of ['01', '02', '03', '04', '05']) {
			const folio =
				globalInvoiceKey({ periodicidad, meses: '18', anio: 2026 }, ['T-1'], {}).folio ?? '';
			expect(folio.length).toBeLessThanOrEqual(40);
		}
	});
});

describe('twins', () => {
	test('two stamped under one key: the older is kept, the newer is cancelled with motive 02; both sides say so', () => {
		const list = [listed({ uuid: UUID_B, voucherId: 2, date: '2026-11-20T10:00:01' }), listed({})];
		const fromNewer = twinsOf(KEY, UUID_B, list);
		expect(fromNewer).toMatchObject({
			keep: UUID_A,
			cancel: [{ uuid: UUID_B, motive: '02' }],
			thisOneIsTwin: true,
		});
		expect(fromNewer?.message).toContain(`Cancel ${UUID_B} with motive 02`);
		expect(twinsOf(KEY, UUID_A, list)).toMatchObject({ keep: UUID_A, thisOneIsTwin: false });
		expect(twinsOf(KEY, UUID_A, [listed({})])).toBeUndefined();
		expect(
			twinsOf(KEY, UUID_A, [listed({}), listed({ uuid: UUID_B, status: 'cancelled' })]),
		).toBeUndefined();
	});
});

describe('the date window', () => {
	test('from the earliest sale date less three days (or the look-back), to one day ahead', () => {
		const now = Date.parse('2026-11-23T00:00:00Z') / 1000;
		expect(checkWindow(['2026-11-20T00:00:00Z'], now, 30)).toEqual({
			from: Date.parse('2026-11-17T00:00:00Z') / 1000,
			to: now + 86_400,
		});
		expect(checkWindow([undefined], now, 30).from).toBe(now - 30 * 86_400);
		expect(checkWindow([], now, 30).from).toBe(now);
	});
});
