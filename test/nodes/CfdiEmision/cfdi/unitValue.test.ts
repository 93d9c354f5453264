import {
	decimalToString,
	parseDecimal,
	type Decimal,
} from '../../../../nodes/CfdiEmision/cfdi/decimal';
import { MAX_UNIT_DECIMALS, unitValueFor } from '../../../../nodes/CfdiEmision/cfdi/unitValue';

const d = (text: string) => parseDecimal(text) as Decimal;

describe('unitValueFor', () => {
	it('gives the shortest unit value whose quantity × value rounds to the importe', () => {
		expect(decimalToString(unitValueFor(d('100.00'), d('4'), 2))).toBe('25.00');
		// 100 ÷ 3 = 33.33 gives 99.99; 33.333 × 3 = 99.999 rounds to 100.00
		expect(decimalToString(unitValueFor(d('100.00'), d('3'), 2))).toBe('33.333');
	});

	it('never uses more than 6 decimals (cfdv40 t_Importe)', () => {
		const value = unitValueFor(d('1000.01'), d('7777'), 2);
		expect(value.scale).toBeLessThanOrEqual(MAX_UNIT_DECIMALS);
		expect(MAX_UNIT_DECIMALS).toBe(6);
	});
});
