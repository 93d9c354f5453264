/**
 * The readers the voucher kinds share (voucherInput/kindInputReaders.ts): the tax rates of a kind's tax
 * fields as the CFDI writes them and positive amounts (dates: cfdi/mexicoTime.test.ts); the engine runs of
 * the kinds that use them: test/nodes/CfdiEmision/actions/voucher/create*.operation.engine.test.ts.
 */
import {
	positiveNumber,
	readTaxRates,
	taxFieldName,
} from '../../../../nodes/CfdiEmision/voucherInput/kindInputReaders';

const reader = (values: Record<string, unknown>) => (name: string) => values[name];

describe('readTaxRates', () => {
	test('nothing given: IVA 16 % transferred', () => {
		expect(readTaxRates(reader({}))).toEqual([
			{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16 },
		]);
	});

	test('IVA exempt or none; IEPS and withholdings typed as percentages become exact CFDI rates', () => {
		expect(
			readTaxRates(
				reader({
					ivaRate: 'exempt',
					iepsRate: '8',
					ivaWithheldRate: 10.6667,
					isrWithheldRate: '1.25',
				}),
			),
		).toEqual([
			{ impuesto: '002', tipoFactor: 'Exento' },
			{ impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: 0.08 },
			{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.106667, withheld: true },
			{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.0125, withheld: true },
		]);
		expect(readTaxRates(reader({ ivaRate: 'none', iepsRate: 0, isrWithheldRate: '' }))).toEqual([]);
	});

	test('a prefix reads the fields of a second use (e.g. sale prefix: saleIvaRate)', () => {
		expect(taxFieldName('sale', 'ivaRate')).toBe('saleIvaRate');
		expect(taxFieldName('', 'ivaRate')).toBe('ivaRate');
		expect(readTaxRates(reader({ saleIvaRate: '0.08', ivaRate: 'exempt' }), 'sale')).toEqual([
			{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.08 },
		]);
	});
});

describe('positiveNumber', () => {
	test('0, empty and not-a-number mean "not given"', () => {
		expect(positiveNumber('12.5')).toBe(12.5);
		for (const value of [0, '0', '', undefined, 'abc', -3, Infinity])
			expect(positiveNumber(value)).toBeUndefined();
	});
});
