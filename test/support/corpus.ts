/**
 * Voucher corpus for validateVoucher: one valid base invoice, and variants that each state the
 * single modification made to it. Valid variants must give no error; invalid ones exactly one,
 * with the stated code and path.
 */
import type { ValidateOptions, Voucher } from '../../nodes/CfdiEmision/cfdi';
import { satGuidePaymentComplement } from './vouchers';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Mutable = any;

export type Expectation = 'valid' | { code: string; path: string };

export interface CorpusCase {
	name: string;
	voucher: unknown;
	expect: Expectation;
	/** Warning codes expected (exactly), when any. */
	warnings?: string[];
	options?: ValidateOptions;
	/**
	 * The rule file of nodes/CfdiEmision/cfdi/validation/ that reports an invalid case's error; its
	 * test (test/nodes/CfdiEmision/cfdi/validation/<rule>.test.ts) runs the case.
	 */
	rule?: string;
}

/** A valid MXN invoice: 2 × 500 + 1 × 500 with IVA 16%, paid at once by transfer. */
export function baseVoucher(): Voucher {
	return {
		version: '4.0',
		serie: 'A',
		folio: '1001',
		fecha: '2024-05-10T10:30:00',
		formaPago: '03',
		metodoPago: 'PUE',
		moneda: 'MXN',
		tipoDeComprobante: 'I',
		exportacion: '01',
		lugarExpedicion: '64000',
		subTotal: 1500,
		total: 1740,
		emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
		receptor: {
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPANOLA',
			usoCFDI: 'G03',
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '86991',
		},
		conceptos: [
			{
				claveProdServ: '84111506',
				cantidad: '2',
				claveUnidad: 'E48',
				descripcion: 'Consulting hours',
				valorUnitario: 500,
				importe: 1000,
				objetoImp: '02',
				impuestos: {
					traslados: [
						{ base: 1000, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 160 },
					],
				},
			},
			{
				claveProdServ: '43231500',
				cantidad: '1',
				claveUnidad: 'H87',
				descripcion: 'Software license',
				valorUnitario: 500,
				importe: 500,
				objetoImp: '02',
				impuestos: {
					traslados: [
						{ base: 500, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 80 },
					],
				},
			},
		],
		impuestos: {
			traslados: [
				{ base: 1500, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 240 },
			],
			totalImpuestosTrasladados: 240,
		},
	};
}

/** A fresh base voucher changed by `modify`. */
export function variant(modify: (voucher: Mutable) => void): Voucher {
	const voucher = baseVoucher();
	modify(voucher);
	return voucher;
}

/** Base voucher with no taxes at all: both concepts objetoImp "01", total = subTotal. */
export function noTaxVariant(modify: (voucher: Mutable) => void = () => undefined): Voucher {
	return variant((v) => {
		for (const concepto of v.conceptos) {
			concepto.objetoImp = '01';
			delete concepto.impuestos;
		}
		delete v.impuestos;
		v.total = 1500;
		modify(v);
	});
}

/** One concept, 1 × 10000 with IVA 16%, issued by an individual (612) to a legal entity. */
function singleServiceVariant(modify: (voucher: Mutable) => void): Voucher {
	return variant((v) => {
		v.emisor = { rfc: 'PEGJ800101AB1', nombre: 'JUAN PEREZ GARCIA', regimenFiscal: '612' };
		v.conceptos = [
			{
				claveProdServ: '80111600',
				cantidad: '1',
				claveUnidad: 'E48',
				descripcion: 'Professional services',
				valorUnitario: 10000,
				importe: 10000,
				objetoImp: '02',
				impuestos: {
					traslados: [
						{ base: 10000, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 1600 },
					],
				},
			},
		];
		v.subTotal = 10000;
		v.impuestos = {
			traslados: [
				{ base: 10000, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 1600 },
			],
			totalImpuestosTrasladados: 1600,
		};
		v.total = 11600;
		modify(v);
	});
}

