import type { INodeProperties } from 'n8n-workflow';

import { CfdiEmision } from '../../../../nodes/CfdiEmision/CfdiEmision.node';
import {
	FORM_LABELS,
	formLabel,
	inFormWords,
	LINE_LABELS,
} from '../../../../nodes/CfdiEmision/voucherInput/formLabels';

const voucher = {
	conceptos: [
		{},
		{
			impuestos: {
				traslados: [
					{ impuesto: '003', tasaOCuota: 0.08 },
					{ impuesto: '002', tasaOCuota: 0.16 },
				],
				retenciones: [{ impuesto: '001' }, { impuesto: '002' }],
			},
		},
	],
};

describe('JSON paths in the form’s words', () => {
	it('names header fields, lines and a line’s taxes by the form’s labels', () => {
		expect(formLabel('receptor.regimenFiscalReceptor')).toBe('Recipient Tax Regime');
		expect(formLabel('formaPago')).toBe('Payment Form');
		expect(formLabel('conceptos[1]')).toBe('line 2');
		expect(formLabel('conceptos[0].valorUnitario')).toBe("line 1's Unit Price");
		expect(formLabel('conceptos[1].impuestos.traslados[1].tasaOCuota', voucher)).toBe(
			"line 2's IVA",
		);
		expect(formLabel('conceptos[1].impuestos.traslados[0]', voucher)).toBe("line 2's IEPS");
		expect(formLabel('conceptos[1].impuestos.retenciones[0].importe', voucher)).toBe(
			"line 2's ISR Withheld",
		);
		expect(formLabel('conceptos[1].impuestos.retenciones[1]', voucher)).toBe(
			"line 2's IVA Withheld",
		);
	});

	it('leaves what the form computes as the path', () => {
		expect(formLabel('total')).toBeUndefined();
		expect(formLabel('conceptos[0].impuestos.traslados[0].importe')).toBeUndefined();
		expect(inFormWords('total 10 is not subTotal 9 + impuestos.totalImpuestosTrasladados 2.')).toBe(
			'total 10 is not subTotal 9 + impuestos.totalImpuestosTrasladados 2.',
		);
	});

	it('rewrites every path in a sentence', () => {
		expect(
			inFormWords(
				'receptor.regimenFiscalReceptor "601" does not apply to an individual; receptor.rfc is "XIQB891116QE4".',
			),
		).toBe(
			'Recipient Tax Regime "601" does not apply to an individual; Recipient RFC is "XIQB891116QE4".',
		);
	});

	it('every label is a field of the node’s form', () => {
		const names = new Set<string>();
		const walk = (properties: INodeProperties[]) => {
			for (const property of properties) {
				names.add(property.displayName);
				for (const option of (property.options ?? []) as unknown as Array<Record<string, unknown>>)
					if (Array.isArray(option.values)) walk(option.values as INodeProperties[]);
			}
		};
		walk(new CfdiEmision().description.properties);
		for (const label of [
			...Object.values(FORM_LABELS),
			...Object.values(LINE_LABELS),
			'IVA',
			'IEPS',
			'ISR Withheld',
			'IVA Withheld',
		])
			expect(names).toContain(label);
	});
});
