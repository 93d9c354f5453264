import { parseDecimal, type Decimal } from '../../../../../../nodes/CfdiEmision/cfdi/decimal';
import { periodOfInformacionGlobal } from '../../../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/globalPeriod';
import {
	invoicedIndividually,
	ticketsDeclaredInGlobals,
	type DeclaredGlobal,
	type ListedVoucherFacts,
} from '../../../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/documentedSaleRules';

const november = periodOfInformacionGlobal({ periodicidad: '01', meses: '11', anio: '2026' })!;
const october = periodOfInformacionGlobal({ periodicidad: '01', meses: '10', anio: '2026' })!;
const global = (uuid: string, tickets: string[], period = november): DeclaredGlobal => ({
	uuid,
	serie: 'G',
	folio: 'G202611-01',
	period,
	tickets,
});

describe('tickets already declared in an overlapping global invoice', () => {
	test('the overlapping daily run: T1-T3 were declared yesterday, only T4-T5 remain', () => {
		const found = ticketsDeclaredInGlobals(['T1', 'T2', 'T3', 'T4', 'T5'], november, [
			global('UUID-1', ['T1', 'T2', 'T3']),
		]);
		expect([...found.keys()]).toEqual(['T1', 'T2', 'T3']);
		expect(found.get('T2')?.uuid).toBe('UUID-1');
	});

	test('a global invoice of a period that does not overlap declares nothing for this one', () => {
		expect(
			ticketsDeclaredInGlobals(['T1'], november, [global('UUID-0', ['T1'], october)]).size,
		).toBe(0);
	});

	test('the same run again (the same tickets) is left to the duplicate check', () => {
		expect(
			ticketsDeclaredInGlobals(['T1', 'T2'], november, [global('UUID-1', ['T2', 'T1'])]).size,
		).toBe(0);
	});
});

describe('a ticket is invoiced to its customer only when the listed invoice is plausibly the same sale', () => {
	const sale = {
		ticket: '1001',
		gross: parseDecimal('116.00') as Decimal,
		currency: 'MXN',
		decimals: 2,
	};
	const listed = (over: Partial<ListedVoucherFacts>): ListedVoucherFacts => ({
		uuid: 'AAAA',
		status: 'stamped',
		date: '2026-11-20T10:00:00',
		series: 'F',
		folio: '1001',
		recipientRfc: 'XOJI740919U48',
		total: 116,
		currency: 'MXN',
		...over,
	});

	test('same folio and the same amount: invoiced', () => {
		expect(invoicedIndividually(sale, [listed({})])).toMatchObject({ kind: 'invoiced' });
	});

	test('same folio, another amount (an unrelated invoice of another series): not this sale', () => {
		const other = listed({ series: 'B', total: 5800 });
		expect(invoicedIndividually(sale, [other])).toEqual({ kind: 'unrelated', vouchers: [other] });
	});

	test('same folio and amount in another currency, cancelled, pending or to the general public: not invoiced', () => {
		for (const voucher of [
			listed({ currency: 'USD' }),
			listed({ status: 'cancelled' }),
			listed({ status: 'pending' }),
			listed({ recipientRfc: 'XAXX010101000' }),
		])
			expect(invoicedIndividually(sale, [voucher]).kind).not.toBe('invoiced');
	});

	test('a list without the total cannot show it is this sale', () => {
		expect(invoicedIndividually(sale, [listed({ total: null })]).kind).toBe('unrelated');
	});
});
