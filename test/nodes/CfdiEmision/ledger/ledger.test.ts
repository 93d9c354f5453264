/**
 * A sale's ledger (issue 33 items 2 and 3), the pure rules: which invoices a voucher credits, what
 * an invoice's live documents add up to in its currency, and the refusals with their figures.
 * Through the engine: test/nodes/CfdiEmision/stamping/saleLedger.engine.test.ts; random sequences:
 * ledger.property.test.ts.
 * Also covers: nodes/CfdiEmision/ledger/ledgerRules.ts (the refusals).
 */
import Decimal from 'decimal.js';

import {
	inInvoiceCurrency,
	Ledger,
	type LedgerDocument,
} from '../../../../nodes/CfdiEmision/ledger/ledger';
import {
	creditedBy,
	ledgerDocumentFromBody,
	relationsOfBody,
} from '../../../../nodes/CfdiEmision/ledger/ledgerDocument';
import {
	creditRefusal,
	installmentConflictRefusal,
	paymentRefusal,
} from '../../../../nodes/CfdiEmision/ledger/ledgerRules';
import { parseDecimal, decimalToString } from '../../../../nodes/CfdiEmision/cfdi/decimal';
import { ledgerInvoice, ledgerNote, ledgerReceipt } from '../../../support/ledgerDocuments';

const INVOICE = '5fb2822e-396d-4725-8521-cdc4bdd20ccf';
const OTHER = '11111111-2222-4333-8444-555555555555';
const U = INVOICE.toUpperCase();

const d = (text: string) => parseDecimal(text) as NonNullable<ReturnType<typeof parseDecimal>>;

const invoice = (extra: Partial<LedgerDocument> = {}) => ledgerInvoice(U, '1160.00', extra);
const note = (uuid: string, total: string, extra: Partial<LedgerDocument> = {}) =>
	ledgerNote(uuid, total, [U], extra);
const receipt = (uuid: string, installment: number, previous: string, amount: string) =>
	ledgerReceipt(uuid, [{ invoice: U, installment, previous: d(previous), amount: d(amount) }]);

describe('creditedBy and relationsOfBody', () => {
	test('a type E voucher credits the invoices of its relations 01, 03 and 07, in upper case', () => {
		expect(
			creditedBy({
				tipoDeComprobante: 'e',
				relacionados: [
					{ tipoRelacion: '01', uuids: [INVOICE] },
					{ tipoRelacion: '04', uuids: ['aaaaaaaa-1111-4111-8111-111111111111'] },
					{ tipoRelacion: '07', uuids: [OTHER] },
				],
			}),
		).toEqual([U, OTHER]);
		expect(
			creditedBy({
				tipoDeComprobante: 'I',
				relacionados: [{ tipoRelacion: '01', uuids: [OTHER] }],
			}),
		).toEqual([]);
	});

	test('the relations of a body to send read as those of a stamped XML', () => {
		expect(
			relationsOfBody({
				cfdiRelacionados: [{ tipoRelacion: ' 01 ', cfdiRelacionado: [{ uuid: INVOICE }] }],
			}),
		).toEqual([{ tipoRelacion: '01', uuids: [U] }]);
		expect(relationsOfBody({})).toEqual([]);
	});

	test('a relation group without type or UUIDs, or a UUID left empty, credits nothing', () => {
		const relacionados = relationsOfBody({
			cfdiRelacionados: [
				{ cfdiRelacionado: [{ uuid: OTHER }] },
				{ tipoRelacion: '01' },
				{ tipoRelacion: '01', cfdiRelacionado: [null, { uuid: ' ' }, { uuid: INVOICE }] },
			],
		});
		expect(relacionados).toEqual([
			{ tipoRelacion: '', uuids: [OTHER.toUpperCase()] },
			{ tipoRelacion: '01', uuids: [] },
			{ tipoRelacion: '01', uuids: ['', '', U] },
		]);
		expect(creditedBy({ tipoDeComprobante: 'E', relacionados })).toEqual([U]);
		expect(creditedBy({ tipoDeComprobante: 'E' })).toEqual([]);
	});
});

