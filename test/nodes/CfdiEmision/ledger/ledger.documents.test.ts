/**
 * A sale's ledger (issue 33 item 2), its documents: what a stamped XML and a body about to be sent
 * put into the ledger (type, currency and rate, total, tickets, the invoices a note credits, the
 * installments a receipt pays), and the ledger's bookkeeping as a run stamps (rename, state, sums).
 * The refusals: ledger.test.ts; random sequences: ledger.property.test.ts.
 * Also covers: nodes/CfdiEmision/ledger/ledgerDocument.ts (a document read from its XML or its body).
 */
import Decimal from 'decimal.js';

import { Ledger, money, type LedgerDocument } from '../../../../nodes/CfdiEmision/ledger/ledger';
import {
	ledgerDocumentFromBody,
	ledgerDocumentFromXml,
} from '../../../../nodes/CfdiEmision/ledger/ledgerDocument';
import { parseDecimal, decimalToString } from '../../../../nodes/CfdiEmision/cfdi/decimal';
import { ledgerInvoice, ledgerNote } from '../../../support/ledgerDocuments';

const INVOICE = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
const SECOND = '11111111-2222-4333-8444-555555555555';
const STAMP = (uuid: string) =>
	`<tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="${uuid}"/>`;
const cfdi = (attributes: string, inner: string, complemento = '') =>
	`<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" ${attributes}>${inner}<cfdi:Complemento>${complemento}${STAMP('aaaaaaaa-1111-4111-8111-111111111111')}</cfdi:Complemento></cfdi:Comprobante>`;
/** A concept; a global invoice's sale line (01010101 / ACT) unless `extra` says otherwise. */
const concept = (
	id: string,
	importe: string,
	iva: string,
	extra = '',
	keys = 'ClaveProdServ="01010101" ClaveUnidad="ACT"',
) =>
	`<cfdi:Concepto NoIdentificacion="${id}" ${keys} Importe="${importe}" ${extra}><cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="${importe}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${iva}"/></cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto>`;

const d = (text: string) => parseDecimal(text) as NonNullable<ReturnType<typeof parseDecimal>>;
const text = (value: ReturnType<typeof parseDecimal>) =>
	value === undefined ? undefined : decimalToString(value);
const shown = (document: LedgerDocument) => ({
	...document,
	exchangeRate: text(document.exchangeRate),
	total: text(document.total),
	tickets: Object.fromEntries(
		Object.entries(document.tickets).map(([ticket, amount]) => [ticket, text(amount)]),
	),
	paid: document.paid.map((entry) => ({
		...entry,
		previous: text(entry.previous),
		amount: text(entry.amount),
	})),
});

