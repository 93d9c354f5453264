import { type UnknownRecord, type VoucherView } from './context';
import { isRecord } from '../voucherShape';

/** A concept tax line that is an object, with where it sits. */
export interface TaxLineRef {
	line: UnknownRecord;
	path: string;
	conceptIndex: number;
	withheld: boolean;
}

/** The tax lines of one concept (only object items; others are reported by requiredFields). */
export function conceptTaxLines(
	concepto: UnknownRecord | undefined,
	conceptIndex: number,
): TaxLineRef[] {
	const impuestos = concepto?.impuestos;
	if (!isRecord(impuestos)) return [];
	const refs: TaxLineRef[] = [];
	for (const [member, withheld] of [
		['traslados', false],
		['retenciones', true],
	] as const) {
		const lines = impuestos[member];
		if (!Array.isArray(lines)) continue;
		lines.forEach((line, index) => {
			if (isRecord(line))
				refs.push({
					line,
					path: `conceptos[${conceptIndex}].impuestos.${member}[${index}]`,
					conceptIndex,
					withheld,
				});
		});
	}
	return refs;
}

/** Every concept tax line of the voucher. */
export function allTaxLines(view: VoucherView): TaxLineRef[] {
	return view.conceptos.flatMap((concepto, index) => conceptTaxLines(concepto, index));
}
