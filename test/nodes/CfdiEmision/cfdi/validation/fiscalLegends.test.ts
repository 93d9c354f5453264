import { withFiscalLegends } from '../../../../../nodes/CfdiEmision/cfdi/kinds/relations';
import { baseVoucher } from '../../../../support/corpusBase';
import {
	changed,
	expectOnlyError,
	paymentReceipt,
	validateWithKinds,
} from '../../../../support/kindFixtures';

describe('fiscal legends', () => {
	it('adds legends to any voucher, after any it had', () => {
		const once = withFiscalLegends(baseVoucher(), [
			{
				disposicionFiscal: 'RMF2024',
				norma: 'Regla 2.7.1.2',
				textoLeyenda: 'Contribuyente del RESICO',
			},
		]);
		const twice = withFiscalLegends(once, [
			{ textoLeyenda: 'Segunda leyenda' },
			{ textoLeyenda: ' ' },
		]);
		expect(twice.complemento).toEqual({
			leyendasFiscales: {
				version: '1.0',
				leyenda: [
					{
						disposicionFiscal: 'RMF2024',
						norma: 'Regla 2.7.1.2',
						textoLeyenda: 'Contribuyente del RESICO',
					},
					{ textoLeyenda: 'Segunda leyenda' },
				],
			},
		});
		expect(validateWithKinds(twice).errors).toEqual([]);
		// A payment receipt keeps its payment complement next to the legends.
		const receipt = withFiscalLegends(paymentReceipt(), [
			{ textoLeyenda: 'Pago en parcialidades' },
		]);
		expect(Object.keys(receipt.complemento as object)).toEqual([
			'complementoPago20',
			'leyendasFiscales',
		]);
		expect(validateWithKinds(receipt).errors).toEqual([]);
	});

	const valid = withFiscalLegends(baseVoucher(), [{ textoLeyenda: 'Leyenda' }]);
	const LEGENDS = 'complemento.leyendasFiscales';
	it.each([
		[
			'no legend',
			changed(valid, (v) => (v.complemento.leyendasFiscales.leyenda = [])),
			'LIST_EMPTY',
			`${LEGENDS}.leyenda`,
		],
		[
			'legend without text',
			changed(valid, (v) => (v.complemento.leyendasFiscales.leyenda = [{ norma: 'X' }])),
			'REQUIRED',
			`${LEGENDS}.leyenda[0].textoLeyenda`,
		],
		[
			'version 2.0',
			changed(valid, (v) => (v.complemento.leyendasFiscales.version = '2.0')),
			'COMPLEMENT_VERSION',
			`${LEGENDS}.version`,
		],
		[
			'disposicionFiscal too long',
			changed(
				valid,
				(v) => (v.complemento.leyendasFiscales.leyenda[0].disposicionFiscal = 'X'.repeat(21)),
			),
			'TEXT_TOO_LONG',
			`${LEGENDS}.leyenda[0].disposicionFiscal`,
		],
	] as const)('stops: %s', (_name, voucher, code, path) => expectOnlyError(voucher, code, path));
});
