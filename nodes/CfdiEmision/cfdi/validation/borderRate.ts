/**
 * IVA 8 % is the border-region stimulus (estímulo fiscal región fronteriza): charged only on sales
 * made at a home, branch or establishment in the northern or southern border region, which the
 * SAT's c_CodigoPostal marks per postal code (column "Estímulo Franja Fronteriza").
 *
 * That column is not embedded (catalogs/borderRegion.ts says why and what is): only the postal-code
 * ranges of the ten states holding a border municipality are. So a voucher charging IVA 8 % gets a
 * warning on its item, never a refusal here, naming the place of issue and what to check: inside a
 * border state (Monterrey's 64000, Nuevo León, whose only border municipality is far from it) the
 * municipality decides and the stamping service, which holds the catalog, judges; outside them the
 * place of issue is no border postal code at all (the form's lines are refused for it earlier, see
 * formLineTaxes.ts, unless "Allow IVA 8 % Outside the Border Region" is on).
 */
import { borderRegionOf } from '../catalogs/borderRegion';
import { compareDecimal, parseDecimal, type Decimal } from '../decimal';
import { textOf, type ValidationContext } from './context';
import { allTaxLines } from './taxLines';

const IVA = '002';
const BORDER_RATE = parseDecimal('0.08') as Decimal;

/** The concept numbers (1-based, in order, once each) with a transferred IVA at 8 %. */
function borderRateLines(ctx: ValidationContext): number[] {
	const lines = allTaxLines(ctx.view).filter(({ line, withheld }) => {
		if (withheld || line.impuesto !== IVA || line.tipoFactor !== 'Tasa') return false;
		const rate =
			typeof line.tasaOCuota === 'number' || typeof line.tasaOCuota === 'string'
				? parseDecimal(line.tasaOCuota)
				: undefined;
		return rate !== undefined && compareDecimal(rate, BORDER_RATE) === 0;
	});
	return [...new Set(lines.map((ref) => ref.conceptIndex + 1))];
}

function listed(numbers: number[]): string {
	const words = numbers.map(String);
	const text =
		words.length === 1
			? words[0]
			: `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
	return `${numbers.length === 1 ? 'line' : 'lines'} ${text}`;
}

/** The warning on a voucher charging IVA 8 % (one per voucher, on lugarExpedicion). */
export function checkBorderRate(ctx: ValidationContext): void {
	const place = textOf(ctx.view.root, 'lugarExpedicion');
	// A missing or malformed place of issue is reported by its own check.
	if (!place || !/^\d{5}$/.test(place) || !ctx.isClean('lugarExpedicion')) return;
	const lines = borderRateLines(ctx);
	if (!lines.length) return;
	const state = borderRegionOf(place);
	const charged = `${listed(lines)} ${lines.length === 1 ? 'charges' : 'charge'} IVA 8 %, the border-region stimulus (estímulo fiscal región fronteriza)`;
	const fix = `If ${place} is not the postal code of a branch in a border municipality, charge 16 % on ${lines.length === 1 ? 'that line' : 'those lines'}, or give the issuing branch's postal code as the Place of Issue Postal Code (lugarExpedicion).`;
	if (state) {
		ctx.warn(
			'IVA8_BORDER_UNVERIFIED',
			'lugarExpedicion',
			`${charged}, and the Place of Issue Postal Code (lugarExpedicion) ${place} is in ${state.state}, a state with border municipalities, but only their postal codes qualify. The SAT's c_CodigoPostal marks them (column "Estímulo Franja Fronteriza"); that column is not embedded in this node, so ${place} was not checked here: the stamping service will judge it.`,
			fix,
			place,
		);
		return;
	}
	ctx.warn(
		'IVA8_OUTSIDE_BORDER',
		'lugarExpedicion',
		`${charged}, but the Place of Issue Postal Code (lugarExpedicion) ${place} is in none of the states with border municipalities, so it is no border-region postal code: the stamping service is expected to refuse the rate.`,
		fix,
		place,
	);
}
