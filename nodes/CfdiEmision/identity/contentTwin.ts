/**
 * A content twin that differs in a fiscal field (issue 33 item 3). A voucher without a key is
 * identified by its content (contentKey.ts), which leaves out the payment form, the payment method,
 * the CFDI use and the recipient's tax regime: the same sale typed again with another payment form
 * is the same sale, and must not be stamped a second time. But answering it with the first voucher
 * as if nothing differed hides that the stamped invoice now carries a wrong fiscal field; so the
 * field is named, with both values and what to do, as a changed total is (totalChanged). Pure.
 */
import type { BusinessKey } from '../cfdi/voucherSource';
import { fieldText } from '../cfdi/fieldText';

/** The fiscal fields a content twin may differ in, as the voucher carries them. */
export interface FiscalFacts {
	formaPago?: string;
	metodoPago?: string;
	usoCFDI?: string;
	regimenFiscalReceptor?: string;
}

/** One fiscal field that differs: its CFDI name, the editor's label, the invoiced and the new value. */
export interface FiscalChange {
	field: string;
	label: string;
	invoiced: string;
	now: string;
}

const FIELDS: Array<{ member: keyof FiscalFacts; field: string; label: string }> = [
	{ member: 'formaPago', field: 'formaPago', label: 'Payment Form' },
	{ member: 'metodoPago', field: 'metodoPago', label: 'Payment Method' },
	{ member: 'usoCFDI', field: 'receptor.usoCFDI', label: 'CFDI Use' },
	{
		member: 'regimenFiscalReceptor',
		field: 'receptor.regimenFiscalReceptor',
		label: 'Recipient Tax Regime',
	},
];

/** The fiscal fields of a voucher body (the one to send). */
export function fiscalFactsOf(body: Record<string, unknown>): FiscalFacts {
	const receptor = (body.receptor ?? {}) as Record<string, unknown>;
	const facts: FiscalFacts = {
		formaPago: fieldText(body.formaPago),
		metodoPago: fieldText(body.metodoPago),
		usoCFDI: fieldText(receptor.usoCFDI),
		regimenFiscalReceptor: fieldText(receptor.regimenFiscalReceptor),
	};
	for (const key of Object.keys(facts) as Array<keyof FiscalFacts>)
		if (!facts[key]) delete facts[key];
	return facts;
}

/**
 * The fiscal fields whose values differ between the stamped twin and the voucher now. A field one
 * side lacks is not compared: an invoice without a payment form (a credit to be paid, 99 left out)
 * tells nothing against one that carries it.
 */
export function fiscalChanges(invoiced: FiscalFacts, now: FiscalFacts): FiscalChange[] {
	const changes: FiscalChange[] = [];
	for (const { member, field, label } of FIELDS) {
		const before = fieldText(invoiced[member]).toUpperCase();
		const after = fieldText(now[member]).toUpperCase();
		if (before && after && before !== after)
			changes.push({ field, label, invoiced: before, now: after });
	}
	return changes;
}

/** The message of a content twin that differs in fiscal fields: which, both values, what to do. */
export function fiscalChangedMessage(
	key: BusinessKey,
	uuid: string,
	changes: FiscalChange[],
): string {
	const named = changes
		.map(
			(change) => `${change.label} (${change.field}) ${change.invoiced} there, ${change.now} now`,
		)
		.join('; ');
	return `Same content, other fiscal data: ${key.value} is stamped as UUID ${uuid}, which differs from this voucher in ${named}. Nothing was sent. If the invoice's ${changes.length === 1 ? 'value is' : 'values are'} wrong, stamp the corrected voucher relating UUID ${uuid} with TipoRelacion 04 (the relation makes it another content), then cancel UUID ${uuid} with motive 01 naming the corrected one as its substitute. If this is a deliberate second sale, map a Duplicate Check Key that tells the sales apart (e.g. an order or ticket number).`;
}
