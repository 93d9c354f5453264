/**
 * What every kind builder writes the same way (cfdi/kinds/voucherParts.ts, taxRates.ts,
 * taxIncluded.ts), seen in the vouchers they build: the head members given or left out and their
 * order, the concept taxes of transfers, withholdings and exempt lines, currencies with 0 or 3
 * decimals, and tax-included amounts derived per the SAT's per-concept rounding (decimal.js oracle).
 */
import Decimal from 'decimal.js';

import {
	buildGlobalInvoice,
	globalInvoiceMoney,
	type GlobalInvoiceInput,
} from '../../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/buildGlobalInvoice';
import { KindInputError } from '../../../../../nodes/CfdiEmision/cfdi/kinds/taxRates';
import {
	buildCreditNote,
	type CreditNoteInput,
} from '../../../../../nodes/CfdiEmision/actions/voucher/creditNote';
import { buildPaymentReceipt } from '../../../../../nodes/CfdiEmision/actions/voucher/paymentReceipt';
import {
	creditNoteInput,
	CUSTOMER,
	INVOICE_UUID,
	ISSUER,
	IVA16,
	kindRefusal,
	satGuidePayment,
	validateWithKinds,
} from '../../../../support/kindFixtures';

const ISR10 = { impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, withheld: true };
const round2 = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

const note = (overrides: Partial<CreditNoteInput>): CreditNoteInput =>
	creditNoteInput({
		invoices: [{ uuid: INVOICE_UUID, total: 100000, moneda: 'MXN', taxes: [IVA16] }],
		...overrides,
	});

function sales(overrides: Partial<GlobalInvoiceInput>): GlobalInvoiceInput {
	return {
		emisor: ISSUER,
		lugarExpedicion: '64000',
		formaPago: '01',
		periodicidad: '01',
		meses: '05',
		anio: new Date().getFullYear(),
		taxes: [IVA16],
		sales: [{ ticket: 'T-1', amount: 116 }],
		...overrides,
	};
}

describe('the head of every voucher kind', () => {
	it('head members in the order of the schema, optional ones only when given', () => {
		const voucher = buildCreditNote(
			note({
				serie: 'NC',
				folio: '17',
				fecha: '2024-05-10T09:00:00',
				descripcionFacturador: 'Refund of order 1001',
				moneda: 'USD',
				tipoCambio: '17.25',
				invoices: [{ uuid: INVOICE_UUID, total: 1160, moneda: 'USD', taxes: [IVA16] }],
				amount: 116,
			}),
		);
		expect(Object.keys(voucher).slice(0, 15)).toEqual([
			'version',
			'serie',
			'folio',
			'fecha',
			'formaPago',
			'subTotal',
			'moneda',
			'tipoCambio',
			'total',
			'tipoDeComprobante',
			'exportacion',
			'metodoPago',
			'lugarExpedicion',
			'descripcionFacturador',
			'emisor',
		]);
		expect(voucher).toMatchObject({
			version: '4.0',
			serie: 'NC',
			folio: '17',
			fecha: '2024-05-10T09:00:00',
			tipoCambio: 17.25,
			exportacion: '01',
			descripcionFacturador: 'Refund of order 1001',
			emisor: ISSUER,
		});
	});

	it.each([
		['empty text', ''],
		['null', null],
		['absent', undefined],
	])(
		'serie, folio, fecha, exchange rate and description given as %s are left out',
		(_name, value) => {
			const blank = value as unknown as string;
			const voucher = buildCreditNote(
				note({
					serie: blank,
					folio: blank,
					fecha: blank,
					descripcionFacturador: blank,
					tipoCambio: blank,
					amount: 116,
				}),
			);
			for (const member of ['serie', 'folio', 'fecha', 'descripcionFacturador', 'tipoCambio'])
				expect(voucher).not.toHaveProperty(member);
			expect(voucher).toMatchObject({
				version: '4.0',
				moneda: 'MXN',
				total: 116,
				lugarExpedicion: '64000',
			});
		},
	);

	it('a payment receipt has no payment form, method or exchange rate of its own', () => {
		const voucher = buildPaymentReceipt({
			emisor: ISSUER,
			receptor: CUSTOMER,
			lugarExpedicion: '64000',
			folio: '9',
			payments: [satGuidePayment()],
		});
		expect(Object.keys(voucher).slice(0, 8)).toEqual([
			'version',
			'folio',
			'subTotal',
			'moneda',
			'total',
			'tipoDeComprobante',
			'exportacion',
			'lugarExpedicion',
		]);
	});
});

