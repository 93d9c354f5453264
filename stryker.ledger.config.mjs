// npm run mutate:ledger (not in CI): stryker.config.json narrowed to a sale's ledger and its rules
// (ledger/ledger.ts, ledgerDocument.ts, ledgerRules.ts) and the reconciliation rule (cfdi/reconcile.ts, conceptChoices.ts), with their pure
// tests, its own report (reports/mutation/ledger.json) and incremental file. MUTATE_TESTS, when set,
// replaces the default tests. reconcile.centsSearch.test.ts is left out: its month-scale cases take
// a minute or more per mutant (the cents search's oracle is in reconcile.centsOracle.test.ts). Run it
// with --concurrency 2 at most. See DEVELOPMENT.md "Mutation testing".
// The survivors of npm run mutate:ledger, read and kept (moved here from DEVELOPMENT.md as written
// there; the concept choices and shifts named under reconcile.ts now live in cfdi/conceptChoices.ts,
// and ROUNDING_UNITS_PER_CONCEPT is not in the tree any more: read them again on the next run):
// - reconcile.ts: those of mutate:identity (its config's header); in the cents search, what only
//   changes the speed (`Math.max` for `Math.min` in `half`: a wider band finds the same sums, and only
//   the month-scale cases, outside this scope, run out of memory with it; reconcile.centsOracle.test.ts
//   reaches the band's shape beyond its cap on 120 concepts), the bookkeeping a typed array makes moot
//   (a read past `width` is `undefined`, a write past it is dropped, `Infinity` plus a cost stays
//   `Infinity`, the fill of `choice` and the length of `picks` are never read unset, a sum at the
//   band's edge is never the best) and the moves' weight at 2 concepts (cost and moves tie there);
//   `unitValueFor` at quantity 1 gives the amount itself; `{ decimals }` to `computeTotals` is the
//   voucher currency's own; the default policy as `""` still refuses; `/-/` for `/^-/` on a number
//   with one sign; `>= 0` on a gap, a remainder or a move never 0 there; `/` for `*` by
//   `ROUNDING_UNITS_PER_CONCEPT` (1); `taxed.length > 0` (with no taxed concept a gap under a cent
//   is refused either way); shift 0 taking the line as built, and skipping the rebuild of an unmoved
//   line; `'Tasa'` in `roundsPerLine` (only a Tasa line carries a positive rate once Cuota is out); the
//   third cent up (`shift < MAX_SHIFT_UNITS`): no case reached needs it where one or two cents do;
//   `<=` for `<` between equally cheap choices (the same money and lines moved, another line named);
//   the voucher's total checked against the source when no remainder is left (they agree whenever
//   none is, since a source finer than its currency is refused first; the check keeps a claimed
//   match the voucher's own); `'down'` as `""` for the cents below a finer source (any mode but
//   `up` and `half-up` truncates); `/` for `*` in `unitsOf` (they differ only for a gap with fewer
//   decimals than the currency: builders give their figure with at least its decimals, and a
//   receipt's voucher carries its source's own figure).
// - Placeholders: an element without figures added to a concept's options or a receipt's `pago` list
//   is never chosen and never makes one currency; an empty `pago` list fails the one-currency test
//   anyway, and `{ currency: '' }` and `{}` read alike.
// - Guards no built voucher reaches: a concept without quantity or amount or of quantity 0, a unit
//   value whose product misses the amount (6 decimals reach every amount below 10,000 units), a
//   concept without description, a `lines` list of another length, a tax line that is not an object.
// - ledger.ts and ledgerDocument.ts: `decimal('')` (the parser already refuses an empty text), `rateOf` for `XXX` (only
//   receipts use it and their rate is never read), the type tests in `sums` and `ticket` where only a
//   type E carries `credits`/`tickets` and only a type P `paid`, and `type !== 'P'` after type E in a
//   body (any other type adds nothing either way); the word for `valid` (a valid document is named
//   without its state); a placeholder element for a missing list (an element without members adds
//   nothing); the MXN test before a document's rate (an MXN document keeps no rate); an invoice
//   skipped in its own sums (it neither credits nor pays itself).
// - ledgerRules.ts: the earlier notes of a second invoice in the first one's currency (the totals
//   are converted first, so this conversion cannot fail); a document skipped among those relating
//   itself (none relates itself).
import { readFileSync } from 'fs';

const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));
delete base._comment;
const report = process.env.MUTATE_REPORT || 'ledger';

// Read by stryker.jest.config.js in the test runner processes, which inherit this environment.
process.env.MUTATE_TESTS ||= [
	'ledger/ledger.test.ts',
	'ledger/ledger.documents.test.ts',
	'ledger/ledgerRules.test.ts',
	'ledger/ledgerRules.payments.test.ts',
	'ledger/ledgerRules.relating.test.ts',
	'ledger/ledger.property.test.ts',
	'ledger/ledger.sales.property.test.ts',
	'cfdi/reconcile.test.ts',
	'cfdi/reconcile.notes.test.ts',
	'cfdi/reconcile.property.test.ts',
	'cfdi/reconcile.cents.test.ts',
	'cfdi/reconcile.centsOracle.test.ts',
	'cfdi/reconcile.satLimits.test.ts',
]
	.map((file) => `test/nodes/CfdiEmision/${file}`)
	.join(',');

export default {
	...base,
	mutate: [
		'nodes/CfdiEmision/ledger/ledger.ts',
		'nodes/CfdiEmision/ledger/ledgerDocument.ts',
		'nodes/CfdiEmision/ledger/ledgerRules.ts',
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
