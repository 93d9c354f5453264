/**
 * Where a place of issue may carry IVA 8 % (the border-region stimulus): a five-digit postal code in
 * one of the ten states with border-region municipalities. Outside them the form refuses 8 % (its
 * engine test: test/nodes/CfdiEmision/actions/voucher/invoice/voucherFromInput.engine.test.ts).
 */
import {
	BORDER_REGION_STATES,
	borderRegionOf,
	mayChargeBorderIva,
} from '../../../../../nodes/CfdiEmision/cfdi/catalogs/borderRegion';

describe('borderRegionOf', () => {
	test.each([
		['22000', 'Baja California', 'north'],
		['21000', 'Baja California', 'north'],
		['32000', 'Chihuahua', 'north'],
		['64000', 'Nuevo León', 'north'],
		['89999', 'Tamaulipas', 'north'],
		['77500', 'Quintana Roo', 'south'],
		['30700', 'Chiapas', 'south'],
	])('%s is in %s (%s)', (code, state, region) => {
		expect(borderRegionOf(code)).toMatchObject({ state, region });
		expect(mayChargeBorderIva(code)).toBe(true);
	});

	test.each(['06600', '44100', '20999', '28000', '90000', '00000'])(
		'%s is outside every border-region state: no IVA 8 %%',
		(code) => {
			expect(borderRegionOf(code)).toBeUndefined();
			expect(mayChargeBorderIva(code)).toBe(false);
		},
	);

	test('a number, or a code with blanks around it, is read as the code; anything else is no code', () => {
		expect(borderRegionOf(22000)?.state).toBe('Baja California');
		expect(borderRegionOf(' 64000 ')?.state).toBe('Nuevo León');
		for (const value of ['2200', '220000', '22 000', 'abcde', '', null, undefined, {}, 22000.5])
			expect(mayChargeBorderIva(value)).toBe(false);
	});

	test('the ranges do not overlap and each is five digits, first not after last', () => {
		const sorted = [...BORDER_REGION_STATES].sort((a, b) => a.from.localeCompare(b.from));
		sorted.forEach((range, index) => {
			expect(range.from).toMatch(/^\d{5}$/);
			expect(range.to).toMatch(/^\d{5}$/);
			expect(range.from <= range.to).toBe(true);
			if (index > 0) expect(sorted[index - 1].to < range.from).toBe(true);
		});
		expect(BORDER_REGION_STATES).toHaveLength(10);
	});
});
