import { EXPORTACION } from '../catalogs/exportacion';
import { FORMA_PAGO } from '../catalogs/formaPago';
import { findEntry } from '../catalogs/lookup';
import { METODO_PAGO } from '../catalogs/metodoPago';
import { MONEDA } from '../catalogs/moneda';
import { OBJETO_IMP } from '../catalogs/objetoImp';
import { REGIMEN_FISCAL } from '../catalogs/regimenFiscal';
import { TIPO_DE_COMPROBANTE } from '../catalogs/tipoDeComprobante';
import type { CatalogEntry } from '../catalogs/catalogEntry';
import { USO_CFDI } from '../catalogs/usoCfdi';
import { messageValue } from './describe';
import { textOf, type UnknownRecord, type ValidationContext } from './context';
import { catalogFix } from './suggestions';

/** Reports a string member whose value is not a code of its catalog. */
export function checkCode(
	ctx: ValidationContext,
	record: UnknownRecord | undefined,
	key: string,
	path: string,
	catalog: ReadonlyArray<CatalogEntry>,
	catalogName: string,
	satCode: string,
): void {
	const value = textOf(record, key);
	if (value === undefined || findEntry(catalog, value)) return;
	ctx.error(
		satCode,
		path,
		`${path} ${messageValue(value)} is not a ${catalogName} code.`,
		catalogFix(catalog, catalogName, value),
		value,
	);
}

/** Every code member of the voucher, issuer, recipient and concepts is in its SAT catalog. */
export function checkCodes(ctx: ValidationContext): void {
	const { root, emisor, receptor, conceptos } = ctx.view;
	checkCode(
		ctx,
		root,
		'tipoDeComprobante',
		'tipoDeComprobante',
		TIPO_DE_COMPROBANTE,
		'c_TipoDeComprobante',
		'CFDI40121',
	);
	checkCode(ctx, root, 'formaPago', 'formaPago', FORMA_PAGO, 'c_FormaPago', 'CFDI40104');
	checkCode(ctx, root, 'metodoPago', 'metodoPago', METODO_PAGO, 'c_MetodoPago', 'CFDI40124');
	checkCode(ctx, root, 'moneda', 'moneda', MONEDA, 'c_Moneda', 'CFDI40113');
	checkCode(ctx, root, 'exportacion', 'exportacion', EXPORTACION, 'c_Exportacion', 'CFDI40123');
	checkCode(
		ctx,
		emisor,
		'regimenFiscal',
		'emisor.regimenFiscal',
		REGIMEN_FISCAL,
		'c_RegimenFiscal',
		'CFDI40140',
	);
	checkCode(
		ctx,
		receptor,
		'regimenFiscalReceptor',
		'receptor.regimenFiscalReceptor',
		REGIMEN_FISCAL,
		'c_RegimenFiscal',
		'CFDI40157',
	);
	checkCode(ctx, receptor, 'usoCFDI', 'receptor.usoCFDI', USO_CFDI, 'c_UsoCFDI', 'CFDI40160');
	conceptos.forEach((concepto, index) => {
		checkCode(
			ctx,
			concepto,
			'objetoImp',
			`conceptos[${index}].objetoImp`,
			OBJETO_IMP,
			'c_ObjetoImp',
			'CFDI40170',
		);
	});
}
