import {
	describePeriod,
	globalPeriodEnd,
	lateGlobalInvoiceWarning,
	periodOfInformacionGlobal,
	periodsOverlap,
	resolveGlobalPeriod,
} from '../../../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/globalPeriod';
import { KindInputError } from '../../../../../../nodes/CfdiEmision/cfdi/kinds/taxRates';

// The SAT's "Guía de llenado del CFDI global" (versión 4.0), InformacionGlobal: Meses 01-12 is the
// month of the sales, 13-18 the two-month periods (13 = January-February ... 18 = November-December),
// Año the year of the sales; the global invoice declares sales already made (RMF 2.7.1.21).
const failure = (run: () => unknown): KindInputError => {
	try {
		run();
	} catch (error) {
		return error as KindInputError;
	}
	throw new Error('expected a refusal');
};

describe('global invoice periods that exist (issue 27, item 6)', () => {
	test('Year 0 in January: "last month" is December of the previous year', () => {
		const period = resolveGlobalPeriod(
			{ periodicidad: '04', meses: '12', anio: 0 },
			{ year: 2027, month: 1 },
		);
		expect(period).toMatchObject({ anio: 2026, meses: '12', firstMonth: 12, lastMonth: 12 });
	});

	test("Year 0 in January: the bimonthly November-December (18) is last year's", () => {
		expect(
			resolveGlobalPeriod({ periodicidad: '05', meses: '18', anio: 0 }, { year: 2027, month: 1 }),
		).toMatchObject({ anio: 2026, firstMonth: 11, lastMonth: 12 });
	});

	test("Year 0 with a month that has started is this year's (a daily invoice of today's month)", () => {
		expect(
			resolveGlobalPeriod({ periodicidad: '01', meses: '11', anio: 0 }, { year: 2026, month: 11 }),
		).toMatchObject({ anio: 2026, meses: '11', periodicidad: '01' });
	});

	test('"next month" with Year 0 is refused on the Month field, with the fix', () => {
		const error = failure(() =>
			resolveGlobalPeriod({ periodicidad: '04', meses: '12', anio: 0 }, { year: 2026, month: 11 }),
		);
		expect(error).toBeInstanceOf(KindInputError);
		expect(error.field).toBe('globalMonth');
		expect(error.message).toContain('December 2026 has not started');
		expect(error.message).toContain('November 2026 in Mexico City');
		expect(error.fix).toContain('Year 2025');
	});

	test('a future month of an explicit year is refused on the Month field', () => {
		const error = failure(() =>
			resolveGlobalPeriod(
				{ periodicidad: '01', meses: '12', anio: 2026 },
				{ year: 2026, month: 11 },
			),
		);
		expect(error.field).toBe('globalMonth');
		expect(error.message).toBe(
			'Month 12: December 2026 has not started (it is November 2026 in Mexico City); a global invoice declares sales already made.',
		);
	});

	test('a future year is refused on the Year field', () => {
		const error = failure(() =>
			resolveGlobalPeriod(
				{ periodicidad: '04', meses: '01', anio: 2027 },
				{ year: 2026, month: 11 },
			),
		);
		expect(error.field).toBe('globalYear');
		expect(error.fix).toContain('2026 or 2025');
	});

	test('a bimonthly period whose first month has started is accepted (November-December in November)', () => {
		expect(
			resolveGlobalPeriod(
				{ periodicidad: '05', meses: '18', anio: 2026 },
				{ year: 2026, month: 11 },
			),
		).toMatchObject({ anio: 2026, firstMonth: 11, lastMonth: 12 });
	});

	test('periods overlap when they share a month of the same year', () => {
		const nov = periodOfInformacionGlobal({ periodicidad: '01', meses: '11', anio: '2026' })!;
		const novDec = periodOfInformacionGlobal({ periodicidad: '05', meses: '18', anio: '2026' })!;
		const dec = periodOfInformacionGlobal({ periodicidad: '04', meses: '12', anio: '2026' })!;
		const lastNov = periodOfInformacionGlobal({ periodicidad: '01', meses: '11', anio: '2025' })!;
		expect(periodsOverlap(nov, nov)).toBe(true);
		expect(periodsOverlap(nov, novDec)).toBe(true);
		expect(periodsOverlap(dec, novDec)).toBe(true);
		expect(periodsOverlap(nov, dec)).toBe(false);
		expect(periodsOverlap(nov, lastNov)).toBe(false);
		expect(describePeriod(novDec)).toBe('November-December 2026');
	});

	test('an InformacionGlobal that cannot be read is no period', () => {
		expect(
			periodOfInformacionGlobal({ periodicidad: '01', meses: '19', anio: '2026' }),
		).toBeUndefined();
		expect(periodOfInformacionGlobal({ periodicidad: '01', meses: '05' })).toBeUndefined();
	});
});

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
