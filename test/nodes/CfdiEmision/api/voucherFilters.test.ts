/**
 * The filters Get Many and the trigger apply to the list (api/voucherFilters.ts; the list has no
 * parameters for them): Series as a comma-separated list, exact; Recipient RFC without regard to
 * case. Through the engine: the Get Many and trigger tests.
 */
import {
	matchesVoucherFilter,
	readVoucherFilter,
} from '../../../../nodes/CfdiEmision/api/voucherFilters';
import type { VoucherRecord } from '../../../../nodes/CfdiEmision/api/voucherRecords';

const record = (series: string | null, recipientRfc: string | null) =>
	({ series, recipientRfc }) as VoucherRecord;

describe('voucher filters', () => {
	test('the fields as typed: series split on commas and trimmed, the RFC upper-cased', () => {
		expect(readVoucherFilter({ series: ' A, F ,, ', recipientRfc: ' ure180429tm6 ' })).toEqual({
			series: ['A', 'F'],
			recipientRfc: 'URE180429TM6',
		});
		expect(readVoucherFilter({})).toEqual({ series: [], recipientRfc: '' });
	});

	test('empty filters let every voucher through', () => {
		expect(matchesVoucherFilter(record(null, null), readVoucherFilter({}))).toBe(true);
	});

	test('series: one of those given, exactly; a voucher without series is left out', () => {
		const filter = readVoucherFilter({ series: 'A, F' });
		expect(matchesVoucherFilter(record('F', 'X'), filter)).toBe(true);
		expect(matchesVoucherFilter(record('B', 'X'), filter)).toBe(false);
		expect(matchesVoucherFilter(record('a', 'X'), filter)).toBe(false);
		expect(matchesVoucherFilter(record(null, 'X'), filter)).toBe(false);
	});

	test('recipient: the same RFC in any case; both filters must hold', () => {
		const filter = readVoucherFilter({ series: 'A', recipientRfc: 'URE180429TM6' });
		expect(matchesVoucherFilter(record('A', 'ure180429tm6'), filter)).toBe(true);
		expect(matchesVoucherFilter(record('A', 'EKU9003173C9'), filter)).toBe(false);
		expect(matchesVoucherFilter(record('B', 'URE180429TM6'), filter)).toBe(false);
		expect(matchesVoucherFilter(record('A', null), filter)).toBe(false);
	});
});
