import {
	compareDecimal,
	decimalToString,
	isZero,
	multiplyDecimal,
	parseDecimal,
	roundDecimal,
} from '../decimal';
import { importeBounds, withinBounds } from '../tolerance';
import { messageValue } from './describe';
import type { ValidationContext } from './context';
import { CONCEPT_MAX_DECIMALS } from './formats';
import { readAmount } from './amountRules';

// Types whose concepts must have a price (CFDI40166); T and P concepts may be worth 0.
const PRICED_TYPES = ['I', 'E', 'N'];

/** Per concept: valorUnitario, importe within the Anexo 20 tolerance, descuento not above importe. */
export function checkConceptAmounts(ctx: ValidationContext): void {
	const decimals = ctx.isClean('moneda') ? ctx.decimals : undefined;
	const tipo = ctx.isClean('tipoDeComprobante') ? ctx.view.tipo : undefined;

	ctx.view.conceptos.forEach((concepto, index) => {
		if (!concepto) return;
		const path = `conceptos[${index}]`;
		const valorUnitario = readAmount(
			ctx,
			concepto,
			'valorUnitario',
			`${path}.valorUnitario`,
			CONCEPT_MAX_DECIMALS,
		);
		const importe = readAmount(ctx, concepto, 'importe', `${path}.importe`, CONCEPT_MAX_DECIMALS);
		const descuento = readAmount(
			ctx,
			concepto,
			'descuento',
			`${path}.descuento`,
			CONCEPT_MAX_DECIMALS,
		);

		if (valorUnitario && isZero(valorUnitario) && tipo && PRICED_TYPES.includes(tipo)) {
			ctx.error(
				'CFDI40166',
				`${path}.valorUnitario`,
				`${path}.valorUnitario is 0.`,
				`Use a unit price greater than 0; a voucher of type ${messageValue(tipo)} cannot bill an item at 0.`,
				concepto.valorUnitario,
			);
		}

		const cantidad = ctx.isClean(`${path}.cantidad`) ? parseDecimal(concepto.cantidad) : undefined;
		if (
			cantidad &&
			valorUnitario &&
			importe &&
			decimals !== undefined &&
			ctx.isClean(`${path}.valorUnitario`)
		) {
			const bounds = importeBounds(cantidad, valorUnitario, decimals);
			if (!withinBounds(importe, bounds)) {
				const expected = roundDecimal(multiplyDecimal(cantidad, valorUnitario), decimals);
				ctx.error(
					'CFDI40167',
					`${path}.importe`,
					`${path}.importe ${messageValue(concepto.importe)} is not cantidad × valorUnitario (${messageValue(concepto.cantidad)} × ${messageValue(concepto.valorUnitario)}); the SAT accepts ${decimalToString(bounds.lower, decimals)} to ${decimalToString(bounds.upper, decimals)}.`,
					`Set importe to ${decimalToString(expected, decimals)}.`,
					concepto.importe,
				);
			}
		}

		if (
			descuento &&
			importe &&
			ctx.isClean(`${path}.importe`) &&
			compareDecimal(descuento, importe) > 0
		) {
			ctx.error(
				'CFDI40169',
				`${path}.descuento`,
				`${path}.descuento ${messageValue(concepto.descuento)} is greater than its importe ${messageValue(concepto.importe)}.`,
				'Use a discount no greater than the concept importe.',
				concepto.descuento,
			);
		}
	});
}
