/**
 * The voucher-level tax groups (cfdi/taxGrouping.ts) that computeTotals writes and the validator
 * expects: traslados per impuesto + tipoFactor + rate, retenciones per impuesto, each amount the sum
 * of the concepts' already rounded amounts (Anexo 20, CFDI40215 / CFDI40221), rounded once to the
 * currency's decimals. decimal.js is the oracle for the sums.
 */
import Decimal from 'decimal.js';

import {
	decimalToString,
	parseDecimal,
	type Decimal as PackageDecimal,
} from '../../../../nodes/CfdiEmision/cfdi/decimal';
import {
	describeTrasladoGroup,
	groupRetenciones,
	groupTraslados,
	trasladoKey,
	type TaxLineAmounts,
} from '../../../../nodes/CfdiEmision/cfdi/taxGrouping';

const d = (text: string): PackageDecimal => parseDecimal(text) as PackageDecimal;
const shown = (value: PackageDecimal | undefined) =>
	value === undefined ? undefined : decimalToString(value);
const line = (
	impuesto: string,
	tipoFactor: string,
	rate: string | undefined,
	base: string,
	importe?: string,
): TaxLineAmounts => ({
	impuesto,
	tipoFactor,
	...(rate !== undefined ? { tasaOCuota: d(rate) } : {}),
	base: d(base),
	...(importe !== undefined ? { importe: d(importe) } : {}),
});
/** The oracle: decimal.js sum, rounded half-up once to `decimals`. */
const oracleSum = (values: string[], decimals: number) =>
	values
		.reduce((sum, value) => sum.plus(value), new Decimal(0))
		.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);

describe('trasladoKey: which concept taxes share a voucher-level traslado', () => {
	it('treats 0.16 and 0.160000 as the same rate', () => {
		expect(trasladoKey('002', 'Tasa', d('0.160000'))).toBe(trasladoKey('002', 'Tasa', d('0.16')));
		expect(trasladoKey('002', 'Tasa', d('0.160000'))).toBe('002|Tasa|0.16');
	});

	it('keeps apart what the SAT groups apart: another impuesto, factor or rate, and a line without rate', () => {
		const keys = [
			trasladoKey('002', 'Tasa', d('0.16')),
			trasladoKey('002', 'Tasa', d('0.08')),
			trasladoKey('002', 'Tasa', d('0')),
			trasladoKey('003', 'Tasa', d('0.16')),
			trasladoKey('002', 'Cuota', d('0.16')),
			trasladoKey('002', 'Exento'),
		];
		expect(new Set(keys).size).toBe(keys.length);
		expect(trasladoKey('002', 'Exento')).toBe('002|Exento|');
		expect(trasladoKey('002', 'Tasa', d('0'))).toBe('002|Tasa|0');
	});
});

describe('describeTrasladoGroup: the group as the validation messages name it', () => {
	it('shows the rate with the six decimals of the SAT catalog, and no rate for an exempt group', () => {
		expect(describeTrasladoGroup('002', 'Tasa', d('0.16'))).toBe('002/Tasa/0.160000');
		expect(describeTrasladoGroup('002', 'Tasa', d('0'))).toBe('002/Tasa/0.000000');
		expect(describeTrasladoGroup('003', 'Cuota', d('1.5'))).toBe('003/Cuota/1.500000');
		expect(describeTrasladoGroup('002', 'Exento')).toBe('002/Exento');
	});
});

