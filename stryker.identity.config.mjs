// npm run mutate:identity (not in CI): stryker.config.json narrowed to a sale's identity and the
// reconciliation rule (cfdi/saleIdentity.ts, cfdi/businessKey.ts, cfdi/reconcile.ts) with their pure
// tests, its own report (reports/mutation/identity.json) and incremental file. MUTATE_TESTS, when set,
// replaces the default tests. See DEVELOPMENT.md "Mutation testing".
import { readFileSync } from 'fs';

const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));
delete base._comment;
const report = process.env.MUTATE_REPORT || 'identity';

// Read by stryker.jest.config.js in the test runner processes, which inherit this environment.
process.env.MUTATE_TESTS ||= [
	'saleIdentity.test.ts',
	'saleIdentity.property.test.ts',
	'businessKey.test.ts',
	'reconcile.test.ts',
]
	.map((file) => `test/nodes/CfdiEmision/cfdi/${file}`)
	.join(',');

export default {
	...base,
	mutate: [
		'nodes/CfdiEmision/cfdi/saleIdentity.ts',
		'nodes/CfdiEmision/cfdi/businessKey.ts',
		'nodes/CfdiEmision/cfdi/reconcile.ts',
	],
	reporters: ['clear-text', 'progress-append-only', 'json'],
	jsonReporter: { fileName: `reports/mutation/${report}.json` },
	incremental: true,
	incrementalFile: `reports/mutation/${report}-incremental.json`,
	tempDirName: '.stryker-tmp-identity',
	// A mutant that loops (the cents search) would otherwise hold a worker for a minute or more.
	timeoutMS: 20000,
};
