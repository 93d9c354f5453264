import {
	decimalToString,
	parseDecimal,
	type Decimal,
} from '../../../../../nodes/CfdiEmision/cfdi/decimal';
import { baseForGross, grossOfBase } from '../../../../../nodes/CfdiEmision/cfdi/kinds/taxIncluded';
import type { TaxRate } from '../../../../../nodes/CfdiEmision/cfdi/kinds/taxRates';

const d = (text: string) => parseDecimal(text) as Decimal;
const IVA16: TaxRate[] = [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16 }];

describe('tax-included amounts', () => {
	it('a base plus its tax rounded as the SAT rounds it', () => {
		expect(decimalToString(grossOfBase(d('100.00'), IVA16, 2), 2)).toBe('116.00');
	});

	it('the base whose taxed amount is the sale: 1160.00 at 16 % is 1000.00', () => {
		const { base, reached } = baseForGross(d('1160.00'), IVA16, 2);
		expect(decimalToString(base)).toBe('1000.00');
		expect(decimalToString(reached, 2)).toBe('1160.00');
	});

	it('an amount no base reaches gives the base of the nearest amount below', () => {
		// bases 0.86 and 0.87 are taxed to 1.00 and 1.01: 1.01 is reached, so look for one that is not
		const results = ['0.99', '1.00', '1.01', '1.02', '1.03', '1.04', '1.05'].map((amount) => {
			const { base, reached } = baseForGross(d(amount), IVA16, 2);
			expect(decimalToString(grossOfBase(base, IVA16, 2), 2)).toBe(decimalToString(reached, 2));
			return decimalToString(reached, 2) === amount;
		});
		expect(results).toContain(false);
	});
});