describe('groupTraslados: the voucher-level traslados', () => {
	it('sums bases and rounded line amounts per group, in the order the groups first appear', () => {
		const lines = [
			line('002', 'Tasa', '0.16', '100.00', '16.00'),
			line('002', 'Exento', undefined, '50.00'),
			line('002', 'Tasa', '0.08', '10.00', '0.80'),
			line('002', 'Tasa', '0.160000', '0.10', '0.02'),
			line('002', 'Exento', undefined, '25.50'),
		];
		const groups = groupTraslados(lines, 2).map((group) => ({
			...group,
			tasaOCuota: shown(group.tasaOCuota),
			base: shown(group.base),
			importe: shown(group.importe),
		}));
		expect(groups).toEqual([
			{
				key: '002|Tasa|0.16',
				impuesto: '002',
				tipoFactor: 'Tasa',
				tasaOCuota: '0.16',
				base: '100.10',
				importe: '16.02',
			},
			{
				key: '002|Exento|',
				impuesto: '002',
				tipoFactor: 'Exento',
				tasaOCuota: undefined,
				base: '75.50',
				importe: undefined,
			},
			{
				key: '002|Tasa|0.08',
				impuesto: '002',
				tipoFactor: 'Tasa',
				tasaOCuota: '0.08',
				base: '10.00',
				importe: '0.80',
			},
		]);
	});

	it('an exempt group carries no amount (CFDI40177), even at 0 decimals', () => {
		const [group] = groupTraslados(
			[line('002', 'Exento', undefined, '13'), line('002', 'Exento', undefined, '7')],
			0,
		);
		expect(group.importe).toBeUndefined();
		expect(shown(group.base)).toBe('20');
	});

	it('the group amount is the sum of the rounded line amounts, never base × rate again', () => {
		// Three lines of 0.03 at 16 %: each line's tax rounds 0.0048 to 0.00, so the group's is 0.00,
		// while 0.09 × 0.16 = 0.0144 would round to 0.01.
		const lines = [0, 1, 2].map(() => line('002', 'Tasa', '0.16', '0.03', '0.00'));
		const [group] = groupTraslados(lines, 2);
		expect(shown(group.base)).toBe('0.09');
		expect(shown(group.importe)).toBe('0.00');
	});

	it('rounds the sums once, half up, to the currency decimals (decimal.js as oracle)', () => {
		const bases = ['10.005', '20.0049', '0.0001'];
		const importes = ['1.6008', '3.2008', '0.0000'];
		const lines = bases.map((base, index) => line('002', 'Tasa', '0.16', base, importes[index]));
		for (const decimals of [0, 2, 3]) {
			const [group] = groupTraslados(lines, decimals);
			expect(new Decimal(decimalToString(group.base)).equals(oracleSum(bases, decimals))).toBe(
				true,
			);
			expect(
				new Decimal(decimalToString(group.importe as PackageDecimal)).equals(
					oracleSum(importes, decimals),
				),
			).toBe(true);
		}
		// 30.01 exactly: the bases are summed before rounding, not rounded one by one (10.01 + 20.00 + 0.00).
		expect(shown(groupTraslados(lines, 2)[0].base)).toBe('30.01');
	});

	it('a rate line whose amount is not known yet adds its base only', () => {
		const [group] = groupTraslados(
			[line('002', 'Tasa', '0.16', '100', '16'), line('002', 'Tasa', '0.16', '50')],
			2,
		);
		expect(shown(group.base)).toBe('150');
		expect(shown(group.importe)).toBe('16');
	});

	it('no lines, no groups', () => {
		expect(groupTraslados([], 2)).toEqual([]);
	});
});

describe('groupRetenciones: the voucher-level retenciones', () => {
	it('sums the withheld amounts per impuesto whatever the rate, in first-appearance order', () => {
		const lines = [
			line('002', 'Tasa', '0.106667', '1000', '106.67'),
			line('001', 'Tasa', '0.10', '1000', '100.00'),
			line('002', 'Tasa', '0.04', '500', '20.00'),
			line('001', 'Tasa', '0.10', '0.05', '0.01'),
		];
		expect(
			groupRetenciones(lines, 2).map((group) => [group.impuesto, shown(group.importe)]),
		).toEqual([
			['002', '126.67'],
			['001', '100.01'],
		]);
	});

	it('rounds the sum once to the currency decimals (decimal.js as oracle), and a line without amount adds nothing', () => {
		const importes = ['0.004', '0.004', '1.2'];
		const lines = [
			...importes.map((importe) => line('001', 'Tasa', '0.10', '1', importe)),
			line('001', 'Tasa', '0.10', '5'),
		];
		for (const decimals of [0, 2]) {
			const [group] = groupRetenciones(lines, decimals);
			expect(
				new Decimal(decimalToString(group.importe)).equals(oracleSum(importes, decimals)),
			).toBe(true);
		}
		expect(shown(groupRetenciones(lines, 2)[0].importe)).toBe('1.21');
		// An impuesto whose only line has no amount yet still shows, at 0.
		expect(
			groupRetenciones([line('001', 'Tasa', '0.10', '5')], 2).map((group) => [
				group.impuesto,
				shown(group.importe),
			]),
		).toEqual([['001', '0']]);
	});
});
