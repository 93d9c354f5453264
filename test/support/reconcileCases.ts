/**
 * The reconciliation tests' cases (test/nodes/CfdiEmision/cfdi/reconcile*.test.ts): a global invoice
 * and a credit note built from amounts, a payment receipt from payments, the total the SAT adds
 * (decimal.js) and which amounts a base reaches by rounding to nearest.
 */
import Decimal from 'decimal.js';

import {
	buildGlobalInvoice,
	type GlobalInvoiceInput,
} from '../../nodes/CfdiEmision/actions/voucher/globalInvoice/buildGlobalInvoice';
import type { Voucher } from '../../nodes/CfdiEmision/cfdi/types';
import {
	buildCreditNote,
	type CreditNoteInput,
} from '../../nodes/CfdiEmision/actions/voucher/creditNote';
import {
	buildPaymentReceipt,
	type PaymentInput,
} from '../../nodes/CfdiEmision/actions/voucher/paymentReceipt';
import { CUSTOMER, INVOICE_UUID, ISSUER } from './kindFixtures';
import { satCheckedTotal } from './satLimits';

// `npm run mutate` lowers the runs (ORACLE_RUNS) so that each mutant's test run stays short.
export const SCALE = Math.min(1, Number(process.env.ORACLE_RUNS ?? 2000) / 2000);
export const runs = (count: number): number => Math.max(50, Math.round(count * SCALE));

export const round2 = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
export const CENT = new Decimal('0.01');

/**
 * The oracle, written from the SAT's rules (Anexo 20; cfdi-rules "Amounts"), not from the package:
 * importe = round(cantidad × valorUnitario); each IVA line = round((importe − descuento) × rate);
 * total = Σ importe − Σ descuento + Σ line taxes.
 */
/** The total as the SAT adds the voucher's own amounts, each checked against its limits (decimal.js). */
export const oracleTotal = (voucher: Voucher): Decimal => satCheckedTotal(voucher);

export const SALE_HEAD = {
	emisor: ISSUER,
	lugarExpedicion: '64000',
	formaPago: '01',
	periodicidad: '04',
	meses: '05',
	anio: new Date().getFullYear(),
};
export const IVA = (rate: string) => [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: rate }];

export function globalInvoice(
	amounts: string[],
	rate = '0.16',
): { input: GlobalInvoiceInput; voucher: Voucher } {
	const input: GlobalInvoiceInput = {
		...SALE_HEAD,
		taxes: IVA(rate),
		sales: amounts.map((amount, index) => ({ ticket: `T-${index + 1}`, amount })),
	};
	return { input, voucher: buildGlobalInvoice(input) };
}

export const CREDIT_HEAD = {
	emisor: ISSUER,
	receptor: CUSTOMER,
	lugarExpedicion: '64000',
	formaPago: '03',
	tipoRelacion: '01',
};

export function creditNote(
	amount: string,
	invoice: { total?: number | string; saldo?: number | string } = { total: 100000 },
	rate = '0.16',
): { input: CreditNoteInput; voucher: Voucher } {
	const input: CreditNoteInput = {
		...CREDIT_HEAD,
		invoices: [{ uuid: INVOICE_UUID, moneda: 'MXN', taxes: IVA(rate), ...invoice }],
		amount,
	};
	return { input, voucher: buildCreditNote(input) };
}

/** Whether some base b gives b + round(b × 0.16) = amount (rounding to nearest only, as before the SAT's limits were used). */
export function reaches(amount: string, rate = '0.16'): boolean {
	const target = new Decimal(amount);
	const plain = round2(target.div(new Decimal(1).plus(rate)));
	for (let step = -3; step <= 3; step++) {
		const base = plain.plus(CENT.mul(step));
		if (base.plus(round2(base.mul(rate))).equals(target)) return true;
	}
	return false;
}

export function firstUnreachable(from: string): string {
	let amount = new Decimal(from);
	while (reaches(amount.toFixed(2))) amount = amount.plus(CENT);
	return amount.toFixed(2);
}

export function buildPaymentReceiptFor(payments: PaymentInput[]): Voucher {
	return buildPaymentReceipt({
		emisor: ISSUER,
		receptor: CUSTOMER,
		lugarExpedicion: '64000',
		serie: 'P',
		fecha: '2024-05-10T09:00:00',
		payments,
	});
}