describe('currency: a document counted in the invoice currency', () => {
	// The case: a USD invoice of 1,160.00 (TipoCambio 17.00) and a credit note in MXN.
	test('an MXN note on a USD invoice: ÷ the rate, half-up to 2 decimals (decimal.js as the oracle)', () => {
		const usd = invoice({ currency: 'USD', exchangeRate: d('17.00') });
		const converted = inInvoiceCurrency(d('2278.00'), { currency: 'MXN' }, usd);
		expect(decimalToString(converted!)).toBe(
			new Decimal('2278.00').div('17.00').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
		);
		expect(decimalToString(converted!)).toBe('134.00');
	});

	test("a USD note on an MXN invoice: × the note's own TipoCambio", () => {
		const converted = inInvoiceCurrency(
			d('10.00'),
			{ currency: 'USD', exchangeRate: d('17.1234') },
			invoice(),
		);
		expect(decimalToString(converted!)).toBe('171.23');
	});

	test('no rate: not convertible', () => {
		expect(inInvoiceCurrency(d('10'), { currency: 'USD' }, invoice())).toBeUndefined();
	});
});

describe('creditRefusal', () => {
	test('up to the invoice total, to the cent, fits; one cent over is refused with the three figures and what fits', () => {
		const ledger = new Ledger();
		ledger.put(invoice());
		ledger.put(note('NC-1', '500.00'));
		ledger.put(note('NC-2', '500.00'));
		expect(creditRefusal(ledger, note('NEW', '160.00'))).toBeUndefined();
		const refusal = creditRefusal(ledger, note('NEW', '160.01'));
		expect(refusal?.message).toBe(
			`This credit note would credit more than invoice ${U} totals: already credited 1000.00 MXN (credit notes NC-1 500.00 MXN, NC-2 500.00 MXN), this credit note 160.01 MXN, invoice total 1160.00 MXN.`,
		);
		expect(refusal?.fix).toBe(
			'Nothing was sent. Credit at most 160.00 MXN (the invoice total less what is already credited), or cancel a credit note that was wrong first.',
		);
	});

	test('a cancelled note does not count; one in cancellation does (its cancellation may be refused)', () => {
		const ledger = new Ledger();
		ledger.put(invoice());
		ledger.put(note('NC-1', '1000.00', { state: 'cancelled' }));
		expect(creditRefusal(ledger, note('NEW', '1160.00'))).toBeUndefined();
		ledger.setState('NC-1', 'inCancellation');
		expect(creditRefusal(ledger, note('NEW', '1160.00'))?.status).toBe('creditExceedsInvoice');
	});

	test('an MXN note already stamped on a USD invoice counts at its conversion', () => {
		const ledger = new Ledger();
		ledger.put(invoice({ currency: 'USD', exchangeRate: d('17.00') }));
		ledger.put(note('NC-MXN', '2278.00'));
		const refusal = creditRefusal(
			ledger,
			note('NEW', '1160.00', { currency: 'USD', exchangeRate: d('17.00') }),
		);
		expect(refusal?.message).toBe(
			`This credit note would credit more than invoice ${U} totals: already credited 134.00 USD (credit notes NC-MXN 134.00 USD from 2278.00 MXN), this credit note 1160.00 USD, invoice total 1160.00 USD.`,
		);
		expect(refusal?.fix).toContain('Credit at most 1026.00 USD');
	});

	test('a cancelled invoice or one in cancellation takes no credit, whatever the amount', () => {
		for (const state of ['cancelled', 'inCancellation'] as const) {
			const ledger = new Ledger();
			ledger.put(invoice({ state }));
			const refusal = creditRefusal(ledger, note('NEW', '1.00'));
			expect(refusal?.message).toMatch(new RegExp(`^Invoice ${U} is (cancelled|in cancellation)`));
			expect(refusal?.field).toBe('cfdiRelacionados');
		}
	});

	test('a ticket of a global invoice: each credit at most what the ticket has left', () => {
		const ledger = new Ledger();
		ledger.put(invoice({ global: true, tickets: { 'T-1': d('116.00'), 'T-2': d('58.00') } }));
		ledger.put(note('NC-1', '100.00', { tickets: { 'T-1': d('100.00') } }));
		expect(
			creditRefusal(ledger, note('NEW', '16.00', { tickets: { 'T-1': d('16.00') } })),
		).toBeUndefined();
		expect(ledger.ticket(U, 't-1')).toMatchObject({
			ticket: 'T-1',
			credited: d('100.00'),
			left: d('16.00'),
		});
		expect(ledger.ticket(U, 'T-9')).toBeUndefined();
		const refusal = creditRefusal(ledger, note('NEW', '20.00', { tickets: { 'T-1': d('20.00') } }));
		expect(refusal?.message).toBe(
			`This credit note would credit more than ticket T-1 of global invoice ${U} holds: already credited 100.00 MXN, this credit note 20.00 MXN, ticket amount 116.00 MXN.`,
		);
	});
});

