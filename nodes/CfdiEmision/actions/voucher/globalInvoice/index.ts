/**
 * The global invoice (CFDI to the general public with InformacionGlobal) and the sale in it: what
 * the rest of the node uses of the kind. Pure: the operation (createGlobalInvoice.operation.ts) is
 * imported by the router itself, and Create wires the sale's steps (saleInGlobalInvoice.ts) into
 * its plan.
 */
export { GLOBAL_INVOICE_RULES } from './globalKindRules';
export {
	buildGlobalSaleCreditNote,
	ticketBalance,
	type BuildSaleCredit,
	type GlobalSaleCreditInput,
	type SaleCredit,
} from './buildSaleCreditNote';
