/**
 * The global invoice (CFDI to the general public with InformacionGlobal) and the sale in it: what
 * the rest of the node uses of the kind: its rules, the weighing of its Duplicate Check twins, the
 * sale's credit note. The operation (createGlobalInvoice.operation.ts) is imported by the router
 * itself, and Create wires the sale's steps (saleInGlobalInvoice.ts) into its plan.
 */
export { GLOBAL_INVOICE_RULES } from './globalInvoiceRules';
export { weighGlobalTwins } from './globalTwinsReport';
export {
	buildGlobalSaleCreditNote,
	ticketBalance,
	type BuildSaleCredit,
	type GlobalSaleCreditInput,
	type SaleCredit,
} from './buildSaleCreditNote';
