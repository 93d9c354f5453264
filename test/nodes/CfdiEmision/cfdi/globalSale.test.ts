/** The next step for a sale a buyer asks to invoice after it went into a global invoice. */
import {
	couldHoldSale,
	nextGlobalSaleStep,
	readGlobalXml,
	replacementFolio,
	salesDeclared,
	type GlobalOnList,
} from '../../../../nodes/CfdiEmision/cfdi';

const G = 'AAAAAAAA-0000-4000-8000-000000000001';
const global = (extra: Partial<GlobalOnList> = {}): GlobalOnList => ({
	uuid: G,
	voucherId: 1,
	status: 'stamped',
	date: '2026-11-01T09:00:00',
	series: 'F',
	folio: 'G202610-04',
	tickets: ['1001', '1002'],
	substitutes: [],
	...extra,
});

describe('nextGlobalSaleStep', () => {
	test('a sale in no global invoice: none', () => {
		expect(nextGlobalSaleStep('1009', [global()])).toEqual({ kind: 'none' });
	});
	test('in a stamped global invoice: inGlobal (Fail, or cancel it with motive 04)', () => {
		expect(nextGlobalSaleStep('1001', [global()])).toMatchObject({
			kind: 'inGlobal',
			global: { uuid: G },
		});
	});
	test('its cancellation awaits acceptance: stop with the facts', () => {
		expect(nextGlobalSaleStep('1001', [global({ status: 'pendingAcceptance' })]).kind).toBe(
			'cancellationNotDone',
		);
	});
	test('cancelled, no replacement yet: replace with the other sales', () => {
		expect(nextGlobalSaleStep('1001', [global({ status: 'cancelled' })])).toMatchObject({
			kind: 'replace',
			others: ['1002'],
		});
		expect(nextGlobalSaleStep('1001', [global({ status: 'cancelled' })])).not.toHaveProperty(
			'replacement',
		);
	});
	test('cancelled and replaced (relation 04), or its replacement saved pending under the next folio: found again', () => {
		const replacement = global({
			uuid: 'R',
			tickets: ['1002'],
			substitutes: [G],
			folio: 'G202610-04-S1',
		});
		expect(
			nextGlobalSaleStep('1001', [global({ status: 'cancelled' }), replacement]),
		).toMatchObject({
			kind: 'replace',
			replacement: { uuid: 'R' },
		});
		const pending = global({
			uuid: '',
			status: 'pending',
			tickets: undefined,
			folio: 'G202610-04-S1',
		});
		expect(nextGlobalSaleStep('1001', [global({ status: 'cancelled' }), pending])).toMatchObject({
			replacement: { status: 'pending' },
		});
	});
	test('cancelled, its other sales in another valid global not related to it: conflict (never counted twice)', () => {
		const other = global({ uuid: 'O', tickets: ['1002', '1005'], folio: 'X1' });
		expect(nextGlobalSaleStep('1001', [global({ status: 'cancelled' }), other])).toMatchObject({
			kind: 'conflict',
			tickets: ['1002'],
		});
	});
	test('the replacement holding the sale of a second buyer: that replacement is the one to cancel', () => {
		const replacement = global({
			uuid: 'R',
			tickets: ['1002'],
			substitutes: [G],
			folio: 'G202610-04-S1',
		});
		expect(
			nextGlobalSaleStep('1002', [global({ status: 'cancelled' }), replacement]),
		).toMatchObject({
			kind: 'inGlobal',
			global: { uuid: 'R' },
		});
	});
});

test('replacementFolio: -S1, then -S2', () => {
	expect(replacementFolio('G202610-04')).toBe('G202610-04-S1');
	expect(replacementFolio('G202610-04-S1')).toBe('G202610-04-S2');
	expect(replacementFolio(null)).toBe('G-S1');
});

/** A stamped general-public voucher: `type`, with InformacionGlobal when `global`, concepts 1002 and 1003. */
const generalPublicXml = (type: string, global = true) =>
	`<?xml version="1.0"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" TipoDeComprobante="${type}">
${global ? '<cfdi:InformacionGlobal Periodicidad="04" Meses="10" Año="2026"/>' : ''}
<cfdi:CfdiRelacionados TipoRelacion="04"><cfdi:CfdiRelacionado UUID="${G.toLowerCase()}"/></cfdi:CfdiRelacionados>
<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID="OTHER"/></cfdi:CfdiRelacionados>
<cfdi:Receptor Rfc="XAXX010101000"/>
<cfdi:Conceptos><cfdi:Concepto NoIdentificacion="1002"/><cfdi:Concepto NoIdentificacion="1003"/></cfdi:Conceptos>
</cfdi:Comprobante>`;

test('readGlobalXml: a global invoice’s type, tickets, the UUIDs substituted (04 only), the period', () => {
	expect(readGlobalXml(generalPublicXml('I'))).toEqual({
		type: 'I',
		tickets: ['1002', '1003'],
		substitutes: [G],
		period: { periodicidad: '04', meses: '10', anio: '2026' },
		recipientRfc: 'XAXX010101000',
	});
});

describe('the sales a general-public voucher declares (the list gives no type: the XML does)', () => {
	const listed = { date: '2026-11-01T09:00:00', series: 'F', folio: '1001' };
	const own = { ticket: '1001', serie: 'F', folio: '1001' };
	test.each([
		// A credit note of tickets 1002 and 1003 to PUBLICO EN GENERAL carries InformacionGlobal too.
		['a credit note with InformacionGlobal', 'E', true],
		['a payment receipt', 'P', true],
		['a transfer voucher', 'T', true],
		['an invoice without InformacionGlobal', 'I', false],
	])('%s declares none of the tickets its concepts name', (_name, type, global) => {
		const read = readGlobalXml(generalPublicXml(type, global));
		expect(read.tickets).toEqual([]);
		expect(salesDeclared(read, { ...listed, folio: 'G1' })).toEqual([]);
		expect(salesDeclared(read, { ...listed, folio: 'G1' }, own)).toEqual([]);
	});
	test('a global invoice declares its tickets', () => {
		expect(salesDeclared(readGlobalXml(generalPublicXml('I')), listed)).toEqual(['1002', '1003']);
	});
	test('the order’s own invoice to the general public (its series and folio, type I) declares the sale alone', () => {
		for (const read of [generalPublicXml('I'), generalPublicXml('I', false)].map(readGlobalXml)) {
			expect(salesDeclared(read, listed, own)).toEqual(['1001']);
			expect(salesDeclared(read, { ...listed, series: 'f' }, own)).toEqual(['1001']);
			expect(salesDeclared(read, { ...listed, series: 'A' }, own)).toEqual(read.tickets);
			expect(salesDeclared(read, { ...listed, folio: null }, { ...own, folio: '' })).toEqual(
				read.tickets,
			);
		}
		// A credit note under the order's own series and folio declares nothing.
		expect(salesDeclared(readGlobalXml(generalPublicXml('E')), listed, own)).toEqual([]);
	});
});

test('couldHoldSale: not a voucher dated more than a day before the sale; undated either side, it could', () => {
	const sale = '2026-10-05T12:00:00-06:00';
	const at = (date: string | null) => couldHoldSale({ date, series: null, folio: null }, sale);
	expect(at('2026-11-01T09:00:00')).toBe(true);
	expect(at('2026-10-04T12:00:00')).toBe(true);
	expect(at('2026-10-04T11:59:59')).toBe(false);
	expect(at(null)).toBe(true);
	expect(couldHoldSale({ date: '2020-01-01T00:00:00', series: null, folio: null }, undefined)).toBe(
		true,
	);
});
