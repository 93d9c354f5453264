/** What a choice of the cents search (chooseOptions in cfdi/reconcile.ts) costs: units away from the concepts' own amounts, concepts changed, the sum reached. */
import type { ConceptOptions } from '../../nodes/CfdiEmision/cfdi/conceptChoices';

export function measureChoice(concepts: ConceptOptions[], picks: number[]) {
	let cost = 0;
	let moved = 0;
	let sum = 0;
	concepts.forEach((concept, index) => {
		const option = concept.options[picks[index]];
		cost += Math.abs(option.deviation);
		moved += option.shift === 0 ? 0 : 1;
		sum += option.deviation;
	});
	return { cost, moved, sum };
}
