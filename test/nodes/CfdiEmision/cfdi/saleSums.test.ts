/**
 * Sums that never exceed the sale (issue 27 item 5), the pure rules: which invoices a voucher
 * credits, the refusal of a credit note over the invoice's total with its three figures, an
 * installment receipted twice, and a receipt for a PUE invoice. Through the engine:
 * test/nodes/CfdiEmision/stamping/saleSums.engine.test.ts.
 */
import {
	creditedBy,
	creditSumRefusal,
	pueRefusal,
	receiptedBefore,
	receiptedRefusal,
	relationsOfBody,
} from '../../../../nodes/CfdiEmision/cfdi/saleSums';

const INVOICE = '5fb2822e-396d-4725-8521-cdc4bdd20ccf';
const OTHER = '11111111-2222-4333-8444-555555555555';

describe('creditedBy', () => {
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
		).toEqual([INVOICE.toUpperCase(), OTHER]);
	});

	test('an invoice (type I) relating another credits nothing', () => {
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
		).toEqual([{ tipoRelacion: '01', uuids: [INVOICE.toUpperCase()] }]);
		expect(relationsOfBody({})).toEqual([]);
	});
});

describe('creditSumRefusal', () => {
	const sum = (total: string, earlier: string[] = []) => ({
		invoices: [{ uuid: INVOICE.toUpperCase(), total: '1160.00' }],
		currency: 'MXN',
		earlier: earlier.map((amount, index) => ({ uuid: `NC-${index + 1}`, total: amount })),
		total,
	});

	test('up to the invoice total, to the cent, is not refused', () => {
		expect(creditSumRefusal(sum('1160.00'))).toBeUndefined();
		expect(creditSumRefusal(sum('160.00', ['500.00', '500.00']))).toBeUndefined();
	});

	test('one cent over: refused with what is credited already, this note and the total, and what still fits', () => {
		expect(creditSumRefusal(sum('160.01', ['500.00', '500.00']))).toEqual({
			message: `This credit note would credit more than invoice ${INVOICE.toUpperCase()} totals: already credited 1000.00 MXN (credit notes NC-1 500.00 MXN, NC-2 500.00 MXN), this credit note 160.01 MXN, invoice total 1160.00 MXN.`,
			fix: 'Nothing was sent. Credit at most 160.00 MXN (the invoice total less what is already credited), or cancel a credit note that was wrong first.',
		});
	});

	test('an invoice credited in full already: the fix says so', () => {
		expect(creditSumRefusal(sum('0.01', ['1160.00']))?.fix).toBe(
			'Nothing was sent. The invoice is credited in full already; cancel a credit note that was wrong first if a new one is needed.',
		);
	});

	test("several invoices: their totals add up, and all are named; the currency's decimals are used", () => {
		const refusal = creditSumRefusal({
			invoices: [
				{ uuid: 'A', total: '100' },
				{ uuid: 'B', total: '50' },
			],
			currency: 'JPY',
			earlier: [],
			total: '151',
		});
		expect(refusal?.message).toBe(
			'This credit note would credit more than invoices A, B totals: already credited 0 JPY, this credit note 151 JPY, invoice total 150 JPY.',
		);
	});
});

describe('payment receipts', () => {
	test('an installment another stamped receipt pays is found, with that receipt', () => {
		const found = receiptedBefore(
			[
				{ uuid: INVOICE, installment: 1 },
				{ uuid: INVOICE, installment: 2 },
			],
			[
				{ uuid: 'r-1', pagados: [{ uuid: INVOICE.toUpperCase(), installment: 1 }] },
				{ uuid: 'r-2', pagados: [{ uuid: OTHER, installment: 2 }] },
			],
		);
		expect(found).toEqual([{ uuid: INVOICE.toUpperCase(), installment: 1, receipt: 'R-1' }]);
		expect(receiptedRefusal(found)).toEqual({
			message: `This payment receipt pays what another receipt already pays: installment 1 of invoice ${INVOICE.toUpperCase()} is already paid by payment receipt R-1.`,
			fix: 'Nothing was sent. An installment of an invoice is receipted once: give the next installment number with the balance the earlier receipt left, or cancel the earlier receipt first if it was wrong.',
		});
	});

	test('an invoice issued PUE takes no payment receipt; PPD or unknown does', () => {
		expect(pueRefusal({ uuid: INVOICE, serie: 'A', folio: '7', metodoPago: 'PUE' })).toEqual({
			message: `Invoice ${INVOICE.toUpperCase()} (A-7) was issued with payment method PUE (paid in full when issued): it takes no payment receipt.`,
			fix: 'Nothing was sent. Only an invoice issued PPD (paid later) takes payment receipts; for a PUE invoice the payment is already recorded in it.',
		});
		expect(pueRefusal({ uuid: INVOICE, metodoPago: 'PPD' })).toBeUndefined();
		expect(pueRefusal({ uuid: INVOICE })).toBeUndefined();
	});
});
