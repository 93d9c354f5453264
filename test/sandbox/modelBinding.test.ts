import {
	bindBoolean,
	bindJsonObject,
	emailTypeErrors,
	queryValue,
	toNumber,
	voucherTypeErrors,
} from '../../sandbox/modelBinding';

describe('request-body binding as ASP.NET Core with System.Text.Json does it', () => {
	it('an empty body, bad JSON or a non-object are refused before any rule', () => {
		expect(bindJsonObject('  ', 'Comprobante')).toEqual({
			errors: { '': ['A non-empty request body is required.'] },
		});
		expect(bindJsonObject('[1]', 'Comprobante')).toEqual({
			errors: { $: ['The JSON value could not be converted to Comprobante. Path: $'] },
		});
		expect(bindJsonObject('{"a":', 'Comprobante')).toMatchObject({
			errors: { $: [expect.stringMatching(/^The JSON value is not valid: .*\. Path: \$$/)] },
		});
		expect(bindJsonObject('{"serie":"A"}', 'Comprobante')).toEqual({ value: { serie: 'A' } });
	});

	it('numbers are read from numeric text, but text is never read from a number; paths name the member', () => {
		expect(toNumber(' 12.50 ')).toBe(12.5);
		expect(toNumber('12,50')).toBeUndefined();
		expect(
			voucherTypeErrors({ serie: 7, conceptos: [{ valorUnitario: 'two', descripcion: 'x' }] }),
		).toEqual({
			'$.serie': ['The JSON value could not be converted to System.String. Path: $.serie'],
			'$.conceptos[0].valorUnitario': [
				'The JSON value could not be converted to System.Decimal. Path: $.conceptos[0].valorUnitario',
			],
		});
		expect(voucherTypeErrors({ serie: 'A', total: '116.00', receptor: null })).toEqual({});
		expect(emailTypeErrors({ cfdi: 'not an object' })).toEqual({
			'$.cfdi': ['The JSON value could not be converted to an object. Path: $.cfdi'],
		});
	});

	it('query keys bind case-insensitively; a bool is true or false in any case', () => {
		expect(queryValue(new URLSearchParams('EsMd5=True'), 'esMd5')).toBe('True');
		expect(bindBoolean('TRUE', 'esMd5', true)).toEqual({ value: true });
		expect(bindBoolean(undefined, 'esMd5', false)).toEqual({ value: false });
		expect(bindBoolean('', 'esMd5', true)).toEqual({ error: 'The esMd5 field is required.' });
		expect(bindBoolean('yes', 'esMd5', true)).toEqual({
			error: "The value 'yes' is not valid for esMd5.",
		});
	});
});
