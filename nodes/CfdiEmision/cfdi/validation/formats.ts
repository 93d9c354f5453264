import { CLAVE_PROD_SERV_CATALOG, CLAVE_UNIDAD_CATALOG } from '../catalogs/codeCatalogs';
import { isNegative, isZero, parseDecimal } from '../decimal';
import { messageValue } from './describe';
import { textOf, type ValidationContext } from './context';

const POSTAL_CODE = /^[0-9]{5}$/;
const CLAVE_PROD_SERV = /^[0-9]{8}$/;
// The shapes are checked first (the clearer message), then the code against the embedded SAT catalog.
const CLAVE_UNIDAD = /^[A-Z0-9]{2,3}$/;
const FECHA = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
// Concept-level amounts and quantities may carry up to 6 decimals (Anexo 20 schema).
export const CONCEPT_MAX_DECIMALS = 6;

export function isRealDateTime(text: string): boolean {
	const match = FECHA.exec(text);
	if (!match) return false;
	const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	const realDay =
		date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
	return realDay && hour <= 23 && minute <= 59 && second <= 59;
}

function checkPostalCode(
	ctx: ValidationContext,
	value: string | undefined,
	path: string,
	what: string,
): void {
	if (value === undefined || POSTAL_CODE.test(value)) return;
	ctx.error(
		'POSTAL_CODE_PATTERN',
		path,
		`${path} ${messageValue(value)} is not a 5-digit postal code.`,
		`Use the 5-digit postal code of ${what}, e.g. "64000".`,
		value,
	);
}

/** Text formats: version, fecha, postal codes, product and unit keys, quantities. */
export function checkFormats(ctx: ValidationContext): void {
	const { root, receptor, conceptos } = ctx.view;

	const version = textOf(root, 'version');
	if (version !== undefined && version !== '4.0') {
		ctx.error(
			'VERSION',
			'version',
			`version ${messageValue(version)} is not supported.`,
			'Use version "4.0" (CFDI 4.0).',
			version,
		);
	}

	// fecha is optional: the service sets it unless noCalcularFecha is used.
	const fecha = textOf(root, 'fecha');
	if (fecha !== undefined && !isRealDateTime(fecha)) {
		ctx.error(
			'CFDI40101',
			'fecha',
			`fecha ${messageValue(fecha)} is not a real date-time in the form YYYY-MM-DDThh:mm:ss.`,
			'Use local time without a time zone, e.g. "2024-05-10T13:45:00", or leave fecha out so the service sets it.',
			fecha,
		);
	}

	checkPostalCode(ctx, textOf(root, 'lugarExpedicion'), 'lugarExpedicion', 'the place of issue');
	checkPostalCode(
		ctx,
		textOf(receptor, 'domicilioFiscalReceptor'),
		'receptor.domicilioFiscalReceptor',
		"the recipient's fiscal address",
	);

	conceptos.forEach((concepto, index) => {
		const path = `conceptos[${index}]`;
		const clave = textOf(concepto, 'claveProdServ');
		if (clave !== undefined && !CLAVE_PROD_SERV.test(clave)) {
			ctx.error(
				'CLAVE_PROD_SERV_PATTERN',
				`${path}.claveProdServ`,
				`${path}.claveProdServ ${messageValue(clave)} is not an 8-digit c_ClaveProdServ code.`,
				'Use the 8-digit SAT product or service code, e.g. "01010101" (no spaces or dashes).',
				clave,
			);
		} else if (clave !== undefined && !CLAVE_PROD_SERV_CATALOG.find(clave)) {
			ctx.error(
				'CLAVE_PROD_SERV_UNKNOWN',
				`${path}.claveProdServ`,
				`${path}.claveProdServ ${messageValue(clave)} is not in the SAT catalog c_ClaveProdServ.`,
				'Pick the product or service code from the list (search by name in Spanish, e.g. "servicios de facturación"), or use "01010101" (not in the catalog) only where the SAT allows it.',
				clave,
			);
		}
		const unidad = textOf(concepto, 'claveUnidad');
		if (unidad !== undefined && !CLAVE_UNIDAD.test(unidad)) {
			const upper = unidad.trim().toUpperCase();
			const fix = CLAVE_UNIDAD.test(upper)
				? `Use ${messageValue(upper)} (unit codes are upper case).`
				: 'Use a c_ClaveUnidad code of 2 or 3 letters or digits, e.g. "H87" or "E48".';
			ctx.error(
				'CLAVE_UNIDAD_PATTERN',
				`${path}.claveUnidad`,
				`${path}.claveUnidad ${messageValue(unidad)} is not a c_ClaveUnidad code.`,
				fix,
				unidad,
			);
		} else if (unidad !== undefined && !CLAVE_UNIDAD_CATALOG.find(unidad)) {
			ctx.error(
				'CLAVE_UNIDAD_UNKNOWN',
				`${path}.claveUnidad`,
				`${path}.claveUnidad ${messageValue(unidad)} is not in the SAT catalog c_ClaveUnidad.`,
				'Pick the unit code from the list (search by name, e.g. "pieza" or "piece"), such as "H87" (piece) or "E48" (service unit).',
				unidad,
			);
		}
		const rawCantidad = concepto?.cantidad;
		const cantidad =
			typeof rawCantidad === 'string' || typeof rawCantidad === 'number'
				? parseDecimal(rawCantidad)
				: undefined;
		if (cantidad && (isNegative(cantidad) || isZero(cantidad))) {
			ctx.error(
				'CANTIDAD_NOT_POSITIVE',
				`${path}.cantidad`,
				`${path}.cantidad ${messageValue(rawCantidad)} is not greater than zero.`,
				'Use a quantity greater than zero.',
				rawCantidad,
			);
		} else if (cantidad && cantidad.scale > CONCEPT_MAX_DECIMALS) {
			ctx.error(
				'AMOUNT_DECIMALS',
				`${path}.cantidad`,
				`${path}.cantidad ${messageValue(rawCantidad)} has more than ${CONCEPT_MAX_DECIMALS} decimals.`,
				`Round the quantity to at most ${CONCEPT_MAX_DECIMALS} decimals.`,
				rawCantidad,
			);
		}
	});
}
