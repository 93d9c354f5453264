/**
 * Create Global Invoice's voucher built from the input items (actions/voucher/globalInvoice/globalInvoiceFromSales.ts), through
 * n8n-core's engine against the sandbox: a period that exists (the SAT's "Guía de llenado del CFDI
 * global", versión 4.0: InformacionGlobal Periodicidad 01 daily ... 05 bimonthly, Meses 01-12, 13-18
 * for two months, Año the year of the sales), one set of settings, each sale once.
 */

import { useCalendar } from '../../../../../support/calendarClock';
import { useSandboxEngine } from '../../../../../support/nodeTestKit';
import {
	dailyGlobalOfThisMonth,
	globalParams,
	issuingCalls,
	SALES,
	sentBody,
	salesOfTickets,
} from '../../../../../support/kindsKit';

/* eslint-disable @typescript-eslint/no-explicit-any */
const calendar = useCalendar();
const kit = useSandboxEngine({ now: calendar.now });
const V11 = { typeVersion: 1.1 };

const routesOf = () =>
	kit.sandbox.requests
		.filter((request) => request.server === 'api')
		.map((request) => request.route);

/**
 * A day in May and one in December (noon in Mexico City), and the month after it as a user would
 * type it: in May, June with Year 0; in December, January of next year (January with Year 0 is
 * this year's, which has started).
 */
const DAYS = [
	{
		day: '2026-05-15T12:00:00-06:00',
		year: 2026,
		month: '05',
		next: { globalMonth: '06', globalYear: 0 },
		refused: /^Item 0: Month 06 with Year 0: June 2026 has not started/,
		fix: 'give Year 2025',
	},
	{
		day: '2025-12-15T12:00:00-06:00',
		year: 2025,
		month: '12',
		next: { globalMonth: '01', globalYear: 2026 },
		refused: /^Item 0: Year 2026 has not started \(it is 2025 in Mexico City\)/,
		fix: 'Give the year of the sales (2025 or 2024)',
	},
] as const;

describe.each(DAYS)('a period that exists, on $day', ({ day, year, month, next, refused, fix }) => {
	beforeEach(() => calendar.set(day));

	test('Year 0 is the year of the period: this month is this year, written as Año', async () => {
		const { error } = await kit.engine.runNode(
			dailyGlobalOfThisMonth({ globalMonth: month }),
			salesOfTickets('T1'),
			V11,
		);
		expect(error).toBeUndefined();
		expect(sentBody(kit.sandbox).informacionGlobal).toEqual({
			periodicidad: '01',
			meses: month,
			anio: year,
		});
	});

	test('a year that has not started is refused on Year, before anything is sent', async () => {
		const { error } = await kit.engine.runNode(
			dailyGlobalOfThisMonth({ globalMonth: month, globalYear: year + 1 }),
			salesOfTickets('T1'),
			V11,
		);
		expect(error?.message).toBe(
			`Item 0: Year ${year + 1} has not started (it is ${year} in Mexico City): a global invoice declares sales already made.`,
		);
		expect(error?.description).toBe(
			`Give the year of the sales (${year} or ${year - 1}), or 0 for the year of the period. Nothing was sent to the service.`,
		);
		expect(routesOf()).toEqual([]);
	});

	test('next month is refused, naming the fix', async () => {
		const { error } = await kit.engine.runNode(
			dailyGlobalOfThisMonth({ globalPeriodicity: '04', ...next }),
			salesOfTickets('T1'),
			V11,
		);
		expect(error?.message).toMatch(refused);
		expect(error?.description).toContain(fix);
		expect(routesOf()).toEqual([]);
	});
});

describe('global invoice: one set of settings, each sale once', () => {
	const sales = SALES.map((sale) => ({ ...sale, month: '05', form: '01' }));

	test('a month that changes from item to item is refused, naming the item and both values', async () => {
		const changing = sales.map((sale, index) => (index === 2 ? { ...sale, month: '04' } : sale));
		const { error } = await kit.engine.runNode(
			globalParams({ globalMonth: '={{ $json.month }}' }),
			changing,
		);
		expect(error?.message).toBe(
			'Item 2: Month is "04", but item 0 has "05"; one global invoice has one Month.',
		);
		expect((error as any)?.description).toMatch(
			/^Give every sale of the invoice the same Month .* Nothing was sent to the service\.$/,
		);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});

	test('a payment form that changes from item to item is refused', async () => {
		const changing = sales.map((sale, index) => (index === 1 ? { ...sale, form: '04' } : sale));
		const { error } = await kit.engine.runNode(
			globalParams({ formaPago: '={{ $json.form }}' }),
			changing,
		);
		expect(error?.message).toMatch(/^Item 1: Payment Form is "04", but item 0 has "01"/);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});

	test('the same settings given by an expression on every item are accepted', async () => {
		const { error } = await kit.engine.runNode(
			globalParams({ globalMonth: '={{ $json.month }}', formaPago: '={{ $json.form }}' }),
			sales,
		);
		expect(error).toBeUndefined();
		expect((sentBody(kit.sandbox) as any).informacionGlobal).toEqual({
			periodicidad: '04',
			meses: '05',
			anio: 2024,
		});
	});

	test('a ticket given twice is refused, naming both items', async () => {
		const { error } = await kit.engine.runNode(globalParams(), [
			...SALES,
			{ ...SALES[0], total: 10 },
		]);
		expect(error?.message).toBe(
			'Item 3: Sale Ticket Number "T-0001" is also the ticket of item 0; a sale goes into a global invoice once.',
		);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});
});