describe('ledgerDocumentFromXml: a stamped document as the ledger holds it', () => {
	test('a global invoice: each ticket its gross (concepts of one ticket summed, discounts and taxes in), series-folio, recipient', () => {
		const xml = cfdi(
			'Serie="G" Folio="12" Fecha="2026-10-31T23:00:00" TipoDeComprobante="I" Moneda="MXN" Total="1276.00" MetodoPago="PUE"',
			'<cfdi:InformacionGlobal Periodicidad="04" Meses="10" Año="2026"/><cfdi:Receptor Rfc=" xaxx010101000 "/><cfdi:Conceptos>' +
				concept('T-1', '100.00', '16.00') +
				concept('#t-1', '50.00', '7.20', 'Descuento="5.00"') +
				concept('T-2', '1000.00', '104.80', 'Descuento="345.00"') +
				'</cfdi:Conceptos>',
		);
		expect(shown(ledgerDocumentFromXml(xml, 'inCancellation'))).toStrictEqual({
			uuid: 'AAAAAAAA-1111-4111-8111-111111111111',
			type: 'I',
			state: 'inCancellation',
			currency: 'MXN',
			exchangeRate: undefined,
			total: '1276.00',
			metodoPago: 'PUE',
			name: 'G-12',
			fecha: '2026-10-31T23:00:00',
			recipientRfc: 'XAXX010101000',
			global: true,
			credits: [],
			// decimal.js: 100 + 16; 50 − 5 + 7.20; 1000 − 345 + 104.80
			tickets: {
				'T-1': new Decimal('100').plus('16').plus('50').minus('5').plus('7.20').toFixed(2),
				'T-2': new Decimal('1000').minus('345').plus('104.80').toFixed(2),
			},
			paid: [],
		});
	});

	test("an order's invoice to the general public (InformacionGlobal, product lines): a product's SKU is no ticket", () => {
		const xml = cfdi(
			'Serie="A" Folio="2002" TipoDeComprobante="I" Moneda="MXN" Total="1508.00"',
			'<cfdi:InformacionGlobal Periodicidad="01" Meses="10" Año="2026"/><cfdi:Receptor Rfc="XAXX010101000"/><cfdi:Conceptos>' +
				concept('1001', '1200.00', '192.00', '', 'ClaveProdServ="01010101" ClaveUnidad="H87"') +
				concept('1002', '100.00', '16.00') +
				'</cfdi:Conceptos>',
		);
		expect(ledgerDocumentFromXml(xml, 'valid')).toMatchObject({ global: true, tickets: {} });
	});

	test('a credit note in USD: its TipoCambio, the invoices of its relations 01/03/07 only; no series, no name', () => {
		const xml = cfdi(
			'TipoDeComprobante="E" Moneda="usd" TipoCambio="17.1234" Total="116.00"',
			`<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID="${INVOICE.toLowerCase()}"/></cfdi:CfdiRelacionados>` +
				`<cfdi:CfdiRelacionados TipoRelacion="04"><cfdi:CfdiRelacionado UUID="${SECOND}"/></cfdi:CfdiRelacionados>` +
				'<cfdi:Receptor Rfc="EKU9003173C9"/><cfdi:Conceptos>' +
				concept('T-1', '100.00', '16.00') +
				'</cfdi:Conceptos>',
		);
		const document = ledgerDocumentFromXml(xml, 'valid');
		expect(document).toMatchObject({
			type: 'E',
			currency: 'USD',
			credits: [INVOICE],
			global: false,
		});
		expect(text(document.exchangeRate)).toBe('17.1234');
		expect(document.name).toBeUndefined();
		expect(document.fecha).toBeUndefined();
		expect(text(document.total)).toBe('116.00');
	});

	test('a credit note to the general public carries InformacionGlobal but is no global invoice: its ticket is credited, not declared', () => {
		const xml = cfdi(
			'TipoDeComprobante="E" Moneda="MXN" Total="116.00"',
			'<cfdi:InformacionGlobal Periodicidad="04" Meses="10" Año="2026"/>' +
				`<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID="${INVOICE}"/></cfdi:CfdiRelacionados>` +
				'<cfdi:Receptor Rfc="XAXX010101000"/><cfdi:Conceptos>' +
				concept('T-1', '100.00', '16.00') +
				'</cfdi:Conceptos>',
		);
		expect(ledgerDocumentFromXml(xml, 'valid')).toMatchObject({
			type: 'E',
			credits: [INVOICE],
			global: false,
		});
	});

	test('no Moneda reads MXN, and an MXN TipoCambio or a rate of 0 is no rate; no Receptor, no recipient', () => {
		const mxn = ledgerDocumentFromXml(
			cfdi('TipoDeComprobante="I" TipoCambio="1" Total="10.00" Folio="7"', ''),
			'valid',
		);
		expect(mxn).toMatchObject({ currency: 'MXN', name: '7', global: false });
		expect(mxn.exchangeRate).toBeUndefined();
		expect(mxn.recipientRfc).toBeUndefined();
		const zero = ledgerDocumentFromXml(
			cfdi('TipoDeComprobante="I" Moneda="USD" TipoCambio="0" Total="10.00"', ''),
			'valid',
		);
		expect(zero.exchangeRate).toBeUndefined();
	});

	test("a payment receipt: each DoctoRelacionado's invoice, installment, previous balance and amount, exact", () => {
		const pagos =
			'<pago20:Pagos xmlns:pago20="http://www.sat.gob.mx/Pagos20" Version="2.0"><pago20:Pago MonedaP="MXN" Monto="1160.10">' +
			`<pago20:DoctoRelacionado IdDocumento="${INVOICE.toLowerCase()}" NumParcialidad="2" ImpSaldoAnt="1160.10" ImpPagado="1000.10"/>` +
			`<pago20:DoctoRelacionado IdDocumento="${SECOND}" ImpPagado="160.00"/>` +
			'</pago20:Pago></pago20:Pagos>';
		const document = ledgerDocumentFromXml(
			cfdi('TipoDeComprobante="P" Moneda="XXX" Total="0"', '', pagos),
			'pending',
		);
		expect(shown(document).paid).toStrictEqual([
			{ invoice: INVOICE, installment: 2, previous: '1160.10', amount: '1000.10' },
			{ invoice: SECOND, installment: 1, previous: undefined, amount: '160.00' },
		]);
		expect(document).toMatchObject({ type: 'P', state: 'pending', credits: [] });
		expect(
			ledgerDocumentFromXml(cfdi('TipoDeComprobante="I" Total="1.00"', ''), 'valid').paid,
		).toEqual([]);
	});
});

