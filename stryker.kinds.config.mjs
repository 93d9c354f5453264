// npm run mutate:kinds (not in CI): stryker.config.json narrowed to cfdi/kinds, with its own report
// and incremental file (a run reuses the results of the last one for the mutants whose code and
// covering tests did not change). MUTATE_REPORT names them when one file is mutated at a time:
//   MUTATE_REPORT=kinds-creditNote MUTATE_TESTS=test/nodes/CfdiEmision/actions/voucher/creditNote/buildCreditNote.test.ts \
//     npm run mutate:kinds -- --mutate nodes/CfdiEmision/actions/voucher/creditNote/buildCreditNote.ts
// writes reports/mutation/kinds-creditNote.json. See DEVELOPMENT.md "Mutation testing".
import { readFileSync } from 'fs';

const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));
delete base._comment;
const report = process.env.MUTATE_REPORT || 'kinds';

export default {
	...base,
	mutate: [
		'nodes/CfdiEmision/cfdi/kinds/**/*.ts',
		'!nodes/CfdiEmision/cfdi/kinds/index.ts',
		// The XML reader and the sale-line rule, moved out of cfdi/kinds.
		'nodes/CfdiEmision/cfdi/globalSaleLines.ts',
		'nodes/CfdiEmision/stampedXml/*.ts',
		// The builders of the kinds moved from cfdi/kinds to their own folders.
		'nodes/CfdiEmision/actions/voucher/paymentReceipt/{buildReceipt,paidDocument,paidDocumentFromXml,receiptTaxes,receiptTotals,paidBalances,completeReceipt}.ts',
		'nodes/CfdiEmision/actions/voucher/creditNote/buildCreditNote.ts',
		'nodes/CfdiEmision/actions/voucher/globalInvoice/{buildGlobalInvoice,globalPeriod,documentedSaleRules,buildSaleCreditNote,globalTwins}.ts',
	],
	reporters: ['clear-text', 'progress-append-only', 'json'],
	jsonReporter: { fileName: `reports/mutation/${report}.json` },
	incremental: true,
	incrementalFile: `reports/mutation/${report}-incremental.json`,
};
