/**
 * Create Global Invoice's voucher built from the input items (voucherInput/globalInvoice.ts), through
 * n8n-core's engine against the sandbox: a period that exists (the SAT's "Guía de llenado del CFDI
 * global", versión 4.0: InformacionGlobal Periodicidad 01 daily ... 05 bimonthly, Meses 01-12, 13-18
 * for two months, Año the year of the sales), one set of settings, each sale once.
 */

import { mexicoCityMonth } from '../../../../nodes/CfdiEmision/cfdi/mexicoTime';
import { useSandboxEngine } from '../../../support/nodeTestKit';
import {
	dailyGlobalOfThisMonth,
	globalParams,
	issuingCalls,
	SALES,
	sentBody,
	salesOfTickets,
} from '../../../support/kindsKit';

/* eslint-disable @typescript-eslint/no-explicit-any */
const kit = useSandboxEngine();
const V11 = { typeVersion: 1.1 };

const today = mexicoCityMonth();
const month = String(today.month).padStart(2, '0');
const routesOf = () =>
	kit.sandbox.requests
		.filter((request) => request.server === 'api')
		.map((request) => request.route);

describe('a period that exists', () => {
	test('Year 0 is the year of the period: this month is this year, written as Año', async () => {
		const { error } = await kit.engine.runNode(dailyGlobalOfThisMonth(), salesOfTickets('T1'), V11);
		expect(error).toBeUndefined();
		expect(sentBody(kit.sandbox).informacionGlobal).toEqual({
			periodicidad: '01',
			meses: month,
			anio: today.year,
		});
	});

	test('a year that has not started is refused on Year, before anything is sent', async () => {
		const { error } = await kit.engine.runNode(
			dailyGlobalOfThisMonth({ globalYear: today.year + 1 }),
			salesOfTickets('T1'),
			V11,
		);
		expect(error?.message).toBe(
			`Item 0: Year ${today.year + 1} has not started (it is ${today.year} in Mexico City): a global invoice declares sales already made.`,
		);
		expect(error?.description).toBe(
			`Give the year of the sales (${today.year} or ${today.year - 1}), or 0 for the year of the period. Nothing was sent to the service.`,
		);
		expect(routesOf()).toEqual([]);
	});

	(today.month < 12 ? test : test.skip)(
		'"next month" with Year 0 is refused on Month, naming the fix',
		async () => {
			const next = String(today.month + 1).padStart(2, '0');
			const { error } = await kit.engine.runNode(
				dailyGlobalOfThisMonth({ globalPeriodicity: '04', globalMonth: next }),
				salesOfTickets('T1'),
				V11,
			);
			expect(error?.message).toMatch(
				new RegExp(`^Item 0: Month ${next} with Year 0: \\w+ ${today.year} has not started`),
			);
			expect(error?.description).toContain(`give Year ${today.year - 1}`);
			expect(routesOf()).toEqual([]);
		},
	);
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
