/**
 * The credit note (CFDI type E relating the invoices it corrects): what the rest of the node uses of
 * it. Pure: the operation (createCreditNote.operation.ts) is imported by the router itself.
 */
export {
	buildCreditNote,
	creditedInvoiceFromCfdi,
	creditNoteMoney,
	type CreditedInvoice,
	type CreditNoteInput,
	type CreditNoteLine,
} from './buildCreditNote';
export { creditNoteFromRefund } from './creditNoteFromRefund';
