/**
 * The taxes a form line may carry (cfdi/formLineTaxes.ts), read through conceptsFromFormLines: the
 * IVA charged, IEPS, ISR and IVA withheld, each rate checked and refused naming its field; IVA
 * withheld at most the IVA charged; IVA 8 % only from the border region (issue 27, item 7).
 */
import { conceptsFromFormLines, FormLineError } from '../../../../nodes/CfdiEmision/cfdi/formLines';
import { borderRegionOf } from '../../../../nodes/CfdiEmision/cfdi/catalogs/borderRegion';

const line = (over: Record<string, unknown>) => ({
	descripcion: 'Service',
	claveProdServ: '80111600',
	claveUnidad: 'E48',
	cantidad: '1',
	valorUnitario: 1000,
	...over,
});

const refusal = (run: () => unknown): FormLineError => {
	try {
		run();
	} catch (error) {
		return error as FormLineError;
	}
	throw new Error('expected a refusal');
};

describe('form taxes the SAT accepts (issue 27, item 7)', () => {
	test('IVA withheld above the IVA charged on its line is refused, naming the line and the field', () => {
		const error = refusal(() =>
			conceptsFromFormLines([line({}), line({ iva: '0.08', ivaRetencion: '0.106667' })], 'MXN', {
				lugarExpedicion: '22000',
			}),
		);
		expect(error.path).toBe('Line Items > Line Item 2 > IVA Withheld');
		expect(error.message).toBe(
			'Line Items > Line Item 2 > IVA Withheld is 10.6667 %, more than the IVA charged on the line (8 %): the withholding is a part of the IVA charged.',
		);
	});

	test.each([
		['exempt', 'is exempt from IVA'],
		['0', 'charges IVA at 0 %'],
		['none', 'charges no IVA (IVA is None)'],
	])('IVA withheld on a line with IVA %s is refused', (iva, words) => {
		const error = refusal(() =>
			conceptsFromFormLines([line({ iva, ivaRetencion: '0.04' })], 'MXN'),
		);
		expect(error.path).toBe('Line Items > Line Item 1 > IVA Withheld');
		expect(error.message).toContain(words);
	});

	test('two thirds of the IVA withheld on a 16 % line (services to a company) is accepted', () => {
		// SAT: IVA withheld at two thirds of 16 % = 10.6667 % (RMF 4.1.2 / art. 3 RLIVA).
		const { conceptos } = conceptsFromFormLines(
			[line({ iva: '0.16', ivaRetencion: '0.106667' })],
			'MXN',
		);
		expect(conceptos[0].impuestos?.retenciones?.[0]).toMatchObject({
			impuesto: '002',
			tasaOCuota: 0.106667,
		});
	});

	test('IVA 8 % with a place of issue outside the border region is refused, naming the postal code', () => {
		const error = refusal(() =>
			conceptsFromFormLines([line({ iva: '0.08' })], 'MXN', { lugarExpedicion: '06600' }),
		);
		expect(error.path).toBe('Line Items > Line Item 1 > IVA');
		expect(error.message).toContain(
			'Place of Issue (lugarExpedicion) 06600 is not in the northern or southern border region',
		);
		expect(error.fix).toContain('Allow IVA 8 % Outside the Border Region');
	});

	test('IVA 8 % in Tijuana (22000, Baja California) and Chetumal (77000, Quintana Roo) is accepted', () => {
		for (const place of ['22000', '77000'])
			expect(
				conceptsFromFormLines([line({ iva: '0.08' })], 'MXN', { lugarExpedicion: place })
					.conceptos[0].impuestos?.traslados?.[0],
			).toMatchObject({ tasaOCuota: 0.08 });
	});

	test('the setting allows IVA 8 % for an issuer whose branch qualifies', () => {
		expect(() =>
			conceptsFromFormLines([line({ iva: '0.08' })], 'MXN', {
				lugarExpedicion: '06600',
				allowBorderRateAnywhere: true,
			}),
		).not.toThrow();
	});

	test('the border-region states by postal code', () => {
		expect(borderRegionOf('22000')?.state).toBe('Baja California');
		expect(borderRegionOf('32000')?.state).toBe('Chihuahua');
		expect(borderRegionOf('86000')?.region).toBe('south');
		expect(borderRegionOf('44100')).toBeUndefined();
		expect(borderRegionOf('2200')).toBeUndefined();
	});
});
