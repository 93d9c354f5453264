import type { CatalogEntry } from './catalogEntry';

// ---- Carta Porte 3.1 ----

/** TranspInternac: whether the goods cross the border. */
export const TRANSP_INTERNAC: CatalogEntry[] = [
	{ code: 'Sí', description: 'International transport' },
	{ code: 'No', description: 'Domestic transport' },
];

/** c_TipoUbicacion of Carta Porte. */
export const TIPO_UBICACION: CatalogEntry[] = [
	{ code: 'Origen', description: 'Where the goods are picked up' },
	{ code: 'Destino', description: 'Where the goods are delivered' },
];

/** EntradaSalidaMerc of Carta Porte. */
export const ENTRADA_SALIDA_MERC: CatalogEntry[] = [
	{ code: 'Entrada', description: 'Goods entering Mexico' },
	{ code: 'Salida', description: 'Goods leaving Mexico' },
];

/** c_CveTransporte: the way goods enter or leave the country. */
export const CVE_TRANSPORTE: CatalogEntry[] = [
	{ code: '01', description: 'Road (autotransporte)' },
	{ code: '02', description: 'Sea (marítimo)' },
	{ code: '03', description: 'Air (aéreo)' },
	{ code: '04', description: 'Rail (ferroviario)' },
	{ code: '05', description: 'Pipeline (ducto)' },
];

/** c_FiguraTransporte. */
export const TIPO_FIGURA: CatalogEntry[] = [
	{ code: '01', description: 'Driver or operator' },
	{ code: '02', description: 'Owner' },
	{ code: '03', description: 'Lessor' },
	{ code: '04', description: 'Notified party' },
];

// ---- Comercio Exterior 2.0 ----

/** c_ClavePedimento of Comercio Exterior 2.0. */
export const CLAVE_PEDIMENTO: CatalogEntry[] = [{ code: 'A1', description: 'Definitive export' }];

/** CertificadoOrigen: whether a certificate of origin was issued. */
export const CERTIFICADO_ORIGEN: CatalogEntry[] = [
	{ code: '0', description: 'No certificate of origin' },
	{ code: '1', description: 'Certificate of origin issued' },
];

/** c_MotivoTraslado: why goods are transferred abroad without a sale (type T vouchers). */
export const MOTIVO_TRASLADO: CatalogEntry[] = [
	{ code: '01', description: 'Sale on consignment' },
	{ code: '02', description: 'Goods sent outside Mexico not for sale' },
	{ code: '03', description: 'Goods of the issuer moved abroad' },
	{ code: '04', description: 'Other transfer of goods without sale' },
	{ code: '05', description: 'Shipment for a later sale' },
	{ code: '99', description: 'Other' },
];

/** c_INCOTERM (Incoterms 2010 and 2020 terms). */
export const INCOTERM: CatalogEntry[] = [
	{ code: 'CFR', description: 'Cost and freight' },
	{ code: 'CIF', description: 'Cost, insurance and freight' },
	{ code: 'CPT', description: 'Carriage paid to' },
	{ code: 'CIP', description: 'Carriage and insurance paid to' },
	{ code: 'DAP', description: 'Delivered at place' },
	{ code: 'DAT', description: 'Delivered at terminal' },
	{ code: 'DPU', description: 'Delivered at place unloaded' },
	{ code: 'DDP', description: 'Delivered duty paid' },
	{ code: 'EXW', description: 'Ex works' },
	{ code: 'FCA', description: 'Free carrier' },
	{ code: 'FAS', description: 'Free alongside ship' },
	{ code: 'FOB', description: 'Free on board' },
];
