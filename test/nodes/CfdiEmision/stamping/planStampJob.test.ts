/**
 * Each item's plan (stamping/planStampJob.ts): the lane an item stamps on.
 * Also covers: nodes/CfdiEmision/stamping/stampJob.ts (the job's types, held by the compiler).
 */
import { seriesOf } from '../../../../nodes/CfdiEmision/stamping/planStampJob';

describe('seriesOf: the lane an item stamps on', () => {
	test('the series of a voucher is its serie, trimmed; none is a series of its own', () => {
		expect(seriesOf({ serie: ' A ' })).toBe('A');
		expect(seriesOf({})).toBe('');
		expect(seriesOf({ serie: 7 })).toBe('7');
	});
});
