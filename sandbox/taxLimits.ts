/**
 * The SAT's limits of a concept's tax Importe, as the validation matrix of Anexo 20 applies them
 * (CFDI40180 transferred, CFDI40186 withheld): any Importe from (Base − half a unit) × TasaOCuota
 * truncated to (Base + half a unit − 10^−12) × TasaOCuota rounded up, to the Importe's decimals,
 * with the Base's decimals as the XML writes them (cfdiXml.ts: at least 2). Exact integer
 * arithmetic, written apart from the node's own rule: the stand-in judges, it does not round.
 */
import { isObject } from './modelBinding';
import type { ValidationError, VoucherBody } from './types';

interface Fixed {
	units: bigint;
	scale: number;
}

const TEN = BigInt(10);

function fixed(value: unknown, minScale = 0): Fixed | undefined {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
	const text = /e/i.test(String(n)) ? n.toFixed(12).replace(/0+$/, '') : String(n);
	const [whole, fraction = ''] = text.split('.');
	const scale = Math.max(fraction.length, minScale);
	return { units: BigInt(whole + fraction.padEnd(scale, '0')), scale };
}

function pow(exponent: number): bigint {
	return TEN ** BigInt(exponent);
}

/** The lowest and highest Importe, in units of the Importe's scale. */
function limits(base: Fixed, rate: Fixed, scale: number): { lower: bigint; upper: bigint } {
	// A common scale for Base ± half a unit and the 10^−12 the upper limit leaves out.
	const common = Math.max(base.scale + 1, 12);
	const stretch = pow(common - base.scale - 1);
	const low = (base.units * TEN - BigInt(5)) * stretch;
	const high = (base.units * TEN + BigInt(5)) * stretch - pow(common - 12);
	const divisor = pow(common + rate.scale);
	const lower = (low * rate.units * pow(scale)) / divisor; // truncated (BigInt division)
	const product = high * rate.units * pow(scale);
	const upper = (product + divisor - BigInt(1)) / divisor; // rounded up
	return { lower, upper };
}

export function taxLimitErrors(body: VoucherBody): ValidationError[] {
	const errors: ValidationError[] = [];
	const conceptos = Array.isArray(body.conceptos) ? body.conceptos : [];
	conceptos.forEach((item, index) => {
		const impuestos = isObject(item) && isObject(item.impuestos) ? item.impuestos : {};
		for (const [member, codigo, name] of [
			['traslados', 'CFDI40180', 'Traslado'],
			['retenciones', 'CFDI40186', 'Retencion'],
		] as const) {
			const lines = Array.isArray(impuestos[member]) ? (impuestos[member] as unknown[]) : [];
			for (const line of lines) {
				if (!isObject(line) || line.tipoFactor !== 'Tasa') continue;
				const base = fixed(line.base, 2);
				const rate = fixed(line.tasaOCuota);
				const importe = fixed(line.importe, 2);
				if (!base || !rate || !importe) continue;
				const { lower, upper } = limits(base, rate, importe.scale);
				if (importe.units < lower || importe.units > upper)
					errors.push({
						codigo,
						mensaje: `El valor del campo Importe correspondiente a ${name} del concepto ${index + 1} no se encuentra entre el limite inferior y superior permitido.`,
					});
			}
		}
	});
	return errors;
}
