/** The next step for a sale a buyer asks to invoice after it went into a global invoice. */
import {
	nextGlobalSaleStep,
	readGlobalXml,
	replacementFolio,
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

test('readGlobalXml: tickets, the UUIDs substituted (04 only), the period', () => {
	const xml = `<?xml version="1.0"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0">
<cfdi:InformacionGlobal Periodicidad="04" Meses="10" Año="2026"/>
<cfdi:CfdiRelacionados TipoRelacion="04"><cfdi:CfdiRelacionado UUID="${G.toLowerCase()}"/></cfdi:CfdiRelacionados>
<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID="OTHER"/></cfdi:CfdiRelacionados>
<cfdi:Receptor Rfc="XAXX010101000"/>
<cfdi:Conceptos><cfdi:Concepto NoIdentificacion="1002"/><cfdi:Concepto NoIdentificacion="1003"/></cfdi:Conceptos>
</cfdi:Comprobante>`;
	expect(readGlobalXml(xml)).toEqual({
		tickets: ['1002', '1003'],
		substitutes: [G],
		period: { periodicidad: '04', meses: '10', anio: '2026' },
		recipientRfc: 'XAXX010101000',
	});
});
