/**
 * Comercio Exterior 2.0, given as JSON: structural checks before sending (required nodes, its
 * small catalogs, totalUSD, goods matched to concepts) and the voucher members an export needs
 * (exportacion, a foreign or Mexican recipient with its tax residence).
 */
import {
	CERTIFICADO_ORIGEN,
	CLAVE_PEDIMENTO,
	INCOTERM,
	MOTIVO_TRASLADO,
} from '../catalogs/complements';
import {
	compareDecimal,
	decimalToString,
	roundDecimal,
	sumDecimals,
	type Decimal,
} from '../decimal';
import { classifyRfc, GENERIC_FOREIGN_RFC, GENERIC_NATIONAL_RFC } from '../rfc';
import { complementOf, memberPath, PATHS, VERSIONS, isRecord } from '../voucherShape';
import { messageValue } from './describe';
import { textOf, type UnknownRecord, type ValidationContext } from './context';
import { forbid, readCode, readList, readNumber, readObject, readText } from './members';

const EXPORT_CODES = ['02', '03', '04'];
const FRACCION = /^\d{8}(\d{2})?$/;
const PAIS = /^[A-Z]{3}$/;

function checkRecipient(ctx: ValidationContext): void {
	const { receptor } = ctx.view;
	const rfc = textOf(receptor, 'rfc');
	if (!receptor || rfc === undefined || !ctx.isClean('receptor.rfc')) return;
	if (rfc === GENERIC_NATIONAL_RFC) {
		ctx.error(
			'CCE_RECEPTOR',
			'receptor.rfc',
			`receptor.rfc ${messageValue(rfc)} (general public) cannot receive an export voucher.`,
			`Use ${messageValue(GENERIC_FOREIGN_RFC)} for a foreign buyer, or the buyer's Mexican RFC.`,
			rfc,
		);
		return;
	}
	if (rfc === GENERIC_FOREIGN_RFC) {
		const residencia = readText(
			ctx,
			receptor,
			'residenciaFiscal',
			'receptor',
			'Add receptor.residenciaFiscal, the buyer\'s country (c_Pais), e.g. "USA".',
			'CCE_RESIDENCIA',
		);
		if (residencia !== undefined && (!PAIS.test(residencia) || residencia === 'MEX')) {
			ctx.error(
				'CCE_RESIDENCIA',
				'receptor.residenciaFiscal',
				`receptor.residenciaFiscal ${messageValue(residencia)} is not a foreign c_Pais code.`,
				'Use the 3-letter code of the buyer\'s country, e.g. "USA" (not "MEX").',
				residencia,
			);
		}
		readText(
			ctx,
			receptor,
			'numRegIdTrib',
			'receptor',
			"Add receptor.numRegIdTrib, the buyer's tax id in its country.",
			'CCE_NUM_REG_ID_TRIB',
		);
		return;
	}
	if (classifyRfc(rfc) !== 'invalid') {
		forbid(
			ctx,
			receptor,
			'residenciaFiscal',
			'receptor',
			'CCE_RESIDENCIA',
			`when receptor.rfc is a Mexican RFC (${messageValue(rfc)})`,
			'Remove it; a buyer with a Mexican RFC has its tax residence in Mexico.',
		);
	}
}

function checkGoods(ctx: ValidationContext, cce: UnknownRecord): void {
	const base = PATHS.foreignTrade;
	const mercancias = readObject(
		ctx,
		cce,
		'mercancias',
		base,
		'Add mercancias { mercancia: [{ noIdentificacion, fraccionArancelaria, cantidadAduana, unidadAduana, valorUnitarioAduana, valorDolares }] }.',
	);
	const items = mercancias
		? readList(
				ctx,
				mercancias,
				'mercancia',
				memberPath(base, 'mercancias'),
				"Add one mercancia per concept, with the concept's noIdentificacion.",
			)
		: [];
	const values: Array<Decimal | undefined> = [];
	const ids = new Set<string>();
	for (const { item, path } of items) {
		const id = readText(
			ctx,
			item,
			'noIdentificacion',
			path,
			'Add noIdentificacion, the same as the concept it describes.',
		);
		if (id !== undefined) ids.add(id);
		const fraccion = readText(ctx, item, 'fraccionArancelaria', path);
		if (fraccion !== undefined && !FRACCION.test(fraccion)) {
			const at = memberPath(path, 'fraccionArancelaria');
			ctx.error(
				'CCE_FRACCION',
				at,
				`${at} ${messageValue(fraccion)} is not a tariff code.`,
				'Use the 8-digit tariff item plus its 2-digit NICO (10 digits), without dots.',
				fraccion,
			);
		}
		readNumber(ctx, item, 'cantidadAduana', path, { positiveCode: 'CCE_CANTIDAD', decimals: 3 });
		readNumber(ctx, item, 'valorUnitarioAduana', path, { decimals: 6 });
		values.push(
			readNumber(ctx, item, 'valorDolares', path, {
				required: 'Add valorDolares, the value of the goods in US dollars.',
				decimals: 4,
			}),
		);
	}
	// Every concept is described by a mercancia with the same noIdentificacion.
	if (items.length > 0 && ctx.isClean(memberPath(base, 'mercancias'))) {
		ctx.view.conceptos.forEach((concepto, index) => {
			if (!concepto) return;
			const path = `conceptos[${index}].noIdentificacion`;
			const id = textOf(concepto, 'noIdentificacion');
			if (id === undefined) {
				ctx.missing(
					path,
					`Add noIdentificacion to the concept and a mercancia with the same noIdentificacion in ${base}.`,
					'CCE_MERCANCIA_CONCEPTO',
					`${path} is missing; with foreign trade each concept is matched to its goods by noIdentificacion.`,
				);
			} else if (!ids.has(id)) {
				ctx.error(
					'CCE_MERCANCIA_CONCEPTO',
					path,
					`${path} ${messageValue(id)} has no mercancia with that noIdentificacion in ${base}.`,
					'Add a mercancia for this concept, or correct the noIdentificacion.',
					id,
				);
			}
		});
	}
	const total = readNumber(ctx, cce, 'totalUSD', base, {
		required: 'Add totalUSD, the sum of the valorDolares of the goods.',
		decimals: 2,
	});
	const totalPath = memberPath(base, 'totalUSD');
	if (total && values.length > 0 && values.every((value) => value) && ctx.isClean(totalPath)) {
		const expected = roundDecimal(sumDecimals(values as Decimal[]), 2);
		if (compareDecimal(total, expected) !== 0) {
			ctx.error(
				'CCE_TOTAL_USD',
				totalPath,
				`${totalPath} ${messageValue(cce.totalUSD)} is not the sum of the goods' valorDolares (${decimalToString(expected, 2)}).`,
				`Set totalUSD to ${decimalToString(expected, 2)}.`,
				cce.totalUSD,
			);
		}
	}
}

