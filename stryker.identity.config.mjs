// npm run mutate:identity (not in CI): stryker.config.json narrowed to a sale's identity and the
// reconciliation rule (identity/saleIdentity.ts and its contentKey.ts, identity/businessKey.ts, cfdi/reconcile.ts) with their pure
// tests, its own report (reports/mutation/identity.json) and incremental file. MUTATE_TESTS, when set,
// replaces the default tests. See DEVELOPMENT.md "Mutation testing".
// The survivors of npm run mutate:identity, read and kept:
// - Equivalent by construction: a comparison already guarded (`<=` under `!==` in `byAge`; `a && b`
//   where both are parsed amounts; a match result only compared with `'no'`/`'unknown'`, so `'yes'`
//   or `'unknown'` as `""` act alike; `if (!words)` before patterns an empty text cannot match).
// - `canonical` in the content key: `String(n)` and `parseDecimal` give the same text for every amount
//   a voucher carries, and `parseDecimal` refuses what the number pattern refuses; `text()` already
//   reads undefined as empty; a text member's properties read as absent like an empty object's.
//   Separators between fixed-length UUIDs or relation groups change nothing. `Number.isFinite` already
//   implies a number (`keyText`).
// - `?? 2` / `&& 2` on a currency's decimals: `currencyDecimals` answers 0 or 2 for the currencies in
//   use, and `moneyText`'s default is 2.
// - The cents search (`reconcile.ts`): the pruning window, the initial step's `option`, the length
//   given to `new Array`, the tie-break of equal sums (states are inserted below-first), the cost and
//   "fewest concepts" tie-breaks among choices the notes and totals cannot tell apart, shift 0 taking
//   the line as built, the entry guard before the search (the remainder check after it refuses the
//   same), `remainder === 0` with `total === target` (each implies the other), and "above" (with IVA
//   rates every concept reaches within a cent below, so a remainder is never above).
// - Defensive branches no caller reaches: a source `lines` list of another length, a payment receipt
//   without its Pagos complement, a key without folio in a twin message, a concept whose every shift
//   lands at or below its discount, `unitsOf` at the scale it rounds to (× 10⁰ = ÷ 10⁰).
import { readFileSync } from 'fs';

const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));
delete base._comment;
const report = process.env.MUTATE_REPORT || 'identity';

// Read by stryker.jest.config.js in the test runner processes, which inherit this environment.
process.env.MUTATE_TESTS ||= [
	'identity/saleIdentity.test.ts',
	'identity/saleIdentity.keys.test.ts',
	'identity/saleIdentity.property.test.ts',
	'identity/contentKey.test.ts',
	'identity/businessKey.test.ts',
	'cfdi/reconcile.test.ts',
	'cfdi/reconcile.notes.test.ts',
	'cfdi/reconcile.property.test.ts',
]
	.map((file) => `test/nodes/CfdiEmision/${file}`)
	.join(',');

export default {
	...base,
	mutate: [
		'nodes/CfdiEmision/identity/saleIdentity.ts',
		'nodes/CfdiEmision/identity/contentKey.ts',
		'nodes/CfdiEmision/identity/businessKey.ts',
		'nodes/CfdiEmision/cfdi/reconcile.ts',
		'nodes/CfdiEmision/cfdi/conceptChoices.ts',
	],
	reporters: ['clear-text', 'progress-append-only', 'json'],
	jsonReporter: { fileName: `reports/mutation/${report}.json` },
	incremental: true,
	incrementalFile: `reports/mutation/${report}-incremental.json`,
	tempDirName: '.stryker-tmp-identity',
	// A mutant that loops (the cents search) would otherwise hold a worker for a minute or more.
	timeoutMS: 20000,
};
