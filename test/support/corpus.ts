/**
 * Voucher corpus for validateVoucher: one valid base invoice, and variants that each state the
 * single modification made to it. Valid variants must give no error; invalid ones exactly one,
 * with the stated code and path. The base and its variants are in corpusBase.ts, the invalid cases
 * in corpusFieldCases.ts and corpusAmountCases.ts.
 */
import { AMOUNT_CASES } from './corpusAmountCases';
import {
	baseVoucher,
	type CorpusCase,
	foreignRecipient,
	generalPublic,
	mixedRatesVariant,
	noTaxVariant,
	paymentVariant,
	singleServiceVariant,
	variant,
	withholdingVariant,
} from './corpusBase';
import { FIELD_CASES } from './corpusFieldCases';

export const VALID_CASES: CorpusCase[] = [
	{ name: 'invoice paid at once (the base voucher)', voucher: baseVoucher(), expect: 'valid' },
	{
		name: 'PPD with formaPago 99',
		voucher: variant((v) => Object.assign(v, { metodoPago: 'PPD', formaPago: '99' })),
		expect: 'valid',
	},
	{
		name: 'general public with a global-invoice member',
		voucher: variant((v) => {
			v.receptor = { ...generalPublic };
			v.informacionGlobal = { periodicidad: '04', meses: '05', anio: 2024 };
		}),
		expect: 'valid',
	},
	{
		name: 'foreign recipient XEXX010101000',
		voucher: variant((v) => (v.receptor = { ...foreignRecipient })),
		expect: 'valid',
	},
	{
		name: 'USD with tipoCambio',
		voucher: variant((v) => Object.assign(v, { moneda: 'USD', tipoCambio: 17.2543 })),
		expect: 'valid',
	},
	{ name: 'MXN with tipoCambio 1', voucher: variant((v) => (v.tipoCambio = 1)), expect: 'valid' },
	{
		name: 'credit note (E) related to an invoice',
		voucher: variant((v) => {
			v.tipoDeComprobante = 'E';
			v.receptor.usoCFDI = 'G02';
			v.cfdiRelacionados = [
				{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF' }] },
			];
		}),
		expect: 'valid',
	},
	{
		name: 'ISR and IVA withholdings by an individual issuer',
		voucher: withholdingVariant(),
		expect: 'valid',
	},
	{
		name: 'RESICO issuer (626) with ISR 1.25% withheld',
		voucher: singleServiceVariant((v) => {
			v.emisor.regimenFiscal = '626';
			v.conceptos[0].impuestos.retenciones = [
				{ base: 10000, impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.0125, importe: 125 },
			];
			v.impuestos.retenciones = [{ impuesto: '001', importe: 125 }];
			v.impuestos.totalImpuestosRetenidos = 125;
			v.total = 11475;
		}),
		expect: 'valid',
	},
	{
		name: 'exempt line next to a 16% line',
		voucher: variant((v) => {
			v.conceptos[1].impuestos.traslados = [{ base: 500, impuesto: '002', tipoFactor: 'Exento' }];
			v.impuestos = {
				traslados: [
					{ base: 1000, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 160 },
					{ base: 500, impuesto: '002', tipoFactor: 'Exento' },
				],
				totalImpuestosTrasladados: 160,
			};
			v.total = 1660;
		}),
		expect: 'valid',
	},
	{
		name: 'IEPS per-liter amount (Cuota) plus IVA',
		voucher: variant((v) => {
			v.conceptos = [
				{
					claveProdServ: '15101514',
					cantidad: '40',
					claveUnidad: 'LTR',
					descripcion: 'Gasoline',
					valorUnitario: 20,
					importe: 800,
					objetoImp: '02',
					impuestos: {
						traslados: [
							{
								base: 40,
								impuesto: '003',
								tipoFactor: 'Cuota',
								tasaOCuota: 6.4555,
								importe: 258.22,
							},
							{ base: 800, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 128 },
						],
					},
				},
			];
			v.subTotal = 800;
			v.impuestos = {
				traslados: [
					{ base: 40, impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: 6.4555, importe: 258.22 },
					{ base: 800, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 128 },
				],
				totalImpuestosTrasladados: 386.22,
			};
			v.total = 1186.22;
		}),
		expect: 'valid',
	},
	{
		name: 'three-decimal currency (KWD)',
		voucher: variant((v) => {
			Object.assign(v, { moneda: 'KWD', tipoCambio: 57.123456, subTotal: 3.375, total: 3.915 });
			v.conceptos = [
				{
					claveProdServ: '43231500',
					cantidad: '3',
					claveUnidad: 'H87',
					descripcion: 'License',
					valorUnitario: 1.125,
					importe: 3.375,
					objetoImp: '02',
					impuestos: {
						traslados: [
							{ base: 3.375, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 0.54 },
						],
					},
				},
			];
			v.impuestos = {
				traslados: [
					{ base: 3.375, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 0.54 },
				],
				totalImpuestosTrasladados: 0.54,
			};
		}),
		expect: 'valid',
	},
	{
		name: 'zero-decimal currency (JPY)',
		voucher: variant((v) => {
			Object.assign(v, { moneda: 'JPY', tipoCambio: 0.118, subTotal: 4500, total: 5220 });
			v.conceptos = [v.conceptos[1]];
			Object.assign(v.conceptos[0], { cantidad: '3', valorUnitario: 1500, importe: 4500 });
			v.conceptos[0].impuestos.traslados[0] = {
				base: 4500,
				impuesto: '002',
				tipoFactor: 'Tasa',
				tasaOCuota: 0.16,
				importe: 720,
			};
			v.impuestos = {
				traslados: [
					{ base: 4500, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 720 },
				],
				totalImpuestosTrasladados: 720,
			};
		}),
		expect: 'valid',
	},
	{
		name: 'mixed IVA rates 16%, 8% and 0%',
		voucher: mixedRatesVariant(),
		expect: 'valid',
		// IVA 8 % from 64000 (Monterrey, Nuevo León): the border municipality is the service's to judge.
		warnings: ['IVA8_BORDER_UNVERIFIED'],
	},
	{
		name: 'discount on a concept',
		voucher: variant((v) => {
			v.conceptos[0].descuento = 100;
			v.conceptos[0].impuestos.traslados[0] = {
				base: 900,
				impuesto: '002',
				tipoFactor: 'Tasa',
				tasaOCuota: 0.16,
				importe: 144,
			};
			v.descuento = 100;
			v.impuestos = {
				traslados: [
					{ base: 1400, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 224 },
				],
				totalImpuestosTrasladados: 224,
			};
			v.total = 1624;
		}),
		expect: 'valid',
	},
	{ name: 'concepts not subject to tax (objetoImp 01)', voucher: noTaxVariant(), expect: 'valid' },
	{
		name: 'individual recipient deducting medical expenses (D01, regime 612)',
		voucher: variant((v) =>
			Object.assign(v.receptor, {
				rfc: 'PEGJ800101AB1',
				nombre: 'JUAN PEREZ GARCIA',
				regimenFiscalReceptor: '612',
				usoCFDI: 'D01',
			}),
		),
		expect: 'valid',
	},
	{
		name: 'payment voucher (P) with a payment complement',
		voucher: paymentVariant(),
		expect: 'valid',
	},
	{
		name: 'transfer voucher (T)',
		voucher: noTaxVariant((v) => {
			Object.assign(v, { tipoDeComprobante: 'T', subTotal: 0, total: 0 });
			delete v.formaPago;
			delete v.metodoPago;
			v.receptor.usoCFDI = 'S01';
			for (const concepto of v.conceptos) Object.assign(concepto, { valorUnitario: 0, importe: 0 });
		}),
		expect: 'valid',
	},
	{
		name: 'fecha left out (the service sets it)',
		voucher: variant((v) => delete v.fecha),
		expect: 'valid',
	},
	{
		name: 'cantidad given as a number',
		voucher: variant((v) => (v.conceptos[0].cantidad = 2)),
		expect: 'valid',
	},
	{
		name: 'issuer RFC with Ñ and &',
		voucher: variant((v) => (v.emisor.rfc = 'Ñ&A010101AB1')),
		expect: 'valid',
	},
	{
		name: 'extra members (condicionesDePago, addenda, direccion) pass through',
		voucher: variant((v) => {
			v.condicionesDePago = 'Net 30';
			v.addenda = { purchaseOrder: 'PO-77' };
			v.descripcionFacturador = 'May services';
			v.receptor.direccion = { calle: null, codigoPostal: '86991', pais: '', correo: '' };
			v.conceptos[0].noIdentificacion = 'SKU-1';
			v.conceptos[0].unidad = 'Service';
		}),
		expect: 'valid',
	},
	{
		name: 'pending save (stamp false) missing usoCFDI: warning only',
		voucher: variant((v) => delete v.receptor.usoCFDI),
		expect: 'valid',
		warnings: ['REQUIRED'],
		options: { stamp: false },
	},
	{
		name: 'concept taxes without voucher-level impuestos: warning only',
		voucher: variant((v) => delete v.impuestos),
		expect: 'valid',
		warnings: ['TAX_SUMMARY_ABSENT'],
	},
];

export const INVALID_CASES: CorpusCase[] = [...FIELD_CASES, ...AMOUNT_CASES];

export function invalidCasesOf(rule: string | undefined): CorpusCase[] {
	return INVALID_CASES.filter((c) => c.rule === rule);
}