describe('paymentRefusal', () => {
	test('Pagos 2.0 guide: the previous balance is the total for installment 1, then what the earlier receipts left', () => {
		const ledger = new Ledger();
		ledger.put(invoice());
		expect(paymentRefusal(ledger, receipt('NEW', 1, '1160.00', '580.00'))).toBeUndefined();
		ledger.put(receipt('R-1', 1, '1160.00', '1000.00'));
		expect(paymentRefusal(ledger, receipt('NEW', 2, '160.00', '160.00'))).toBeUndefined();
		const stale = paymentRefusal(ledger, receipt('NEW', 2, '1160.00', '160.00'));
		expect(stale?.message).toBe(
			`The previous balance 1160.00 MXN of invoice ${U} (installment 2) is not what is owed: its receipts already paid 1000.00 MXN of 1160.00 MXN, so the balance is 160.00 MXN.`,
		);
		expect(stale?.figures?.balance).toBe('160.00');
	});

	test('an installment used for another amount is refused naming both; the same amount is a re-receipt', () => {
		const ledger = new Ledger();
		ledger.put(invoice());
		ledger.put(receipt('R-1', 1, '1160.00', '1000.00'));
		const conflict = installmentConflictRefusal(ledger, receipt('NEW', 1, '1160.00', '160.00'));
		expect(conflict?.message).toBe(
			`Installment 1 of invoice ${U} is already paid by payment receipt R-1 for 1000.00 MXN; this receipt pays 160.00 MXN as the same installment.`,
		);
		expect(conflict?.fix).toContain('give installment 2 with the previous balance 160.00 MXN');
		expect(
			installmentConflictRefusal(ledger, receipt('NEW', 1, '1160.00', '1000.00')),
		).toBeUndefined();
		expect(paymentRefusal(ledger, receipt('NEW', 1, '1160.00', '1000.00'))?.status).toBe(
			'installmentReceipted',
		);
	});

	test('PUE, cancelled, in cancellation and unknown invoices take no receipt', () => {
		const ledger = new Ledger();
		ledger.put(invoice({ metodoPago: 'PUE', name: 'A-7' }));
		expect(paymentRefusal(ledger, receipt('NEW', 1, '1160.00', '1.00'))?.message).toBe(
			`Invoice ${U} (A-7) was issued with payment method PUE (paid in full when issued): it takes no payment receipt.`,
		);
		ledger.put(invoice({ state: 'inCancellation' }));
		expect(paymentRefusal(ledger, receipt('NEW', 1, '1160.00', '1.00'))?.status).toBe(
			'invoiceInCancellation',
		);
		expect(paymentRefusal(new Ledger(), receipt('NEW', 1, '1160.00', '1.00'))?.status).toBe(
			'invoiceUnknown',
		);
	});
});

describe('ledgerDocumentFromBody', () => {
	test("a payment receipt's DoctoRelacionado with its path, amounts exact", () => {
		const document = ledgerDocumentFromBody(
			{
				tipoDeComprobante: 'P',
				complemento: {
					complementoPago20: {
						pago: [
							{
								doctoRelacionado: [
									{ idDocumento: INVOICE, numParcialidad: 2, impSaldoAnt: 160, impPagado: 160 },
								],
							},
						],
					},
				},
			},
			'RUN-1',
		);
		expect(document?.paid).toEqual([
			{
				invoice: U,
				installment: 2,
				previous: d('160'),
				amount: d('160'),
				path: 'complemento.complementoPago20.pago[0].doctoRelacionado[0]',
			},
		]);
	});

	test("a credit note's tickets: each concept's gross (importe − descuento + transfers − withholdings)", () => {
		const document = ledgerDocumentFromBody(
			{
				tipoDeComprobante: 'E',
				moneda: 'MXN',
				total: 116,
				cfdiRelacionados: [{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: INVOICE }] }],
				conceptos: [
					{ noIdentificacion: 'T-1', importe: 100, impuestos: { traslados: [{ importe: 16 }] } },
				],
			},
			'RUN-1',
		);
		expect(document?.tickets).toEqual({ 'T-1': d('116') });
		expect(ledgerDocumentFromBody({ tipoDeComprobante: 'I' }, 'x')).toBeUndefined();
	});
});
