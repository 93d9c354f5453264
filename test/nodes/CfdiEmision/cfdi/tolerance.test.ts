import {
	decimalToString,
	parseDecimal,
	type Decimal,
} from '../../../../nodes/CfdiEmision/cfdi/decimal';
import {
	importeBounds,
	taxImporteBounds,
	withinBounds,
} from '../../../../nodes/CfdiEmision/cfdi/tolerance';

const d = (text: string) => parseDecimal(text) as Decimal;
const shown = (bounds: { lower: Decimal; upper: Decimal }) => [
	decimalToString(bounds.lower),
	decimalToString(bounds.upper),
];

describe('Anexo 20 bounds', () => {
	it('of a concept importe: (cantidad ∓ half unit) × (valorUnitario ∓ half unit), lower truncated, upper rounded up', () => {
		// 1.5 × 10.25: (1.45 × 10.245 = 14.85525) to (1.55 × 10.255 = 15.89525), minus the tie epsilon
		expect(shown(importeBounds(d('1.5'), d('10.25'), 2))).toEqual(['14.85', '15.90']);
		expect(withinBounds(d('15.38'), importeBounds(d('1.5'), d('10.25'), 2))).toBe(true);
		expect(withinBounds(d('15.91'), importeBounds(d('1.5'), d('10.25'), 2))).toBe(false);
	});

	it('of a tax importe: (base ∓ half unit) × the exact rate', () => {
		// base 100.00 at 16 %: 99.995 × 0.16 = 15.9992 down to 15.99; 100.005 × 0.16 = 16.0008 up to 16.01
		const bounds = taxImporteBounds(d('100.00'), d('0.16'), 2);
		expect(shown(bounds)).toEqual(['15.99', '16.01']);
		expect(withinBounds(d('16.00'), bounds)).toBe(true);
		expect(withinBounds(d('16.02'), bounds)).toBe(false);
		expect(withinBounds(d('15.98'), bounds)).toBe(false);
	});
});