describe('concept taxes', () => {
	it('transfers first, then withholdings; a concept with only a withholding is an object of tax', () => {
		const voucher = buildCreditNote(
			note({
				lines: [
					{
						claveProdServ: '84111506',
						cantidad: 1,
						claveUnidad: 'E48',
						descripcion: 'Fee refunded',
						valorUnitario: 1000,
						taxes: [ISR10, IVA16],
					},
					{
						claveProdServ: '84111506',
						cantidad: 1,
						claveUnidad: 'E48',
						descripcion: 'Withheld only',
						valorUnitario: 500,
						taxes: [ISR10],
					},
				],
			}),
		);
		expect(voucher.conceptos[0]).toMatchObject({
			objetoImp: '02',
			impuestos: {
				traslados: [
					{ base: 1000, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 160 },
				],
				retenciones: [
					{ base: 1000, impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, importe: 100 },
				],
			},
		});
		expect(voucher.conceptos[1]).toMatchObject({
			objetoImp: '02',
			impuestos: {
				retenciones: [
					{ base: 500, impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, importe: 50 },
				],
			},
		});
		expect(voucher.conceptos[1].impuestos).not.toHaveProperty('traslados');
		expect(voucher.conceptos[0].impuestos).toEqual({
			traslados: expect.any(Array),
			retenciones: expect.any(Array),
		});
		// 1,500 + 160 − 150 = 1,510.
		expect(voucher).toMatchObject({ subTotal: 1500, total: 1510 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('an exempt line carries no rate, even when one is given', () => {
		const voucher = buildCreditNote(
			note({
				lines: [
					{
						claveProdServ: '86121500',
						cantidad: 1,
						claveUnidad: 'E48',
						descripcion: 'Tuition',
						valorUnitario: 500,
						taxes: [{ impuesto: '002', tipoFactor: 'Exento', tasaOCuota: 0 }],
					},
				],
			}),
		);
		expect(voucher.conceptos[0].impuestos).toEqual({
			traslados: [{ base: 500, impuesto: '002', tipoFactor: 'Exento' }],
		});
		expect(voucher).toMatchObject({ subTotal: 500, total: 500 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('a rate given as text is written as a number', () => {
		const voucher = buildGlobalInvoice(
			sales({
				taxes: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.080000' }],
				sales: [{ ticket: 'T-1', amount: 108 }],
			}),
		);
		expect(voucher.conceptos[0].impuestos?.traslados).toEqual([
			{ base: 100, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.08, importe: 8 },
		]);
	});
});

describe('tax-included amounts', () => {
	// The oracle: a one-unit concept of base b (cents) totals b + round(b × IVA) − round(b × ISR), each
	// tax rounded half up to cents (Anexo 20).
	const gross = (base: Decimal, rates: Array<{ rate: string; withheld?: boolean }>) =>
		rates.reduce(
			(total, { rate, withheld }) =>
				withheld ? total.minus(round2(base.mul(rate))) : total.plus(round2(base.mul(rate))),
			base,
		);

	it('with IVA transferred and ISR withheld (1 + 0.16 − 0.10): each sale reached, or the nearest amount below', () => {
		const rates = [IVA16, ISR10];
		const reachable = new Map<string, string>();
		for (let cents = 1; cents <= 1200; cents++) {
			const base = new Decimal(cents).div(100);
			const total = gross(base, [{ rate: '0.16' }, { rate: '0.10', withheld: true }]).toFixed(2);
			if (!reachable.has(total)) reachable.set(total, base.toFixed(2));
		}
		const amounts = Array.from({ length: 1000 }, (_, index) => new Decimal(index + 2).div(100));
		const voucher = buildGlobalInvoice(
			sales({
				taxes: rates,
				sales: amounts.map((amount, index) => ({
					ticket: `T-${index}`,
					amount: amount.toFixed(2),
				})),
			}),
		);
		const wrong: string[] = [];
		voucher.conceptos.forEach((concept, index) => {
			let expected = amounts[index];
			while (!reachable.has(expected.toFixed(2))) expected = expected.minus('0.01');
			const base = new Decimal(concept.valorUnitario);
			const reached = gross(base, [{ rate: '0.16' }, { rate: '0.10', withheld: true }]);
			if (!reached.equals(expected))
				wrong.push(
					`${amounts[index].toFixed(2)}: base ${base.toFixed(2)} reaches ${reached.toFixed(2)}, expected ${expected.toFixed(2)}`,
				);
		});
		expect(wrong).toEqual([]);
		// globalInvoiceMoney keeps the amounts collected; the reconciliation rule moves the cents.
		expect(
			globalInvoiceMoney(
				sales({ taxes: rates, sales: [{ ticket: 'A', amount: '10.60' }] }),
				voucher,
			).amount,
		).toBe('10.60');
	});

	it('in a currency without decimals (CLP) the base is whole and the limit is shown without decimals', () => {
		const invoices = [{ uuid: INVOICE_UUID, total: 11600, moneda: 'CLP', taxes: [IVA16] }];
		const voucher = buildCreditNote(note({ invoices, tipoCambio: 0.02, amount: 1160 }));
		expect(voucher).toMatchObject({ moneda: 'CLP', subTotal: 1000, total: 1160 });
		expect(
			kindRefusal(() => buildCreditNote(note({ invoices, tipoCambio: 0.02, amount: 11601 }))).fix,
		).toBe('Credit at most 11600 CLP.');
		// 999 CLP: base 861 + IVA round(137.76) = 138 → 999.
		expect(
			buildCreditNote(note({ invoices, tipoCambio: 0.02, amount: 999 })).conceptos[0].valorUnitario,
		).toBe(861);
	});

	it('in a currency with 3 decimals (BHD) amounts keep their third decimal', () => {
		const invoices = [{ uuid: INVOICE_UUID, total: 1000, moneda: 'BHD', taxes: [IVA16] }];
		const voucher = buildCreditNote(note({ invoices, tipoCambio: 45.5, amount: '11.601' }));
		// base 10.001: 10.001 + round3(1.60016) = 10.001 + 1.600 = 11.601.
		expect(voucher.conceptos[0].valorUnitario).toBe(10.001);
		expect(voucher.total).toBe(11.601);
	});
});

describe('a refusal of a kind builder', () => {
	it('is a KindInputError, shown with its name', () => {
		try {
			buildGlobalInvoice(sales({ sales: [] }));
			throw new Error('not refused');
		} catch (error) {
			expect(error).toBeInstanceOf(KindInputError);
			expect(String(error)).toBe('KindInputError: The global invoice has no sales.');
		}
	});
});