/** The Comercio Exterior 2.0 complement, when present. */
export function checkComercioExterior(ctx: ValidationContext): void {
	const raw = complementOf(ctx.view.root, 'foreignTrade');
	if (raw === undefined || raw === null) return;
	const base = PATHS.foreignTrade;
	const { root } = ctx.view;
	const tipo = ctx.isClean('tipoDeComprobante') ? ctx.view.tipo : undefined;
	if (tipo !== undefined && !['I', 'E', 'T'].includes(tipo)) {
		ctx.error(
			'CCE_TIPO',
			'tipoDeComprobante',
			`tipoDeComprobante ${messageValue(tipo)} cannot carry ${base}.`,
			'Foreign trade goes on an invoice ("I"), a credit note ("E") or a transfer voucher ("T").',
			tipo,
		);
		return;
	}
	const exportacion = textOf(root, 'exportacion');
	if (
		exportacion !== undefined &&
		!EXPORT_CODES.includes(exportacion) &&
		ctx.isClean('exportacion')
	) {
		ctx.error(
			'CCE_EXPORTACION',
			'exportacion',
			`exportacion ${messageValue(exportacion)} says "not an export", but the voucher carries ${base}.`,
			'Use "02" (definitive export, customs key A1), "03" (temporary) or "04" (definitive, other key).',
			exportacion,
		);
	}
	if (!isRecord(raw)) {
		ctx.error(
			'OBJECT_EXPECTED',
			base,
			`${base} ${messageValue(raw)} is not an object.`,
			'Send { version: "2.0", claveDePedimento, certificadoOrigen, incoterm, tipoCambioUSD, totalUSD, mercancias }.',
			raw,
		);
		return;
	}
	const version = readText(ctx, raw, 'version', base, 'Add version "2.0".');
	if (version !== undefined && version !== VERSIONS.foreignTrade) {
		const at = memberPath(base, 'version');
		ctx.error(
			'COMPLEMENT_VERSION',
			at,
			`${at} ${messageValue(version)} is not supported here.`,
			'Use version "2.0" (Comercio Exterior 2.0).',
			version,
		);
	}
	if (tipo === 'T') {
		readCode(
			ctx,
			raw,
			'motivoTraslado',
			base,
			MOTIVO_TRASLADO,
			'c_MotivoTraslado',
			'CCE_CATALOG',
			'Add motivoTraslado, why the goods leave without a sale, e.g. "02".',
		);
	} else if (tipo !== undefined) {
		forbid(
			ctx,
			raw,
			'motivoTraslado',
			base,
			'CCE_MOTIVO_TRASLADO',
			`when tipoDeComprobante is ${messageValue(tipo)}`,
			'Remove it; motivoTraslado is only for transfer vouchers ("T").',
		);
	}
	readCode(ctx, raw, 'claveDePedimento', base, CLAVE_PEDIMENTO, 'c_ClavePedimento', 'CCE_CATALOG');
	const certificadoPath = memberPath(base, 'certificadoOrigen');
	const certificadoRaw = raw.certificadoOrigen;
	const certificado =
		typeof certificadoRaw === 'number'
			? String(certificadoRaw)
			: typeof certificadoRaw === 'string'
				? certificadoRaw
				: undefined;
	if (
		certificadoRaw !== undefined &&
		certificadoRaw !== null &&
		!CERTIFICADO_ORIGEN.some((entry) => entry.code === certificado)
	) {
		ctx.error(
			'CCE_CATALOG',
			certificadoPath,
			`${certificadoPath} ${messageValue(certificadoRaw)} is not 0 or 1.`,
			'Use 1 when a certificate of origin was issued, else 0.',
			certificadoRaw,
		);
	} else if (certificado === '1') {
		readText(
			ctx,
			raw,
			'numCertificadoOrigen',
			base,
			'Add numCertificadoOrigen, the folio of the certificate of origin.',
			'CCE_CERTIFICADO',
		);
	} else if (certificado === '0') {
		forbid(
			ctx,
			raw,
			'numCertificadoOrigen',
			base,
			'CCE_CERTIFICADO',
			'when certificadoOrigen is 0',
			'Remove it, or set certificadoOrigen to 1.',
		);
	}
	readCode(ctx, raw, 'incoterm', base, INCOTERM, 'c_INCOTERM', 'CCE_CATALOG');
	readNumber(ctx, raw, 'tipoCambioUSD', base, {
		required: 'Add tipoCambioUSD, the MXN per 1 USD on the voucher date.',
		positiveCode: 'CCE_TIPO_CAMBIO',
		decimals: 6,
	});
	checkGoods(ctx, raw);
	checkRecipient(ctx);
}
