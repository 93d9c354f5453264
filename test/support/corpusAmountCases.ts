/** Invalid corpus cases of the voucher's amounts, totals and taxes (one error each). */
import {
	baseVoucher,
	type CorpusCase,
	mixedRatesVariant,
	noTaxVariant,
	paymentVariant,
	variant,
	withholdingVariant,
} from './corpusBase';

export const AMOUNT_CASES: CorpusCase[] = [
	{
		name: 'concept importe far from cantidad × valorUnitario',
		voucher: variant((v) => (v.conceptos[0].importe = 1300)),
		expect: { code: 'CFDI40167', path: 'conceptos[0].importe' },
		rule: 'conceptAmounts',
	},
	{
		name: 'subTotal one cent off',
		voucher: variant((v) => (v.subTotal = 1500.01)),
		expect: { code: 'CFDI40108', path: 'subTotal' },
		rule: 'voucherTotals',
	},
	{
		name: 'subTotal with 3 decimals in MXN',
		voucher: variant((v) => (v.subTotal = 1500.001)),
		expect: { code: 'CFDI40107', path: 'subTotal' },
		rule: 'amountRules',
	},
	{
		name: 'total one cent off',
		voucher: variant((v) => (v.total = 1740.01)),
		expect: { code: 'CFDI40119', path: 'total' },
		rule: 'voucherTotals',
	},
	{
		name: 'valorUnitario negative',
		voucher: variant((v) => (v.conceptos[1].valorUnitario = -500)),
		expect: { code: 'AMOUNT_NEGATIVE', path: 'conceptos[1].valorUnitario' },
		rule: 'amountRules',
	},
	{
		name: 'invoice concept priced at 0',
		voucher: noTaxVariant((v) => {
			Object.assign(v.conceptos[1], { valorUnitario: 0, importe: 0 });
			Object.assign(v, { subTotal: 1000, total: 1000 });
		}),
		expect: { code: 'CFDI40166', path: 'conceptos[1].valorUnitario' },
		rule: 'conceptAmounts',
	},
	{
		name: 'concept discount above its importe',
		voucher: variant((v) => (v.conceptos[1].descuento = 600)),
		expect: { code: 'CFDI40169', path: 'conceptos[1].descuento' },
		rule: 'conceptAmounts',
	},
	{
		name: 'objetoImp 02 without taxes',
		voucher: noTaxVariant((v) => (v.conceptos[0].objetoImp = '02')),
		expect: { code: 'CFDI40171', path: 'conceptos[0].objetoImp' },
		rule: 'conceptTaxes',
	},
	{
		name: 'objetoImp 01 with taxes',
		voucher: variant((v) => (v.conceptos[0].objetoImp = '01')),
		expect: { code: 'CFDI40172', path: 'conceptos[0].objetoImp' },
		rule: 'conceptTaxes',
	},
	{
		name: 'IVA at 15%',
		voucher: variant((v) => (v.conceptos[0].impuestos.traslados[0].tasaOCuota = 0.15)),
		expect: { code: 'CFDI40179', path: 'conceptos[0].impuestos.traslados[0].tasaOCuota' },
		rule: 'conceptTaxes',
	},
	{
		name: 'concept IVA amount off',
		voucher: variant((v) => (v.conceptos[0].impuestos.traslados[0].importe = 161)),
		expect: { code: 'CFDI40180', path: 'conceptos[0].impuestos.traslados[0].importe' },
		rule: 'conceptTaxes',
	},
	{
		name: 'exempt line with a rate',
		voucher: variant((v) =>
			Object.assign(v.conceptos[1].impuestos.traslados[0], {
				tipoFactor: 'Exento',
				importe: undefined,
				tasaOCuota: 0,
			}),
		),
		expect: { code: 'CFDI40177', path: 'conceptos[1].impuestos.traslados[0].tasaOCuota' },
		rule: 'conceptTaxes',
	},
	{
		name: 'exempt withholding',
		voucher: withholdingVariant((v) => {
			v.conceptos[0].impuestos.retenciones[0] = {
				base: 10000,
				impuesto: '001',
				tipoFactor: 'Exento',
			};
		}),
		expect: { code: 'CFDI40184', path: 'conceptos[0].impuestos.retenciones[0].tipoFactor' },
		rule: 'conceptTaxes',
	},
	{
		name: 'ISR as a transferred tax',
		voucher: variant((v) => (v.conceptos[0].impuestos.traslados[0].impuesto = '001')),
		expect: { code: 'CFDI40175', path: 'conceptos[0].impuestos.traslados[0].impuesto' },
		rule: 'conceptTaxes',
	},
	{
		name: 'voucher-level IVA recomputed as base × rate instead of summed',
		voucher: variant((v) => {
			// Bases 103.45 and 103.46: lines 16.55 + 16.55 = 33.10, but 206.91 × 0.16 rounds to 33.11.
			Object.assign(v.conceptos[0], { cantidad: '1', valorUnitario: 103.45, importe: 103.45 });
			Object.assign(v.conceptos[1], { cantidad: '1', valorUnitario: 103.46, importe: 103.46 });
			v.conceptos[0].impuestos.traslados[0] = {
				base: 103.45,
				impuesto: '002',
				tipoFactor: 'Tasa',
				tasaOCuota: 0.16,
				importe: 16.55,
			};
			v.conceptos[1].impuestos.traslados[0] = {
				base: 103.46,
				impuesto: '002',
				tipoFactor: 'Tasa',
				tasaOCuota: 0.16,
				importe: 16.55,
			};
			v.subTotal = 206.91;
			v.impuestos = {
				traslados: [
					{ base: 206.91, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 33.11 },
				],
				totalImpuestosTrasladados: 33.11,
			};
			v.total = 240.02;
		}),
		expect: { code: 'CFDI40221', path: 'impuestos.traslados[0].importe' },
		rule: 'voucherTaxes',
	},
	{
		name: 'voucher-level base off by a cent',
		voucher: variant((v) => (v.impuestos.traslados[0].base = 1500.01)),
		expect: { code: 'CFDI40215', path: 'impuestos.traslados[0].base' },
		rule: 'voucherTaxes',
	},
	{
		name: 'totalImpuestosTrasladados not the sum of the traslados',
		voucher: variant((v) => (v.impuestos.totalImpuestosTrasladados = 240.01)),
		expect: { code: 'CFDI40205', path: 'impuestos.totalImpuestosTrasladados' },
		rule: 'voucherTaxes',
	},
	{
		name: 'voucher-level withholding not the sum of the concepts',
		voucher: withholdingVariant((v) => {
			v.impuestos.retenciones[1].importe = 1066.68;
			v.impuestos.totalImpuestosRetenidos = 2066.68;
			v.total = 9533.32;
		}),
		expect: { code: 'CFDI40211', path: 'impuestos.retenciones[1].importe' },
		rule: 'voucherTaxes',
	},
	{
		name: 'voucher-level 8% group missing',
		voucher: mixedRatesVariant((v) => {
			v.impuestos.traslados.splice(1, 1);
			v.impuestos.totalImpuestosTrasladados = 160;
			v.total = 1960;
		}),
		expect: { code: 'TAX_SUMMARY_MISSING', path: 'impuestos.traslados' },
		rule: 'voucherTaxes',
	},
	{
		name: 'voucher-level traslado repeated',
		voucher: variant((v) => {
			v.impuestos.traslados = [
				{ base: 1000, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 160 },
				{ base: 500, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 80 },
			];
		}),
		expect: { code: 'CFDI40218', path: 'impuestos.traslados[1]' },
		rule: 'voucherTaxes',
	},
	{
		name: 'payment voucher with impuestos',
		voucher: paymentVariant((v) => (v.impuestos = { totalImpuestosTrasladados: 0 })),
		expect: { code: 'CFDI40201', path: 'impuestos' },
		rule: 'voucherType',
	},
	{
		name: 'not an object (a string)',
		voucher: 'voucher',
		expect: { code: 'NOT_AN_OBJECT', path: '' },
	},
	{
		name: 'not an object (an array)',
		voucher: [baseVoucher()],
		expect: { code: 'NOT_AN_OBJECT', path: '' },
	},
];