describe('ledgerDocumentFromBody: what a voucher about to be sent adds', () => {
	const relation = [{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: INVOICE }] }];

	test("a credit note's tickets sum its concepts per ticket, withholdings out; its currency and rate", () => {
		const document = ledgerDocumentFromBody(
			{
				tipoDeComprobante: 'e',
				moneda: 'usd',
				tipoCambio: '17.50',
				total: '150.20',
				cfdiRelacionados: relation,
				conceptos: [
					{
						noIdentificacion: '#t-1',
						importe: '100',
						descuento: '10',
						impuestos: { traslados: [{ importe: '14.40' }], retenciones: [{ importe: '4.20' }] },
					},
					{ noIdentificacion: 'T-1', importe: '50' },
					{ importe: '999' },
				],
			},
			'RUN-2',
		) as LedgerDocument;
		expect(shown(document)).toStrictEqual({
			uuid: 'RUN-2',
			type: 'E',
			state: 'pending',
			currency: 'USD',
			exchangeRate: '17.50',
			total: '150.20',
			credits: [INVOICE],
			// decimal.js: 100 − 10 + 14.40 − 4.20 + 50
			tickets: {
				'T-1': new Decimal(100).minus(10).plus('14.40').minus('4.20').plus(50).toFixed(2),
			},
			paid: [],
		});
	});

	test('a credit note that relates no invoice to credit, a receipt that pays none, an invoice: nothing to add', () => {
		expect(
			ledgerDocumentFromBody(
				{
					tipoDeComprobante: 'E',
					total: 1,
					cfdiRelacionados: [{ tipoRelacion: '04', cfdiRelacionado: [{ uuid: INVOICE }] }],
				},
				'x',
			),
		).toBeUndefined();
		expect(
			ledgerDocumentFromBody(
				{
					tipoDeComprobante: 'P',
					complemento: { complementoPago20: { pago: [{ doctoRelacionado: [{ impPagado: 1 }] }] } },
				},
				'x',
			),
		).toBeUndefined();
		expect(ledgerDocumentFromBody({ tipoDeComprobante: 'P' }, 'x')).toBeUndefined();
		// A credit note's body without Moneda is in MXN.
		expect(
			ledgerDocumentFromBody(
				{ tipoDeComprobante: 'E', total: '5', cfdiRelacionados: relation },
				'x',
			)?.currency,
		).toBe('MXN');
		expect(ledgerDocumentFromBody({ tipoDeComprobante: 'T' }, 'x')).toBeUndefined();
	});

	test('a receipt: installment 1 when not given, entries without an invoice left out, state as given', () => {
		const document = ledgerDocumentFromBody(
			{
				tipoDeComprobante: 'P',
				complemento: {
					complementoPago20: {
						pago: [
							{ doctoRelacionado: [{ impPagado: 5 }] },
							{
								doctoRelacionado: [
									{ idDocumento: SECOND, impPagado: '160.00', numParcialidad: 'x' },
								],
							},
						],
					},
				},
			},
			'RUN-3',
			'valid',
		) as LedgerDocument;
		expect(shown(document)).toStrictEqual({
			uuid: 'RUN-3',
			type: 'P',
			state: 'valid',
			currency: 'XXX',
			total: '0',
			exchangeRate: undefined,
			credits: [],
			tickets: {},
			paid: [
				{
					invoice: SECOND,
					installment: 1,
					previous: undefined,
					amount: '160.00',
					path: 'complemento.complementoPago20.pago[1].doctoRelacionado[0]',
				},
			],
		});
	});
});

