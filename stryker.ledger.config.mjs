// npm run mutate:ledger (not in CI): stryker.config.json narrowed to a sale's ledger and its rules
// (cfdi/ledger.ts, cfdi/ledgerRules.ts) and the reconciliation rule (cfdi/reconcile.ts), with their pure
// tests, its own report (reports/mutation/ledger.json) and incremental file. MUTATE_TESTS, when set,
// replaces the default tests. reconcile.centsSearch.test.ts is left out: its month-scale cases take
// a minute or more per mutant (the cents search's oracle is in reconcile.centsOracle.test.ts). See DEVELOPMENT.md "Mutation testing" for the survivors read and kept.
import { readFileSync } from 'fs';

const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));
delete base._comment;
const report = process.env.MUTATE_REPORT || 'ledger';

// Read by stryker.jest.config.js in the test runner processes, which inherit this environment.
process.env.MUTATE_TESTS ||= [
	'ledger.test.ts',
	'ledger.documents.test.ts',
	'ledgerRules.test.ts',
	'ledgerRules.relating.test.ts',
	'ledger.property.test.ts',
	'ledger.sales.property.test.ts',
	'reconcile.test.ts',
	'reconcile.cents.test.ts',
	'reconcile.centsOracle.test.ts',
	'reconcile.satLimits.test.ts',
]
	.map((file) => `test/nodes/CfdiEmision/cfdi/${file}`)
	.join(',');

export default {
	...base,
	mutate: [
		'nodes/CfdiEmision/cfdi/ledger.ts',
		'nodes/CfdiEmision/cfdi/ledgerRules.ts',
		'nodes/CfdiEmision/cfdi/reconcile.ts',
		'nodes/CfdiEmision/cfdi/conceptChoices.ts',
	],
	reporters: ['clear-text', 'progress-append-only', 'json'],
	jsonReporter: { fileName: `reports/mutation/${report}.json` },
	incremental: true,
	incrementalFile: `reports/mutation/${report}-incremental.json`,
	tempDirName: '.stryker-tmp-ledger',
	// A mutant that loops (the cents search) would otherwise hold a worker for a minute or more; the
	// margin is wide so that a machine loaded by other work does not turn a slow survivor into a timeout.
	timeoutMS: 30000,
	timeoutFactor: 3,
};
