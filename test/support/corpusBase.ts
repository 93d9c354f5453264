/** The corpus's case shape, its valid base invoice and the variants each case changes one thing in. */
import type { ValidateOptions, Voucher } from '../../nodes/CfdiEmision/cfdi/types';
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
export function singleServiceVariant(modify: (voucher: Mutable) => void): Voucher {
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

export const generalPublic = {
	rfc: 'XAXX010101000',
	nombre: 'PUBLICO EN GENERAL',
	usoCFDI: 'S01',
	regimenFiscalReceptor: '616',
	domicilioFiscalReceptor: '64000',
};

export const foreignRecipient = {
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
