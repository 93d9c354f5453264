/**
 * The sandbox renders fiscal legends, Carta Porte and foreign trade as their SAT nodes, writes each
 * global invoice concept's ticket as NoIdentificacion, and refuses wrong legends, Carta Porte and
 * foreign trade as the PAC would. Payment receipts, credit notes and global invoices:
 * voucherKinds.test.ts.
 */
import { findElement, parseXml, validVoucher, type XmlElement } from '../support/sandboxHelpers';
import {
	childNames,
	globalInvoice,
	INVOICE_UUID,
	voucherKindsSandbox,
} from './voucherKindsSandbox';

describe('sandbox: voucher kinds, complements', () => {
	const { refused, stampedXml, client: kindsClient } = voucherKindsSandbox();

	it('writes fiscal legends, Carta Porte and foreign trade as their SAT nodes', async () => {
		const body = validVoucher({
			exportacion: '02',
			receptor: {
				rfc: 'XEXX010101000',
				nombre: 'ACME TRADING INC',
				usoCFDI: 'S01',
				regimenFiscalReceptor: '616',
				domicilioFiscalReceptor: '42501',
				residenciaFiscal: 'USA',
				numRegIdTrib: '123456789',
			},
			complemento: {
				leyendasFiscales: {
					version: '1.0',
					leyenda: [{ disposicionFiscal: 'RMF2024', textoLeyenda: 'Leyenda & <prueba>' }],
				},
				cartaPorte31: {
					version: '3.1',
					idCCP: 'CCC5AB2C-1D4E-4F6A-8B9C-0D1E2F3A4B5C',
					transpInternac: 'No',
					ubicaciones: {
						ubicacion: [
							{ tipoUbicacion: 'Origen', rfcRemitenteDestinatario: 'EKU9003173C9' },
							{
								tipoUbicacion: 'Destino',
								rfcRemitenteDestinatario: 'URE180429TM6',
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
								descripcion: 'Pallets',
								cantidad: 40,
								claveUnidad: 'H87',
								pesoEnKg: 1200,
							},
						],
					},
				},
				comercioExterior20: {
					version: '2.0',
					tipoCambioUSD: 17.1234,
					totalUSD: 1000,
					mercancias: { mercancia: [{ noIdentificacion: 'SKU-1', valorDolares: 1000 }] },
				},
			},
		});
		const root = await stampedXml(body);
		expect(root.attrs).toMatchObject({
			'xmlns:leyendasFisc': 'http://www.sat.gob.mx/leyendasFiscales',
			'xmlns:cartaporte31': 'http://www.sat.gob.mx/CartaPorte31',
			'xmlns:cce20': 'http://www.sat.gob.mx/ComercioExterior20',
		});
		expect(childNames(findElement(root, 'cfdi:Complemento') as XmlElement)).toEqual([
			'leyendasFisc:LeyendasFiscales',
			'cartaporte31:CartaPorte',
			'cce20:ComercioExterior',
			'tfd:TimbreFiscalDigital',
		]);
		expect(findElement(root, 'leyendasFisc:Leyenda')?.attrs).toEqual({
			disposicionFiscal: 'RMF2024',
			textoLeyenda: 'Leyenda & <prueba>',
		});
		expect(findElement(root, 'cartaporte31:CartaPorte')?.attrs).toMatchObject({
			Version: '3.1',
			IdCCP: 'CCC5AB2C-1D4E-4F6A-8B9C-0D1E2F3A4B5C',
			TranspInternac: 'No',
		});
		expect(
			findElement(root, 'cartaporte31:Ubicaciones')?.children.map(
				(child) => child.attrs.TipoUbicacion,
			),
		).toEqual(['Origen', 'Destino']);
		expect(findElement(root, 'cartaporte31:Ubicacion')?.attrs.RFCRemitenteDestinatario).toBe(
			'EKU9003173C9',
		);
		expect(findElement(root, 'cartaporte31:Mercancia')?.attrs).toMatchObject({
			BienesTransp: '24112700',
			PesoEnKg: '1200',
		});
		expect(findElement(root, 'cce20:ComercioExterior')?.attrs).toMatchObject({
			Version: '2.0',
			TipoCambioUSD: '17.1234',
			TotalUSD: '1000',
		});
		expect(findElement(root, 'cce20:Mercancia')?.attrs).toEqual({
			NoIdentificacion: 'SKU-1',
			ValorDolares: '1000',
		});
	});

	it('writes each concept of a global invoice with its ticket number as NoIdentificacion', async () => {
		const sale = (ticket: string, amount: number) => ({
			claveProdServ: '01010101',
			noIdentificacion: ticket,
			cantidad: '1',
			claveUnidad: 'ACT',
			descripcion: 'Venta',
			valorUnitario: amount,
			importe: amount,
			objetoImp: '01',
		});
		const { uuid } = await kindsClient().stamp({
			...globalInvoice(),
			conceptos: [sale('1001', 600), sale('1002', 400)],
			impuestos: undefined,
			subTotal: 1000,
			total: 1000,
		});
		const root = parseXml(await (await kindsClient().xml(uuid)).text());
		const conceptos = findElement(root, 'cfdi:Conceptos') as XmlElement;
		expect(conceptos.children.map((concepto) => concepto.attrs)).toEqual([
			expect.objectContaining({
				ClaveProdServ: '01010101',
				NoIdentificacion: '1001',
				Importe: '600.00',
			}),
			expect.objectContaining({
				ClaveProdServ: '01010101',
				NoIdentificacion: '1002',
				Importe: '400.00',
			}),
		]);
		expect(findElement(root, 'cfdi:InformacionGlobal')?.attrs).toEqual({
			Periodicidad: '04',
			Meses: '04',
			Año: '2024',
		});
	});

	it('refuses wrong legends, Carta Porte and foreign trade', async () => {
		expect(
			await refused(
				validVoucher({ complemento: { leyendasFiscales: { version: '1.0', leyenda: [] } } }),
			),
		).toEqual(['FAC170']);
		const cartaPorte = {
			version: '3.1',
			idCCP: 'X',
			ubicaciones: { ubicacion: [{ tipoUbicacion: 'Origen' }] },
			mercancias: { mercancia: [{}] },
		};
		expect(
			await refused(
				validVoucher({
					tipoDeComprobante: 'E',
					cfdiRelacionados: [{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: INVOICE_UUID }] }],
					complemento: { cartaPorte31: cartaPorte },
				}),
			),
		).toEqual(['FAC150', 'FAC151', 'FAC152']);
		const cce = { version: '2.0', totalUSD: 10, mercancias: { mercancia: [{ valorDolares: 9 }] } };
		expect(await refused(validVoucher({ complemento: { comercioExterior20: cce } }))).toEqual([
			'FAC160',
			'FAC161',
			'FAC162',
		]);
	});
});
