export type { CatalogEntry } from './catalogEntry';
export { findEntry, catalogCodes } from './lookup';
export { FORMA_PAGO } from './formaPago';
export { METODO_PAGO } from './metodoPago';
export { TIPO_DE_COMPROBANTE } from './tipoDeComprobante';
export { EXPORTACION } from './exportacion';
export { OBJETO_IMP } from './objetoImp';
export { REGIMEN_FISCAL, type RegimenFiscalEntry } from './regimenFiscal';
export { USO_CFDI, type UsoCfdiEntry } from './usoCfdi';
export { MONEDA, currencyDecimals, type MonedaEntry } from './moneda';
export { CANCELLATION_MOTIVE, type CancellationMotiveEntry } from './cancellationMotive';
export { TIPO_RELACION } from './tipoRelacion';
export { IMPUESTO } from './impuesto';
export { TIPO_FACTOR } from './tipoFactor';
export { CLAVE_UNIDAD } from './claveUnidad';
export { PERIODICIDAD, MESES } from './informacionGlobal';
export {
	CERTIFICADO_ORIGEN,
	CLAVE_PEDIMENTO,
	CVE_TRANSPORTE,
	ENTRADA_SALIDA_MERC,
	INCOTERM,
	MOTIVO_TRASLADO,
	TIPO_FIGURA,
	TIPO_UBICACION,
	TRANSP_INTERNAC,
} from './complements';
export {
	CLAVE_PROD_SERV_CATALOG,
	CLAVE_UNIDAD_CATALOG,
	CodeCatalog,
	foldText,
	type CodeEntry,
} from './codeCatalogs';
export { withSatNames } from './satNames';
