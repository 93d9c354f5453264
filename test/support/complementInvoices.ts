/**
 * Valid invoices with a complement the node validates locally: Carta Porte 3.1 for one road trip and
 * Comercio Exterior 2.0 to a foreign buyer, on the kinds' shared issuer and customer.
 */
import type { Voucher } from '../../nodes/CfdiEmision/cfdi/types';
import { CUSTOMER, ISSUER } from './kindFixtures';

/** A freight invoice with Carta Porte 3.1 for one road trip. */
export function cartaPorteInvoice(): Voucher {
	const traslado = {
		base: 5000,
		impuesto: '002',
		tipoFactor: 'Tasa',
		tasaOCuota: 0.16,
		importe: 800,
	};
	return {
		version: '4.0',
		serie: 'A',
		fecha: '2024-05-10T07:00:00',
		formaPago: '03',
		metodoPago: 'PUE',
		moneda: 'MXN',
		tipoDeComprobante: 'I',
		exportacion: '01',
		lugarExpedicion: '64000',
		subTotal: 5000,
		total: 5800,
		emisor: ISSUER,
		receptor: { ...CUSTOMER, usoCFDI: 'G03' },
		conceptos: [
			{
				claveProdServ: '78101802',
				cantidad: '1',
				claveUnidad: 'E48',
				descripcion: 'Freight Monterrey - Saltillo',
				valorUnitario: 5000,
				importe: 5000,
				objetoImp: '02',
				impuestos: { traslados: [traslado] },
			},
		],
		impuestos: { traslados: [traslado], totalImpuestosTrasladados: 800 },
		complemento: {
			cartaPorte31: {
				version: '3.1',
				idCCP: 'CCC5AB2C-1D4E-4F6A-8B9C-0D1E2F3A4B5C',
				transpInternac: 'No',
				totalDistRec: 85.5,
				ubicaciones: {
					ubicacion: [
						{
							tipoUbicacion: 'Origen',
							idUbicacion: 'OR000001',
							rfcRemitenteDestinatario: 'EKU9003173C9',
							fechaHoraSalidaLlegada: '2024-05-10T08:00:00',
						},
						{
							tipoUbicacion: 'Destino',
							idUbicacion: 'DE000001',
							rfcRemitenteDestinatario: 'URE180429TM6',
							fechaHoraSalidaLlegada: '2024-05-10T10:00:00',
							distanciaRecorrida: 85.5,
						},
					],
				},
				mercancias: {
					pesoBrutoTotal: 1200,
					unidadPeso: 'KGM',
					numTotalMercancias: 1,
					mercancia: [
						{
							bienesTransp: '24112700',
							descripcion: 'Wooden pallets',
							cantidad: 40,
							claveUnidad: 'H87',
							pesoEnKg: 1200,
						},
					],
					autotransporte: {
						permSCT: 'TPAF01',
						numPermisoSCT: '0X2XTXZ0X5X0X3X2X1X0',
						identificacionVehicular: {
							configVehicular: 'C2',
							pesoBrutoVehicular: 12.5,
							placaVM: '501AAA',
							anioModeloVM: 2020,
						},
						seguros: { aseguraRespCivil: 'SEGUROS SA', polizaRespCivil: '123456' },
					},
				},
				figuraTransporte: {
					tiposFigura: [
						{
							tipoFigura: '01',
							rfcFigura: 'VAAM130719H60',
							numLicencia: 'a234567890',
							nombreFigura: 'MARIO VAZQUEZ',
						},
					],
				},
			},
		},
	};
}

/** An export invoice with Comercio Exterior 2.0 to a foreign buyer. */
export function exportInvoice(): Voucher {
	return {
		version: '4.0',
		serie: 'A',
		fecha: '2024-05-10T07:00:00',
		formaPago: '03',
		metodoPago: 'PUE',
		moneda: 'USD',
		tipoCambio: 17.1234,
		tipoDeComprobante: 'I',
		exportacion: '02',
		lugarExpedicion: '64000',
		subTotal: 2500,
		total: 2500,
		emisor: ISSUER,
		receptor: {
			rfc: 'XEXX010101000',
			nombre: 'ACME TRADING INC',
			usoCFDI: 'S01',
			regimenFiscalReceptor: '616',
			domicilioFiscalReceptor: '64000',
			residenciaFiscal: 'USA',
			numRegIdTrib: '123456789',
		},
		conceptos: [
			{
				claveProdServ: '43211503',
				noIdentificacion: 'SKU-1',
				cantidad: '10',
				claveUnidad: 'H87',
				descripcion: 'Laptop',
				valorUnitario: 200,
				importe: 2000,
				objetoImp: '01',
			},
			{
				claveProdServ: '43211708',
				noIdentificacion: 'SKU-2',
				cantidad: '20',
				claveUnidad: 'H87',
				descripcion: 'Mouse',
				valorUnitario: 25,
				importe: 500,
				objetoImp: '01',
			},
		],
		complemento: {
			comercioExterior20: {
				version: '2.0',
				claveDePedimento: 'A1',
				certificadoOrigen: 0,
				incoterm: 'FCA',
				tipoCambioUSD: 17.1234,
				totalUSD: 2500,
				mercancias: {
					mercancia: [
						{
							noIdentificacion: 'SKU-1',
							fraccionArancelaria: '8471300100',
							cantidadAduana: 10,
							unidadAduana: '06',
							valorUnitarioAduana: 200,
							valorDolares: 2000,
						},
						{
							noIdentificacion: 'SKU-2',
							fraccionArancelaria: '8471609901',
							cantidadAduana: 20,
							unidadAduana: '06',
							valorUnitarioAduana: 25,
							valorDolares: 500,
						},
					],
				},
			},
		},
	};
}
