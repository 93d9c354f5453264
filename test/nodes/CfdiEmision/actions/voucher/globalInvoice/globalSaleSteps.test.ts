/** The next step for a sale a buyer asks to invoice after it went into a global invoice. */
import {
	couldHoldSale,
	describeUnclear,
	linesInDoubt,
	nextGlobalSaleStep,
	readGlobalXml,
	replacementFolio,
	salesDeclared,
	type GlobalOnList,
} from '../../../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/globalSaleSteps';

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

/** A sale line of a global invoice, as the SAT's filling guide writes it. */
const SALE_LINE = 'ClaveProdServ="01010101" ClaveUnidad="ACT" Descripcion="Venta"';

/** A stamped general-public voucher: `type`, with InformacionGlobal when `global`, concepts 1002 and 1003. */
const generalPublicXml = (
	type: string,
	global = true,
	concepts = conceptsOf(SALE_LINE, SALE_LINE),
) =>
	`<?xml version="1.0"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" TipoDeComprobante="${type}">
${global ? '<cfdi:InformacionGlobal Periodicidad="04" Meses="10" Año="2026"/>' : ''}
<cfdi:CfdiRelacionados TipoRelacion="04"><cfdi:CfdiRelacionado UUID="${G.toLowerCase()}"/></cfdi:CfdiRelacionados>
<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID="OTHER"/></cfdi:CfdiRelacionados>
<cfdi:Receptor Rfc="XAXX010101000"/>
<cfdi:Conceptos>${concepts}</cfdi:Conceptos>
</cfdi:Comprobante>`;

/** Concepts 1002 and 1003 with the attributes given. */
function conceptsOf(first: string, second: string) {
	return `<cfdi:Concepto NoIdentificacion="1002" ${first}/><cfdi:Concepto NoIdentificacion="1003" ${second}/>`;
}

