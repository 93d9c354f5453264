/**
 * The SAT schemas' limits as data (cfdi/validation/xsdFacets.ts, generated from cfdv40.xsd, Pagos20.xsd
 * and tdCFDI.xsd in test/support/sat-xsd/): the committed module is what the generator makes of them.
 *
 * Also covers: nodes/CfdiEmision/cfdi/validation/xsdFacetTypes.ts (the types of the facet data).
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import { PATTERN_DESCRIPTIONS } from '../../../../../nodes/CfdiEmision/cfdi/validation/schemaFacets';
import { XSD_ELEMENTS } from '../../../../../nodes/CfdiEmision/cfdi/validation/xsdFacets';
import { generateXsdFacetsModule } from '../../../../support/xsdFacets';

const XSD_DIR = join(__dirname, '..', '..', '..', '..', 'support', 'sat-xsd');

function facetsOf(xsd: string, name: string) {
	const element = XSD_ELEMENTS.find((item) => item.xsd === xsd);
	const attribute = element?.attributes.find((item) => item.name === name);
	if (!attribute) throw new Error(`${xsd}@${name} is not in the data`);
	return attribute;
}

describe('the facet data module', () => {
	it('is what the generator makes of the SAT schemas kept in test/support/sat-xsd', () => {
		const generated = generateXsdFacetsModule((file) => readFileSync(join(XSD_DIR, file), 'utf8'));
		const committed = readFileSync(
			join(
				__dirname,
				'..',
				'..',
				'..',
				'..',
				'..',
				'nodes',
				'CfdiEmision',
				'cfdi',
				'validation',
				'xsdFacets.ts',
			),
			'utf8',
		);
		expect(committed).toBe(generated);
	});

	it('holds the limits as the schemas state them', () => {
		expect(facetsOf('cfdi:Comprobante', 'Serie')).toMatchObject({
			minLength: 1,
			maxLength: 25,
			pattern: '[^|]{1,25}',
		});
		expect(facetsOf('cfdi:Comprobante', 'Folio')).toMatchObject({ maxLength: 40 });
		expect(facetsOf('cfdi:Comprobante/Conceptos/Concepto', 'Descripcion')).toMatchObject({
			maxLength: 1000,
		});
		expect(facetsOf('cfdi:Comprobante/Conceptos/Concepto', 'Unidad')).toMatchObject({
			maxLength: 20,
		});
		expect(facetsOf('cfdi:Comprobante/Emisor', 'Rfc')).toMatchObject({
			type: 't_RFC',
			minLength: 12,
			maxLength: 13,
		});
		expect(facetsOf('pago20:Pagos/Pago/DoctoRelacionado', 'NumParcialidad')).toMatchObject({
			base: 'integer',
			pattern: '[1-9][0-9]{0,2}',
		});
		expect(facetsOf('pago20:Pagos/Pago', 'CtaBeneficiario')).toMatchObject({
			minLength: 10,
			maxLength: 50,
			pattern: '[A-Z0-9_]{10,50}',
		});
		expect(facetsOf('pago20:Pagos/Totales', 'MontoTotalPagos')).toMatchObject({
			type: 't_ImporteMXN',
			fractionDigits: 2,
		});
		expect(
			XSD_ELEMENTS.find(
				(item) => item.xsd === 'cfdi:Comprobante/Conceptos/Concepto/Impuestos/Traslados/Traslado',
			)?.json,
		).toEqual(['conceptos[]', 'impuestos', 'traslados[]']);
		expect(
			XSD_ELEMENTS.find((item) => item.xsd === 'pago20:Pagos/Pago/DoctoRelacionado')?.json,
		).toEqual(['complemento', 'complementoPago20', 'pago[]', 'doctoRelacionado[]']);
	});

	it('describes every pattern of the schemas in words', () => {
		const patterns = new Set(
			XSD_ELEMENTS.flatMap((element) =>
				element.attributes.map((attribute) => attribute.pattern),
			).filter((pattern) => pattern !== undefined),
		);
		const undescribed = [...patterns].filter(
			(pattern) =>
				!/^\[\^\|\]\{\d+,\d+\}$/.test(pattern as string) &&
				!((pattern as string) in PATTERN_DESCRIPTIONS),
		);
		expect(undescribed).toEqual([]);
	});
});