/** ISR 10% and IVA two-thirds withholdings on 10000 of professional services. */
export function withholdingVariant(modify: (voucher: Mutable) => void = () => undefined): Voucher {
	return singleServiceVariant((v) => {
		v.conceptos[0].impuestos.retenciones = [
			{ base: 10000, impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, importe: 1000 },
			{ base: 10000, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.106667, importe: 1066.67 },
		];
		v.impuestos.retenciones = [
			{ impuesto: '001', importe: 1000 },
			{ impuesto: '002', importe: 1066.67 },
		];
		v.impuestos.totalImpuestosRetenidos = 2066.67;
		v.total = 9533.33;
		modify(v);
	});
}

/** Three rates: 1000 at 16%, 2 × 250 at 8% (border region), 300 at 0%. */
export function mixedRatesVariant(modify: (voucher: Mutable) => void = () => undefined): Voucher {
	return variant((v) => {
		const line = (
			clave: string,
			cantidad: string,
			valorUnitario: number,
			importe: number,
			tasaOCuota: number,
			tax: number,
		) => ({
			claveProdServ: clave,
			cantidad,
			claveUnidad: 'H87',
			descripcion: `Item at ${tasaOCuota}`,
			valorUnitario,
			importe,
			objetoImp: '02',
			impuestos: {
				traslados: [
					{ base: importe, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota, importe: tax },
				],
			},
		});
		v.conceptos = [
			line('43211500', '1', 1000, 1000, 0.16, 160),
			line('43211501', '2', 250, 500, 0.08, 40),
			line('50202300', '1', 300, 300, 0, 0),
		];
		v.subTotal = 1800;
		v.impuestos = {
			traslados: [
				{ base: 1000, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 160 },
				{ base: 500, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.08, importe: 40 },
				{ base: 300, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 },
			],
			totalImpuestosTrasladados: 200,
		};
		v.total = 2000;
		modify(v);
	});
}

const generalPublic = {
	rfc: 'XAXX010101000',
	nombre: 'PUBLICO EN GENERAL',
	usoCFDI: 'S01',
	regimenFiscalReceptor: '616',
	domicilioFiscalReceptor: '64000',
};

const foreignRecipient = {
	rfc: 'XEXX010101000',
	nombre: 'ACME TRADING INC',
	usoCFDI: 'S01',
	regimenFiscalReceptor: '616',
	domicilioFiscalReceptor: '64000',
};

/** A payment voucher (P): no amounts of its own, currency XXX, the payment in a complement. */
export function paymentVariant(modify: (voucher: Mutable) => void = () => undefined): Voucher {
	return variant((v) => {
		v.tipoDeComprobante = 'P';
		v.moneda = 'XXX';
		v.subTotal = 0;
		v.total = 0;
		delete v.formaPago;
		delete v.metodoPago;
		delete v.impuestos;
		v.receptor.usoCFDI = 'CP01';
		v.conceptos = [
			{
				claveProdServ: '84111506',
				cantidad: '1',
				claveUnidad: 'ACT',
				descripcion: 'Pago',
				valorUnitario: 0,
				importe: 0,
				objetoImp: '01',
			},
		];
		v.complemento = satGuidePaymentComplement();
		modify(v);
	});
}

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