test('readGlobalXml: a global invoice’s type, tickets, the UUIDs substituted (04 only), the period', () => {
	expect(readGlobalXml(generalPublicXml('I'))).toEqual({
		type: 'I',
		tickets: ['1002', '1003'],
		inDoubt: [],
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

describe('a sale is declared only by a global invoice whose concepts are all sale lines (01010101 / ACT)', () => {
	const PRODUCT = 'ClaveProdServ="01010101" ClaveUnidad="H87" Descripcion="Mechanical keyboard"';
	const line = (noIdentificacion: string, attributes: string) => ({
		noIdentificacion,
		claveProdServ: /ClaveProdServ="(\w+)"/.exec(attributes)![1],
		claveUnidad: /ClaveUnidad="(\w+)"/.exec(attributes)![1],
		descripcion: /Descripcion="([^"]+)"/.exec(attributes)![1],
	});
	const listed = { date: '2026-11-01T09:00:00', series: 'A', folio: '2002' };
	test.each([
		['another order’s invoice to the general public: products 01010101 / H87', PRODUCT, PRODUCT],
		['a product line beside a sale line', SALE_LINE, PRODUCT],
		[
			'ACT products beside a shipping line (E48)',
			SALE_LINE,
			'ClaveProdServ="78102203" ClaveUnidad="E48" Descripcion="Envío"',
		],
		[
			'sale lines under another product code',
			'ClaveProdServ="84111506" ClaveUnidad="ACT" Descripcion="Venta"',
			SALE_LINE,
		],
	])('%s: no ticket declared, every named concept in doubt', (_name, first, second) => {
		const read = readGlobalXml(generalPublicXml('I', true, conceptsOf(first, second)));
		expect(read.tickets).toEqual([]);
		expect(salesDeclared(read, listed)).toEqual([]);
		expect(linesInDoubt(read, listed)).toEqual([line('1002', first), line('1003', second)]);
	});
	test('a concept without NoIdentificacion names nothing: not in doubt', () => {
		const xml = generalPublicXml(
			'I',
			true,
			`<cfdi:Concepto NoIdentificacion="1002" ${PRODUCT}/><cfdi:Concepto ${PRODUCT}/>`,
		);
		expect(readGlobalXml(xml).inDoubt).toEqual([line('1002', PRODUCT)]);
	});
	test('the order’s own invoice (its series and folio), a credit note, an invoice without InformacionGlobal: nothing in doubt', () => {
		const products = conceptsOf(PRODUCT, PRODUCT);
		const own = { ticket: '2002', serie: 'A', folio: '2002' };
		const read = readGlobalXml(generalPublicXml('I', true, products));
		expect(linesInDoubt(read, listed, own)).toEqual([]);
		expect(salesDeclared(read, listed, own)).toEqual(['2002']);
		expect(linesInDoubt(read, listed, { ...own, folio: '2003' })).toHaveLength(2);
		expect(readGlobalXml(generalPublicXml('E', true, products)).inDoubt).toEqual([]);
		expect(readGlobalXml(generalPublicXml('I', false, products)).inDoubt).toEqual([]);
	});
});

describe('nextGlobalSaleStep: a voucher naming the ticket in a concept in doubt', () => {
	const inDoubt = [
		{
			noIdentificacion: '1001',
			claveProdServ: '01010101',
			claveUnidad: 'H87',
			descripcion: 'Mechanical keyboard',
		},
	];
	const other = (extra: Partial<GlobalOnList> = {}) =>
		global({ uuid: 'OTHER', series: 'A', folio: '2002', tickets: [], inDoubt, ...extra });
	test('valid (stamped or awaiting acceptance): unclear, before a global invoice that holds it', () => {
		for (const status of ['stamped', 'pendingAcceptance'])
			expect(nextGlobalSaleStep('1001', [global(), other({ status })])).toEqual({
				kind: 'unclear',
				global: other({ status }),
				line: inDoubt[0],
			});
	});
	test('cancelled or pending, or naming another ticket: no effect', () => {
		expect(nextGlobalSaleStep('1001', [other({ status: 'cancelled' })])).toEqual({ kind: 'none' });
		expect(nextGlobalSaleStep('1001', [other({ status: 'pending' })])).toEqual({ kind: 'none' });
		expect(nextGlobalSaleStep('1002', [other()])).toEqual({ kind: 'none' });
		expect(nextGlobalSaleStep('1001', [global(), other({ status: 'cancelled' })]).kind).toBe(
			'inGlobal',
		);
	});
	test('describeUnclear names the voucher, the concept, what to check and how to go on', () => {
		const { message, fix, inDoubt: facts } = describeUnclear('1001', other(), inDoubt[0]);
		expect(message).toBe(
			'Sale 1001 may be declared in general-public voucher OTHER (A-2002, dated 2026-11-01T09:00:00): its concept NoIdentificacion 1001 (ClaveProdServ 01010101, ClaveUnidad H87, "Mechanical keyboard") names the sale, but it is not a global invoice\'s sale line (ClaveProdServ 01010101, ClaveUnidad ACT), so whether that voucher declares the sale is unknown',
		);
		expect(fix).toMatch(/^Nothing was stamped, replaced or cancelled\. Check that voucher\./);
		expect(fix).toContain('Input Mode Fields or Line Items');
		expect(fix).toContain(
			"stamp the buyer's invoice, then cancel it with Voucher → Cancel, motive 04",
		);
		expect(facts).toEqual({
			uuid: 'OTHER',
			voucherId: 1,
			status: 'stamped',
			serie: 'A',
			folio: '2002',
			period: 'dated 2026-11-01T09:00:00',
			concept: inDoubt[0],
		});
		const after = describeUnclear('1001', other(), inDoubt[0], true).fix;
		expect(after).toMatch(/^The buyer's invoice is stamped; nothing was replaced or cancelled\./);
		expect(after).toContain('nothing is left to do');
		expect(after).not.toContain('Input Mode');
	});
});
