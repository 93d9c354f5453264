import { viewOf } from '../../../../../nodes/CfdiEmision/cfdi/validation/context';
import {
	allTaxLines,
	conceptTaxLines,
} from '../../../../../nodes/CfdiEmision/cfdi/validation/taxLines';

describe('the tax lines of the concepts', () => {
	it('lists transfers then withholdings, each with its path, skipping items that are not objects', () => {
		const iva = { impuesto: '002' };
		const isr = { impuesto: '001' };
		expect(
			conceptTaxLines({ impuestos: { retenciones: [isr], traslados: ['x', iva] } }, 2),
		).toEqual([
			{ line: iva, path: 'conceptos[2].impuestos.traslados[1]', conceptIndex: 2, withheld: false },
			{ line: isr, path: 'conceptos[2].impuestos.retenciones[0]', conceptIndex: 2, withheld: true },
		]);
	});

	it('gives nothing for a concept without impuestos or with lists that are not lists', () => {
		expect(conceptTaxLines(undefined, 0)).toEqual([]);
		expect(conceptTaxLines({ impuestos: 'x' }, 0)).toEqual([]);
		expect(conceptTaxLines({ impuestos: { traslados: {} } }, 0)).toEqual([]);
	});

	it('gathers the lines of every concept of the voucher', () => {
		const view = viewOf({
			conceptos: [
				{ impuestos: { traslados: [{ impuesto: '002' }] } },
				'not a concept',
				{ impuestos: { retenciones: [{ impuesto: '001' }] } },
			],
		});
		expect(allTaxLines(view).map((ref) => ref.path)).toEqual([
			'conceptos[0].impuestos.traslados[0]',
			'conceptos[2].impuestos.retenciones[0]',
		]);
	});
});
