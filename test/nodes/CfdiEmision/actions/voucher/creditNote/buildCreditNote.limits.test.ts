/** What a credit note (actions/voucher/creditNote/buildCreditNote.ts) may credit at most: the related invoices' totals or balances, in one currency. */
import { buildCreditNote } from '../../../../../../nodes/CfdiEmision/actions/voucher/creditNote';
import {
	INVOICE_UUID,
	IVA16,
	SECOND_UUID,
	kindRefusal,
	validateWithKinds,
	CREDITED_LINE,
	creditNoteInput as note,
} from '../../../../../support/kindFixtures';

describe('what a credit note may credit at most', () => {
	it('the sum of the related invoices: 1,160.00 + 580.00 credits up to 1,740.00, a cent more is refused with both figures', () => {
		const invoices = [
			{ uuid: INVOICE_UUID, total: 1160, moneda: 'MXN', taxes: [IVA16] },
			{ uuid: SECOND_UUID, total: '580.00', moneda: 'MXN', taxes: [IVA16] },
		];
		const voucher = buildCreditNote(note({ invoices, amount: 1740 }));
		expect(voucher).toMatchObject({ subTotal: 1500, total: 1740 });
		expect(voucher.cfdiRelacionados).toEqual([
			{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: INVOICE_UUID }, { uuid: SECOND_UUID }] },
		]);
		expect(validateWithKinds(voucher).errors).toEqual([]);
		expect(
			kindRefusal(() =>
				buildCreditNote(note({ invoices, amount: '1740.01', amountIncludesTax: true })),
			),
		).toEqual({
			field: 'amount',
			message:
				"The credit note total 1740.01 MXN is more than the related invoice's total (1740.00 MXN).",
			fix: 'Credit at most 1740.00 MXN.',
		});
	});

	it('the balance still owed when one is given, even if only one of the invoices has it; lines are refused on the field "lines"', () => {
		const invoices = [
			{ uuid: INVOICE_UUID, total: 1160, moneda: 'MXN', taxes: [IVA16] },
			{ uuid: SECOND_UUID, total: 1160, saldo: 116, moneda: 'MXN', taxes: [IVA16] },
		];
		// 1,160.00 (no balance given: its total) + 116.00 (its balance) = 1,276.00.
		expect(buildCreditNote(note({ invoices, amount: 1276 })).total).toBe(1276);
		expect(
			kindRefusal(() =>
				buildCreditNote(note({ invoices, lines: [{ ...CREDITED_LINE, cantidad: 12 }] })),
			),
		).toEqual({
			field: 'lines',
			message:
				'The credit note total 1392.00 MXN is more than the balance still owed on the related invoice (1276.00 MXN).',
			fix: 'Credit at most 1276.00 MXN.',
		});
	});

	it('a balance equal to the invoice total is accepted; a balance above it is refused before anything is built', () => {
		expect(
			buildCreditNote(
				note({
					invoices: [
						{ uuid: INVOICE_UUID, total: 1160, saldo: '1160.00', moneda: 'MXN', taxes: [IVA16] },
					],
					amount: 1160,
				}),
			).total,
		).toBe(1160);
		expect(
			kindRefusal(() =>
				buildCreditNote(
					note({
						invoices: [
							{ uuid: INVOICE_UUID, total: 1160, moneda: 'MXN' },
							{ uuid: SECOND_UUID, total: 1160, saldo: 1160.5, moneda: 'MXN' },
						],
						amount: 10,
					}),
				),
			),
		).toEqual({
			field: 'invoices[1].saldo',
			message: `The balance 1160.5 of invoice ${SECOND_UUID} is more than its total 1160.`,
			fix: 'Give what is still owed on the invoice: its total less what was paid or credited before.',
		});
	});

	it('a balance without the total is the limit', () => {
		const invoices = [{ uuid: INVOICE_UUID, saldo: 232, moneda: 'MXN', taxes: [IVA16] }];
		expect(buildCreditNote(note({ invoices, amount: 232 })).total).toBe(232);
		expect(kindRefusal(() => buildCreditNote(note({ invoices, amount: 232.01 }))).fix).toBe(
			'Credit at most 232.00 MXN.',
		);
	});

	it('an invoice with neither total nor balance is refused: the note could not be checked against what it owes', () => {
		const invoices = [
			{ uuid: INVOICE_UUID, total: 1160, moneda: 'MXN', taxes: [IVA16] },
			{ uuid: SECOND_UUID, total: '', moneda: 'MXN', taxes: [IVA16] },
		];
		expect(kindRefusal(() => buildCreditNote(note({ invoices, amount: 10 })))).toEqual({
			field: 'invoices[1].total',
			message: `The total of invoice ${SECOND_UUID} is not known, so the credit note cannot be checked against what the invoice still owes.`,
			fix: "Give the invoice's total (or its balance), or read the invoice from its XML.",
		});
	});

	it('one currency: an invoice in another currency than the note is refused, naming both', () => {
		const invoices = [
			{ uuid: INVOICE_UUID, total: 1160, moneda: 'MXN', taxes: [IVA16] },
			{ uuid: SECOND_UUID, total: 100, moneda: 'USD', taxes: [IVA16] },
		];
		expect(kindRefusal(() => buildCreditNote(note({ invoices, amount: 10 })))).toEqual({
			field: 'invoices[1].moneda',
			message: `Invoice ${SECOND_UUID} is in USD and the credit note in MXN: one note credits invoices of one currency.`,
			fix: "Issue one credit note per currency, each in its invoices' currency.",
		});
	});

	it("the note takes its invoices' currency, else MXN; an invoice without currency is taken as the note's", () => {
		const usd = buildCreditNote(
			note({
				tipoCambio: '17.25',
				invoices: [{ uuid: INVOICE_UUID, total: 116, moneda: 'USD', taxes: [IVA16] }],
				amount: 116,
			}),
		);
		expect(usd).toMatchObject({ moneda: 'USD', tipoCambio: 17.25, subTotal: 100, total: 116 });
		const unknown = buildCreditNote(
			note({ invoices: [{ uuid: INVOICE_UUID, total: 116, taxes: [IVA16] }], amount: 116 }),
		);
		expect(unknown).toMatchObject({ moneda: 'MXN', total: 116 });
		expect(unknown).not.toHaveProperty('tipoCambio');
		expect(
			buildCreditNote(
				note({
					moneda: 'EUR',
					tipoCambio: 20,
					invoices: [{ uuid: INVOICE_UUID, total: 116, taxes: [IVA16] }],
					amount: 116,
				}),
			).moneda,
		).toBe('EUR');
	});
});
