import { decimalToString } from '../../../../../nodes/CfdiEmision/cfdi/decimal';
import {
	conceptTaxesFor,
	grossFactor,
	KindInputError,
	type TaxRate,
} from '../../../../../nodes/CfdiEmision/cfdi/kinds/taxRates';

const IVA16: TaxRate = { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16 };
const ISR10: TaxRate = { impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, withheld: true };
const EXEMPT: TaxRate = { impuesto: '002', tipoFactor: 'Exento', tasaOCuota: 0.16 };

describe('tax rates of a voucher kind', () => {
	it('writes transfers first, then withholdings; an exempt line carries no rate', () => {
		expect(conceptTaxesFor([ISR10, IVA16, EXEMPT])).toEqual({
			traslados: [
				{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16 },
				{ impuesto: '002', tipoFactor: 'Exento' },
			],
			retenciones: [{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1 }],
		});
		expect(conceptTaxesFor([])).toEqual({});
	});

	it('one base becomes 1 + transferred rates − withheld rates once taxed', () => {
		expect(decimalToString(grossFactor([IVA16, ISR10]))).toBe('1.06');
		expect(decimalToString(grossFactor([EXEMPT]))).toBe('1');
	});

	it('a refusal names the input member and the fix', () => {
		const error = new KindInputError('amount', 'The amount is missing.', 'Give the amount paid.');
		expect(error).toBeInstanceOf(Error);
		expect(error).toMatchObject({
			name: 'KindInputError',
			field: 'amount',
			fix: 'Give the amount paid.',
		});
	});
});
