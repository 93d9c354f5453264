/**
 * One invoice listed more than once in a payment receipt (two installments received together, or
 * two payments of one receipt) counts once against its balance: its installments are consecutive
 * and distinct, and each one's previous balance is what the one before left (so, with each amount
 * paid at most its own previous balance, the sum paid is at most the first balance). Read from the complement's JSON, so the builders and the
 * validator of a type P voucher apply the same rule.
 */
import {
	compareDecimal,
	decimalToString,
	parseDecimal,
	subtractDecimal,
	type Decimal,
} from '../../../cfdi/decimal';
import { amountDecimals } from '../../../cfdi/catalogs/moneda';
import { isRecord } from '../../../cfdi/voucherShape';
import { givenText } from '../../../cfdi/fieldText';

export interface PaidBalanceProblem {
	/** Where: the payment and related document indexes, and the member at fault. */
	pago: number;
	document: number;
	member: 'numParcialidad' | 'impSaldoAnt';
	message: string;
	fix: string;
}

interface Listed {
	pago: number;
	document: number;
	installment: number;
	before: Decimal;
	paid: Decimal;
	decimals: number;
}

/** The problems of invoices listed more than once in these payments (the `pago` list of a complement). */
export function paidBalanceProblems(pagos: ReadonlyArray<unknown>): PaidBalanceProblem[] {
	const byInvoice = new Map<string, Listed[]>();
	pagos.forEach((pago, pagoIndex) => {
		if (!isRecord(pago) || !Array.isArray(pago.doctoRelacionado)) return;
		pago.doctoRelacionado.forEach((doc, docIndex) => {
			if (!isRecord(doc)) return;
			const id = givenText(doc.idDocumento)?.trim().toUpperCase();
			const before = parseDecimal(doc.impSaldoAnt);
			const paid = parseDecimal(doc.impPagado);
			const installment = Number(doc.numParcialidad ?? 1);
			if (!id || !before || !paid || !Number.isInteger(installment)) return;
			const listed = byInvoice.get(id) ?? [];
			listed.push({
				pago: pagoIndex,
				document: docIndex,
				installment,
				before,
				paid,
				decimals: amountDecimals(doc.monedaDR),
			});
			byInvoice.set(id, listed);
		});
	});
	const problems: PaidBalanceProblem[] = [];
	for (const [id, listed] of byInvoice) {
		// An invoice listed once compares with nothing: the loop below starts at its second listing.
		const ordered = [...listed].sort((a, b) => a.installment - b.installment);
		for (let index = 1; index < ordered.length; index++) {
			const previous = ordered[index - 1];
			const entry = ordered[index];
			const left = subtractDecimal(previous.before, previous.paid);
			const amount = (value: Decimal): string => decimalToString(value, entry.decimals);
			if (entry.installment === previous.installment) {
				problems.push({
					...at(entry),
					member: 'numParcialidad',
					message: `Invoice ${id} is listed twice as installment ${entry.installment}.`,
					fix: 'Give each payment of the invoice its own installment number (1, 2, 3...), or list the invoice once with the sum paid.',
				});
			} else if (entry.installment !== previous.installment + 1) {
				problems.push({
					...at(entry),
					member: 'numParcialidad',
					message: `Invoice ${id} is listed as installments ${previous.installment} and ${entry.installment}: the installments of one receipt follow each other.`,
					fix: `Number them ${previous.installment} and ${previous.installment + 1}.`,
				});
			} else if (compareDecimal(entry.before, left) !== 0) {
				problems.push({
					...at(entry),
					member: 'impSaldoAnt',
					message: `Invoice ${id} is listed twice: installment ${entry.installment} starts from a balance of ${amount(entry.before)}, but installment ${previous.installment} left ${amount(left)} (${amount(previous.before)} − ${amount(previous.paid)}); the same invoice counts once against its balance.`,
					fix: `Set installment ${entry.installment}'s previous balance to ${amount(left)}, or list the invoice once with the sum paid.`,
				});
			}
		}
	}
	return problems;
}

function at(entry: Listed): { pago: number; document: number } {
	return { pago: entry.pago, document: entry.document };
}
