/**
 * The jest configuration of `npm run mutate` (StrykerJS): only the pure tests (test/nodes/CfdiEmision/cfdi,
 * orders, identity, ledger, stampedXml, the kinds' folders under test/nodes/CfdiEmision/actions/voucher), which exercise
 * those rooms and the kinds' builders without the engine or the sandbox (a kind's folder also holds its
 * operation's engine test: narrow with MUTATE_TESTS). Not used by `npm test`.
 * MUTATE_TESTS (comma-separated test files) narrows the tests further, e.g. to the tests of the
 * files being mutated: on a busy machine each mutant then runs in seconds.
 */
const base = require('./jest.config');

const only = (process.env.MUTATE_TESTS ?? '')
	.split(',')
	.map((file) => file.trim())
	.filter(Boolean);

/** @type {import('jest').Config} */
module.exports = {
	...base,
	// The code under test is a root too: jest's --findRelatedTests (Stryker's enableFindRelatedTests)
	// only follows imports through files in its module map, and finds no test for a file outside it.
	roots: [
		'<rootDir>/test/nodes/CfdiEmision/cfdi',
		'<rootDir>/test/nodes/CfdiEmision/orders',
		'<rootDir>/test/support',
		'<rootDir>/nodes/CfdiEmision/cfdi',
		'<rootDir>/nodes/CfdiEmision/orders',
		// The pure rooms moved out of cfdi/: identity rules, the sale's ledger, the XML reader.
		'<rootDir>/test/nodes/CfdiEmision/identity',
		'<rootDir>/nodes/CfdiEmision/identity',
		'<rootDir>/test/nodes/CfdiEmision/ledger',
		'<rootDir>/nodes/CfdiEmision/ledger',
		'<rootDir>/test/nodes/CfdiEmision/stampedXml',
		'<rootDir>/nodes/CfdiEmision/stampedXml',
		'<rootDir>/test/nodes/CfdiEmision/actions/voucher/paymentReceipt',
		'<rootDir>/nodes/CfdiEmision/actions/voucher/paymentReceipt',
		'<rootDir>/test/nodes/CfdiEmision/actions/voucher/creditNote',
		'<rootDir>/nodes/CfdiEmision/actions/voucher/creditNote',
		'<rootDir>/test/nodes/CfdiEmision/actions/voucher/globalInvoice',
		'<rootDir>/nodes/CfdiEmision/actions/voucher/globalInvoice',
	],
	...(only.length > 0 ? { testMatch: only.map((file) => `**/${file}`) } : {}),
	globalSetup: undefined,
};