export const INVALID_CASES: CorpusCase[] = [
	{
		name: 'receptor.usoCFDI removed',
		voucher: variant((v) => delete v.receptor.usoCFDI),
		expect: { code: 'REQUIRED', path: 'receptor.usoCFDI' },
		rule: 'requiredFields',
	},
	{
		name: 'emisor.nombre empty',
		voucher: variant((v) => (v.emisor.nombre = '  ')),
		expect: { code: 'REQUIRED', path: 'emisor.nombre' },
		rule: 'requiredFields',
	},
	{
		name: 'invoice without metodoPago',
		voucher: variant((v) => delete v.metodoPago),
		expect: { code: 'REQUIRED', path: 'metodoPago' },
		rule: 'voucherType',
	},
	{
		name: 'conceptos[1].importe removed',
		voucher: variant((v) => delete v.conceptos[1].importe),
		expect: { code: 'REQUIRED', path: 'conceptos[1].importe' },
		rule: 'requiredFields',
	},
	{
		name: 'impuestos sent as text',
		voucher: variant((v) => (v.impuestos = 'IVA 16%')),
		expect: { code: 'OBJECT_EXPECTED', path: 'impuestos' },
		rule: 'requiredFields',
	},
	{
		name: 'conceptos[1].impuestos sent as text (no taxes otherwise)',
		voucher: noTaxVariant((v) => (v.conceptos[1].impuestos = 'IVA 16%')),
		expect: { code: 'OBJECT_EXPECTED', path: 'conceptos[1].impuestos' },
		rule: 'requiredFields',
	},
	{
		name: 'conceptos empty',
		voucher: variant((v) => (v.conceptos = [])),
		expect: { code: 'CONCEPTOS_EMPTY', path: 'conceptos' },
		rule: 'requiredFields',
	},
	{
		name: 'valorUnitario sent as a string',
		voucher: variant((v) => (v.conceptos[0].valorUnitario = '500')),
		expect: { code: 'NUMBER_EXPECTED', path: 'conceptos[0].valorUnitario' },
		rule: 'requiredFields',
	},
	{
		name: 'regimenFiscal sent as a number',
		voucher: variant((v) => (v.emisor.regimenFiscal = 601)),
		expect: { code: 'STRING_EXPECTED', path: 'emisor.regimenFiscal' },
		rule: 'requiredFields',
	},
	{
		name: 'cantidad is not a number',
		voucher: variant((v) => (v.conceptos[0].cantidad = 'two')),
		expect: { code: 'DECIMAL_INVALID', path: 'conceptos[0].cantidad' },
		rule: 'requiredFields',
	},
	{
		name: 'cantidad is negative',
		voucher: variant((v) => (v.conceptos[0].cantidad = '-2')),
		expect: { code: 'CANTIDAD_NOT_POSITIVE', path: 'conceptos[0].cantidad' },
		rule: 'formats',
	},
	{
		name: 'version 3.3',
		voucher: variant((v) => (v.version = '3.3')),
		expect: { code: 'VERSION', path: 'version' },
		rule: 'formats',
	},
	{
		name: 'fecha on February 30',
		voucher: variant((v) => (v.fecha = '2024-02-30T10:00:00')),
		expect: { code: 'CFDI40101', path: 'fecha' },
		rule: 'formats',
	},
	{
		name: 'fecha with a space instead of T',
		voucher: variant((v) => (v.fecha = '2024-05-10 10:30:00')),
		expect: { code: 'CFDI40101', path: 'fecha' },
		rule: 'formats',
	},
	{
		name: 'formaPago 07 (not in the catalog)',
		voucher: variant((v) => (v.formaPago = '07')),
		expect: { code: 'CFDI40104', path: 'formaPago' },
		rule: 'codes',
	},
	{
		name: 'metodoPago PPE',
		voucher: variant((v) => (v.metodoPago = 'PPE')),
		expect: { code: 'CFDI40124', path: 'metodoPago' },
		rule: 'codes',
	},
	{
		name: 'moneda MXP',
		voucher: variant((v) => (v.moneda = 'MXP')),
		expect: { code: 'CFDI40113', path: 'moneda' },
		rule: 'codes',
	},
	{
		name: 'tipoDeComprobante X',
		voucher: variant((v) => (v.tipoDeComprobante = 'X')),
		expect: { code: 'CFDI40121', path: 'tipoDeComprobante' },
		rule: 'codes',
	},
	{
		name: 'exportacion 05',
		voucher: variant((v) => (v.exportacion = '05')),
		expect: { code: 'CFDI40123', path: 'exportacion' },
		rule: 'codes',
	},
	{
		name: 'emisor.regimenFiscal 999',
		voucher: variant((v) => (v.emisor.regimenFiscal = '999')),
		expect: { code: 'CFDI40140', path: 'emisor.regimenFiscal' },
		rule: 'codes',
	},
	{
		name: 'receptor.usoCFDI G04',
		voucher: variant((v) => (v.receptor.usoCFDI = 'G04')),
		expect: { code: 'CFDI40160', path: 'receptor.usoCFDI' },
		rule: 'codes',
	},
	{
		name: 'objetoImp 09',
		voucher: variant((v) => (v.conceptos[0].objetoImp = '09')),
		expect: { code: 'CFDI40170', path: 'conceptos[0].objetoImp' },
		rule: 'codes',
	},
	{
		name: 'emisor.rfc too short',
		voucher: variant((v) => (v.emisor.rfc = 'EKU900317C9')),
		expect: { code: 'RFC_PATTERN', path: 'emisor.rfc' },
		rule: 'issuer',
	},
	{
		name: 'receptor.rfc in lower case',
		voucher: variant((v) => (v.receptor.rfc = 'ure180429tm6')),
		expect: { code: 'RFC_PATTERN', path: 'receptor.rfc' },
		rule: 'recipient',
	},
	{
		name: 'issuer uses the generic RFC',
		voucher: variant((v) => (v.emisor.rfc = 'XAXX010101000')),
		expect: { code: 'RFC_GENERIC_ISSUER', path: 'emisor.rfc' },
		rule: 'issuer',
	},
	{
		name: 'legal-entity issuer with regime 612',
		voucher: variant((v) => (v.emisor.regimenFiscal = '612')),
		expect: { code: 'CFDI40141', path: 'emisor.regimenFiscal' },
		rule: 'issuer',
	},
	{
		name: 'legal-entity recipient with regime 605',
		voucher: variant((v) => (v.receptor.regimenFiscalReceptor = '605')),
		expect: { code: 'CFDI40158', path: 'receptor.regimenFiscalReceptor' },
		rule: 'recipient',
	},
	{
		name: 'individual recipient (616) using G01',
		voucher: variant((v) =>
			Object.assign(v.receptor, {
				rfc: 'PEGJ800101AB1',
				regimenFiscalReceptor: '616',
				usoCFDI: 'G01',
			}),
		),
		expect: { code: 'CFDI40161', path: 'receptor.usoCFDI' },
		rule: 'recipient',
	},
	{
		name: 'legal entity using D01',
		voucher: variant((v) => (v.receptor.usoCFDI = 'D01')),
		expect: { code: 'CFDI40161', path: 'receptor.usoCFDI' },
		rule: 'recipient',
	},
	{
		name: 'general public with another name',
		voucher: variant((v) => (v.receptor = { ...generalPublic, nombre: 'Publico en general' })),
		expect: { code: 'CFDI40145', path: 'receptor.nombre' },
		rule: 'recipient',
	},
	{
		name: 'general public with usoCFDI G03',
		voucher: variant((v) =>
			Object.assign(v, {
				receptor: { ...generalPublic, usoCFDI: 'G03' },
				informacionGlobal: { periodicidad: '04', meses: '05', anio: 2024 },
			}),
		),
		expect: { code: 'CFDI40161', path: 'receptor.usoCFDI' },
		rule: 'recipient',
	},
	{
		name: 'general public with its own postal code',
		voucher: variant((v) =>
			Object.assign(v, {
				receptor: { ...generalPublic, domicilioFiscalReceptor: '86991' },
				informacionGlobal: { periodicidad: '04', meses: '05', anio: 2024 },
			}),
		),
		expect: { code: 'CFDI40149', path: 'receptor.domicilioFiscalReceptor' },
		rule: 'recipient',
	},
	{
		name: 'foreign recipient with regime 601',
		voucher: variant((v) => (v.receptor = { ...foreignRecipient, regimenFiscalReceptor: '601' })),
		expect: { code: 'CFDI40158', path: 'receptor.regimenFiscalReceptor' },
		rule: 'recipient',
	},
	{
		name: 'foreign recipient with a Mexican postal code other than lugarExpedicion',
		voucher: variant(
			(v) => (v.receptor = { ...foreignRecipient, domicilioFiscalReceptor: '01000' }),
		),
		expect: { code: 'CFDI40149', path: 'receptor.domicilioFiscalReceptor' },
		rule: 'recipient',
	},
	{
		name: 'lugarExpedicion with 4 digits',
		voucher: variant((v) => (v.lugarExpedicion = '6400')),
		expect: { code: 'POSTAL_CODE_PATTERN', path: 'lugarExpedicion' },
		rule: 'formats',
	},
	{
		name: 'domicilioFiscalReceptor with letters',
		voucher: variant((v) => (v.receptor.domicilioFiscalReceptor = 'ABCDE')),
		expect: { code: 'POSTAL_CODE_PATTERN', path: 'receptor.domicilioFiscalReceptor' },
		rule: 'formats',
	},
	{
		name: 'claveProdServ with 7 digits',
		voucher: variant((v) => (v.conceptos[0].claveProdServ = '8411150')),
		expect: { code: 'CLAVE_PROD_SERV_PATTERN', path: 'conceptos[0].claveProdServ' },
		rule: 'formats',
	},
	{
		name: 'claveUnidad in lower case',
		voucher: variant((v) => (v.conceptos[1].claveUnidad = 'h87')),
		expect: { code: 'CLAVE_UNIDAD_PATTERN', path: 'conceptos[1].claveUnidad' },
		rule: 'formats',
	},
	{
		name: 'PPD with formaPago 03',
		voucher: variant((v) => (v.metodoPago = 'PPD')),
		expect: { code: 'CFDI40105', path: 'formaPago' },
		rule: 'voucherType',
	},
	{
		name: 'USD without tipoCambio',
		voucher: variant((v) => (v.moneda = 'USD')),
		expect: { code: 'CFDI40115', path: 'tipoCambio' },
		rule: 'voucherType',
	},
	{
		name: 'MXN with tipoCambio 17',
		voucher: variant((v) => (v.tipoCambio = 17)),
		expect: { code: 'CFDI40114', path: 'tipoCambio' },
		rule: 'voucherType',
	},
	{
		name: 'payment voucher in MXN',
		voucher: paymentVariant((v) => (v.moneda = 'MXN')),
		expect: { code: 'CRP20104', path: 'moneda' },
		rule: 'voucherType',
	},
	{
		name: 'payment voucher with subTotal 10',
		voucher: paymentVariant((v) => (v.subTotal = 10)),
		expect: { code: 'CFDI40109', path: 'subTotal' },
		rule: 'voucherTotals',
	},
	{
		name: 'payment voucher with usoCFDI G03',
		voucher: paymentVariant((v) => (v.receptor.usoCFDI = 'G03')),
		expect: { code: 'CFDI40161', path: 'receptor.usoCFDI' },
		rule: 'recipient',
	},
	{
		name: 'payment voucher with metodoPago PUE',
		voucher: paymentVariant((v) => (v.metodoPago = 'PUE')),
		expect: { code: 'CFDI40125', path: 'metodoPago' },
		rule: 'voucherType',
	},
	{
		name: 'transfer voucher with formaPago',
		voucher: noTaxVariant((v) => {
			Object.assign(v, { tipoDeComprobante: 'T', subTotal: 0, total: 0, formaPago: '01' });
			delete v.metodoPago;
			v.receptor.usoCFDI = 'S01';
			for (const concepto of v.conceptos) Object.assign(concepto, { valorUnitario: 0, importe: 0 });
		}),
		expect: { code: 'CFDI40103', path: 'formaPago' },
		rule: 'voucherType',
	},
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

/** The invalid cases whose error the rule file `rule` (cfdi/validation/<rule>.ts) reports. */
export function invalidCasesOf(rule: string | undefined): CorpusCase[] {
	return INVALID_CASES.filter((c) => c.rule === rule);
}
