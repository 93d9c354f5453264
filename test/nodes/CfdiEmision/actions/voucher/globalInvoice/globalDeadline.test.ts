import {
	globalPeriodEnd,
	lateGlobalInvoiceWarning,
} from '../../../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/globalDeadline';

const at = (local: string) => Date.parse(`${local}-06:00`);

describe('the global invoice deadline: 24 hours after its period closes (RMF rule 2.7.1.21)', () => {
	test('a monthly period closes at the start of the next month, Mexico City time; December at New Year', () => {
		expect(globalPeriodEnd({ periodicidad: '04', meses: '11', anio: 2026 })).toBe(
			at('2026-12-01T00:00:00'),
		);
		expect(globalPeriodEnd({ periodicidad: '04', meses: '12', anio: 2026 })).toBe(
			at('2027-01-01T00:00:00'),
		);
		// 13 = January-February ... 18 = November-December.
		expect(globalPeriodEnd({ periodicidad: '05', meses: '13', anio: 2024 })).toBe(
			at('2024-03-01T00:00:00'),
		);
		expect(globalPeriodEnd({ periodicidad: '05', meses: '18', anio: 2024 })).toBe(
			at('2025-01-01T00:00:00'),
		);
		expect(globalPeriodEnd({ periodicidad: '04', meses: 'x', anio: 2024 })).toBeUndefined();
	});

	test("November's global: in time until 1 December 23:59:59, late from 2 December", () => {
		const november = { periodicidad: '04', meses: '11', anio: 2026 };
		expect(lateGlobalInvoiceWarning(november, at('2026-12-01T23:59:59'))).toBeUndefined();
		expect(lateGlobalInvoiceWarning(november, at('2026-12-02T00:00:00'))).toBeUndefined();
		expect(lateGlobalInvoiceWarning(november, at('2026-12-02T00:00:01'))).toBe(
			"This global invoice is stamped 24 hours after its period closed (2026-12-01 00:00 Mexico City time): the SAT asks for it within 24 hours after the period closes (RMF rule 2.7.1.21). Stamp the period's global invoice on time, e.g. with a Schedule Trigger right after the period closes.",
		);
	});

	test('a daily period: only the end of its month is known, and the warning says so', () => {
		expect(
			lateGlobalInvoiceWarning(
				{ periodicidad: '01', meses: '05', anio: 2024 },
				at('2024-06-03T10:00:00'),
			),
		).toContain(
			'a daily, weekly or fortnightly period closes at the end of its month at the latest',
		);
	});
});

describe('the deadline on the clock of the period (luxon over ICU zone data)', () => {
	test('a period that closed under daylight saving time (April 2022: 1 May 00:00 was UTC-5)', () => {
		const april2022 = { periodicidad: '04', meses: '04', anio: 2022 };
		expect(globalPeriodEnd(april2022)).toBe(Date.parse('2022-05-01T00:00:00-05:00'));
		// 2 May 00:30 in Mexico City (05:30 UTC): 24.5 hours after the period closed.
		expect(lateGlobalInvoiceWarning(april2022, Date.parse('2022-05-02T05:30:00Z'))).toMatch(
			/^This global invoice is stamped 24 hours after its period closed \(2022-05-01 00:00 Mexico City time\)/,
		);
		expect(lateGlobalInvoiceWarning(april2022, Date.parse('2022-05-02T04:59:59Z'))).toBeUndefined();
	});

	test('October 2022 closed after daylight time ended (1 November 00:00 was UTC-6); December 2022 at New Year', () => {
		expect(globalPeriodEnd({ periodicidad: '04', meses: '10', anio: 2022 })).toBe(
			Date.parse('2022-11-01T00:00:00-06:00'),
		);
		expect(globalPeriodEnd({ periodicidad: '05', meses: '18', anio: 2022 })).toBe(
			Date.parse('2023-01-01T00:00:00-06:00'),
		);
	});
});
