/**
 * The duplicate check's pure rules (identity/businessKey.ts): keys, folios, twins, the date window.
 * (What the list holds for a sale: saleIdentity.test.ts.)
 */
import fc from 'fast-check';

import {
	BusinessKeyError,
	checkWindow,
	globalInvoiceKey,
	indexByKey,
	keyOfFolio,
	listedUnderKey,
	paymentReceiptKey,
	twinsOf,
	userKey,
	type ListedVoucher,
} from '../../../../nodes/CfdiEmision/identity/businessKey';

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

	test('a key that cannot be a folio is refused naming the field, the key (cut at 60 characters) and the fix', () => {
		const refusal = (given: string, body: { folio?: string } = {}) => {
			try {
				userKey(given, body);
			} catch (error) {
				return error as BusinessKeyError;
			}
			throw new Error(`accepted ${given}`);
		};
		expect(userKey('x'.repeat(40), {}).folio).toBe('x'.repeat(40));
		const long = refusal(`${'a'.repeat(60)}${'b'.repeat(40)}`);
		expect(long.field).toBe('duplicateCheckKey');
		expect(long.message).toBe(
			`Duplicate Check Key "${'a'.repeat(60)}" is not usable: it becomes the voucher's folio, which is 1 to 40 characters without "|".`,
		);
		expect(long.fix).toContain('Map a shorter identifier of the sale');
		expect(refusal('   ').message).toContain('Duplicate Check Key "" is not usable');
		const other = refusal(' SO-77 ', { folio: '100' });
		expect(other.field).toBe('duplicateCheckKey');
		expect(other.message).toBe(
			`Duplicate Check Key "SO-77" differs from the voucher's folio "100". The check finds vouchers on the service's list by series and folio, so the key is the folio.`,
		);
		expect(other.fix).toContain('Leave the folio out');
	});

	test('payment receipt: entries without an invoice are left out, installment 0 is the first, the UUID is trimmed', () => {
		expect(
			paymentReceiptKey(
				[
					{ uuid: '', installment: 4 },
					{ uuid: ` ${UUID_A.toLowerCase()} `, installment: 0 },
				],
				{},
			),
		).toEqual({
			key: {
				value: `payment:${UUID_A}#1`,
				from: 'the paid invoices and installments',
				serie: '',
				folio: '5FB2822E-P1',
			},
			folio: '5FB2822E-P1',
		});
		expect(paymentReceiptKey([{ uuid: '', installment: 1 }], {})).toBeUndefined();
		// Several invoices: one stable folio per set of installments.
		const folio = (second: number) =>
			paymentReceiptKey(
				[
					{ uuid: UUID_A, installment: 1 },
					{ uuid: UUID_B, installment: second },
				],
				{},
			)?.folio;
		expect(folio(1)).toBe(folio(1));
		expect(folio(2)).not.toBe(folio(1));
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
		expect(two?.key.value).toBe(`payment:${UUID_A}#1,${UUID_B}#1`);
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

	test('global invoice: bimonthly is keyed by its period; a shorter period by its tickets too; a given folio is kept', () => {
		expect(
			globalInvoiceKey({ periodicidad: '05', meses: '13', anio: 2024 }, ['T-1'], { serie: 'F' }),
		).toEqual({
			key: {
				value: 'global:2024-13/05',
				from: 'the period of the global invoice',
				serie: 'F',
				folio: 'G202413-05',
			},
			folio: 'G202413-05',
		});
		const daily = globalInvoiceKey({ periodicidad: '01', meses: '05', anio: 2024 }, ['T-1'], {});
		expect(daily.key.from).toBe('the period and tickets of the global invoice');
		expect(daily.folio).toMatch(/^G202405-01-[0-9A-F]{8}$/);
		expect(daily.key.value).toMatch(/^global:2024-05\/01:[0-9A-F]{8}$/);
		expect(daily.key.value.slice(-8)).toBe(daily.folio?.slice(-8));
		// Other tickets, even when their characters run together, are another key.
		const tickets = (list: string[]) =>
			globalInvoiceKey({ periodicidad: '01', meses: '05', anio: 2024 }, list, {}).key.value;
		expect(tickets(['T-1T-2'])).not.toBe(tickets(['T-1', 'T-2']));
		expect(
			globalInvoiceKey({ periodicidad: '04', meses: '05', anio: 2024 }, [], {
				serie: 'F',
				folio: ' MAY-24 ',
			}),
		).toEqual({
			key: {
				value: 'global:2024-05/04',
				from: 'the period of the global invoice',
				serie: 'F',
				folio: 'MAY-24',
			},
		});
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

	test('the messages name the sale, the key, the voucher to keep and every one to cancel', () => {
		const key = { ...KEY, serie: '' };
		const list = [
			listed({ series: null, date: '2026-11-20T10:00:00' }),
			listed({ uuid: UUID_B, series: null, voucherId: 2, date: '2026-11-20T10:00:01' }),
			listed({ uuid: UUID_C, series: null, voucherId: 3, date: '2026-11-20T10:00:02' }),
		];
		expect(twinsOf(key, UUID_C, list)).toEqual({
			keep: UUID_A,
			cancel: [
				{ uuid: UUID_B, motive: '02' },
				{ uuid: UUID_C, motive: '02' },
			],
			thisOneIsTwin: true,
			message: `Another execution stamped the same sale (order:5001, series (none) folio 1001) at the same moment as UUID ${UUID_A}; this voucher, UUID ${UUID_C}, is its twin. Cancel ${UUID_B}, ${UUID_C} with motive 02 (issued with errors, without relation) and keep ${UUID_A}.`,
		});
		expect(twinsOf(key, UUID_A, list)?.message).toBe(
			`Another execution stamped the same sale (order:5001, series (none) folio 1001) at the same moment: ${UUID_B}, ${UUID_C}. Keep this voucher, UUID ${UUID_A}, and cancel ${UUID_B}, ${UUID_C} with motive 02 (issued with errors, without relation).`,
		);
	});

	test('this voucher not yet on the list is still a twin of the one listed; listed in other case it is itself', () => {
		expect(twinsOf(KEY, UUID_B, [listed({})])).toMatchObject({
			keep: UUID_A,
			cancel: [{ uuid: UUID_B, motive: '02' }],
			thisOneIsTwin: true,
		});
		expect(twinsOf(KEY, UUID_A.toLowerCase(), [listed({})])).toBeUndefined();
		expect(
			twinsOf(KEY, UUID_A, [listed({}), listed({ uuid: UUID_A.toLowerCase() })]),
		).toBeUndefined();
	});

	test('stamped at the same second: the lower voucher id is the one to keep', () => {
		const same = '2026-11-20T10:00:00';
		const list = [
			listed({ uuid: UUID_B, voucherId: 9, date: same }),
			listed({ voucherId: 3, date: same }),
		];
		expect(twinsOf(KEY, UUID_B, list)).toMatchObject({ keep: UUID_A, thisOneIsTwin: true });
	});

	test('not twins: a pending draft, a voucher without UUID, one cancelled in words, another folio', () => {
		const sale = { recipientRfc: 'ure180429tm6' };
		const later = { voucherId: 2, date: '2026-11-20T10:00:01' };
		const notTwin = (over: Partial<ListedVoucher>) =>
			twinsOf(KEY, UUID_A, [listed({}), listed({ uuid: UUID_B, ...later, ...over })], sale);
		expect(notTwin({ status: 'pending' })).toBeUndefined();
		expect(notTwin({ uuid: '' })).toBeUndefined();
		expect(notTwin({ status: 'unknown', statusDescription: 'Cancelado' })).toBeUndefined();
		expect(notTwin({ folio: '1002' })).toBeUndefined();
		expect(notTwin({ series: 'B' })).toBeUndefined();
		// The same recipient in another case, or a list without recipients: a twin.
		expect(notTwin({ recipientRfc: 'URE180429TM6' })?.cancel).toEqual([
			{ uuid: UUID_B, motive: '02' },
		]);
		expect(notTwin({ recipientRfc: null })?.cancel).toEqual([{ uuid: UUID_B, motive: '02' }]);
		expect(
			twinsOf(KEY, UUID_A, [
				listed({}),
				listed({ uuid: UUID_B, ...later, recipientRfc: 'XOJI740919U48' }),
			])?.cancel,
		).toEqual([{ uuid: UUID_B, motive: '02' }]);
	});

	test('another recipient under the key is a twin too (issue 33): both RFCs named, the newer to cancel, and the case of two sales numbered alike', () => {
		const sale = { recipientRfc: 'ure180429tm6' };
		const later = { voucherId: 2, date: '2026-11-20T10:00:01' };
		const other = listed({ uuid: UUID_B, ...later, recipientRfc: 'XOJI740919U48' });
		const fromOlder = twinsOf(KEY, UUID_A, [listed({}), other], sale);
		expect(fromOlder).toMatchObject({
			keep: UUID_A,
			cancel: [{ uuid: UUID_B, motive: '02' }],
			thisOneIsTwin: false,
			recipients: [
				{ uuid: UUID_A, recipientRfc: 'URE180429TM6' },
				{ uuid: UUID_B, recipientRfc: 'XOJI740919U48' },
			],
		});
		expect(fromOlder?.message).toContain(
			`UUID ${UUID_A} to URE180429TM6, UUID ${UUID_B} to XOJI740919U48`,
		);
		expect(fromOlder?.message).toContain('keep the one whose RFC is the buyer');
		expect(fromOlder?.message).toContain('two different sales numbered alike');
		// Seen from the newer voucher's item: it is the twin; its own RFC comes from the sale when the list lags.
		const fromNewer = twinsOf(KEY, UUID_B, [listed({})], { recipientRfc: 'XOJI740919U48' });
		expect(fromNewer).toMatchObject({ keep: UUID_A, thisOneIsTwin: true });
		expect(fromNewer?.recipients).toEqual([
			{ uuid: UUID_A, recipientRfc: 'URE180429TM6' },
			{ uuid: UUID_B, recipientRfc: 'XOJI740919U48' },
		]);
		// One recipient: no recipients member, the usual message.
		expect(twinsOf(KEY, UUID_B, [listed({})], sale)?.recipients).toBeUndefined();
	});
});

describe('indexByKey (one pass over the list for every key of a run)', () => {
	// Series and folios that differ only in case, spaces or type, and ones that are missing.
	const texts = fc.constantFrom(
		undefined,
		null,
		'',
		' ',
		'A',
		'a',
		' A ',
		'B',
		'1001',
		' 1001',
		1001,
		'x"y',
		'["A"]',
	);
	const voucherArb = fc.record({ series: texts, folio: texts, voucherId: fc.nat(50) });
	test('gives each key exactly the vouchers listedUnderKey gives, in list order', () => {
		fc.assert(
			fc.property(
				fc.array(voucherArb, { maxLength: 30 }),
				fc.array(voucherArb, { minLength: 1, maxLength: 8 }),
				(vouchers, keys) => {
					const list = vouchers.map((voucher) =>
						listed(voucher as unknown as Partial<ListedVoucher>),
					);
					const underKey = indexByKey(list);
					for (const key of keys) {
						const businessKey = {
							value: 'k',
							from: 'test',
							serie: key.series,
							folio: key.folio,
						} as never;
						expect(underKey(businessKey)).toEqual(
							list.filter((voucher) => listedUnderKey(voucher, businessKey)),
						);
					}
				},
			),
		);
	});
	test('twinsOf answers the same over the key’s vouchers as over the whole list', () => {
		const list = [
			listed({ uuid: UUID_B, voucherId: 2, date: '2026-11-20T09:00:00' }),
			listed({ uuid: UUID_C, voucherId: 3, folio: '1002' }),
			listed({ uuid: UUID_C, voucherId: 4, series: 'a', folio: ' 1001 ' }),
		];
		expect(twinsOf(KEY, UUID_A, indexByKey(list)(KEY))).toEqual(twinsOf(KEY, UUID_A, list));
		expect(twinsOf(KEY, UUID_A, list)?.cancel.length).toBe(2);
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