describe('the ledger as a run stamps', () => {
	const invoice = ledgerInvoice(INVOICE, '1160.00', { metodoPago: undefined });
	const note = (uuid: string, total: string, extra: Partial<LedgerDocument> = {}) =>
		ledgerNote(uuid, total, [INVOICE], { state: 'pending', ...extra });

	test("a note sent under the run's name is found by its UUID once stamped, counted once, its label dropped", () => {
		const ledger = new Ledger();
		ledger.put(invoice);
		ledger.put(note('run item 1', '100.00', { label: "this run's item 1" }));
		ledger.rename('run item 1', 'bbbbbbbb-1111-4111-8111-111111111111');
		expect(ledger.has('RUN ITEM 1')).toBe(false);
		expect(ledger.get('BBBBBBBB-1111-4111-8111-111111111111')).toMatchObject({
			uuid: 'BBBBBBBB-1111-4111-8111-111111111111',
			state: 'valid',
			label: undefined,
		});
		ledger.rename('unknown', 'cccccccc-1111-4111-8111-111111111111');
		expect(ledger.all().map((document) => document.uuid)).toEqual([
			INVOICE,
			'BBBBBBBB-1111-4111-8111-111111111111',
		]);
		expect(decimalToString(ledger.sums(INVOICE.toLowerCase())!.credited)).toBe('100.00');
	});

	test('sums: live notes (pending included) credited, the note asked about left out, cancelled ones out; owed and balance', () => {
		const ledger = new Ledger();
		ledger.put(invoice);
		ledger.put(note('N-1', '100.00'));
		ledger.put(note('N-2', '200.00', { state: 'inCancellation' }));
		ledger.put(note('N-3', '400.00', { state: 'cancelled' }));
		ledger.put({
			...note('R-1', '0'),
			type: 'P',
			credits: [],
			paid: [{ invoice: INVOICE, installment: 1, amount: d('500.00') }],
		});
		ledger.put({
			...note('R-2', '0'),
			type: 'P',
			credits: [],
			paid: [{ invoice: SECOND, installment: 1, amount: d('9') }],
		});
		ledger.put(note('N-OTHER', '7.00', { credits: [SECOND] }));
		const sums = ledger.sums(INVOICE, 'N-2')!;
		expect(sums.credits.map((credit) => credit.document.uuid)).toEqual(['N-1']);
		expect(sums.payments.map((payment) => payment.document.uuid)).toEqual(['R-1']);
		expect(
			[sums.credited, sums.paid, sums.owed, sums.balance].map((value) => decimalToString(value)),
		).toEqual(['100.00', '500.00', new Decimal('1160').minus(100).minus(500).toFixed(2), '660.00']);
		ledger.setState('N-1', 'cancelled');
		const held = ledger.all().length;
		ledger.setState('nobody', 'cancelled');
		// A state learned for a document the ledger never read adds none.
		expect(ledger.all()).toHaveLength(held);
		expect(decimalToString(ledger.sums(INVOICE)!.credited)).toBe('200.00');
		ledger.remove('n-2');
		expect(decimalToString(ledger.sums(INVOICE)!.credited)).toBe('0');
		expect(ledger.sums(SECOND)).toBeUndefined();
	});

	test('a ticket: the notes carrying it counted, a cancelled one or the one asked about not', () => {
		const ledger = new Ledger();
		ledger.put({ ...invoice, global: true, tickets: { 'T-1': d('116.00') } });
		ledger.put(note('N-1', '10.00', { tickets: { 'T-1': d('10.00') } }));
		ledger.put(note('N-2', '20.00', { tickets: { 'T-1': d('20.00') } }));
		ledger.put(note('N-3', '40.00', { tickets: { 'T-1': d('40.00') }, state: 'cancelled' }));
		ledger.put(note('N-4', '80.00', { tickets: { 'T-2': d('80.00') } }));
		ledger.put(note('N-5', '1.00', { tickets: { 'T-1': d('1.00') }, credits: [SECOND] }));
		const sums = ledger.ticket(INVOICE, '#t-1', 'N-2')!;
		expect(sums.credits.map((credit) => credit.document.uuid)).toEqual(['N-1']);
		expect([decimalToString(sums.credited), decimalToString(sums.left)]).toEqual([
			'10.00',
			'106.00',
		]);
		expect(ledger.ticket(SECOND, 'T-1')).toBeUndefined();
	});

	test('money: an amount at its currency decimals (JPY none, MXN two)', () => {
		expect(money(d('1234.5'), 'JPY')).toBe('1235 JPY');
		expect(money(d('1234.5'), 'MXN')).toBe('1234.50 MXN');
		// A currency the catalog does not know: two decimals, as most.
		expect(money(d('1234.5'), 'ABC')).toBe('1234.50 ABC');
	});
});
