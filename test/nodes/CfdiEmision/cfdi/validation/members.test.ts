/**
 * Rules of cfdi/validation/members.ts reached by a payment voucher: a list the complement needs may not
 * be empty, each such case stopped naming its path (the cases of paymentDocument.test.ts that reach it).
 */
import {
	changed,
	expectOnlyError,
	paymentReceipt,
	type Mutable,
	type WrongCase,
} from '../../../../support/kindFixtures';

const P = 'complemento.complementoPago20';
const PAGO = `${P}.pago[0]`;

describe('wrong payment vouchers are stopped, each naming its path', () => {
	// Built when each case runs, not while the cases are listed: a mutation run then runs only the
	// cases that reach a mutant (code run while test files load counts as reached by every test).
	const valid = () => paymentReceipt();
	const pago = (v: Mutable) => v.complemento.complementoPago20.pago[0];
	const cases: WrongCase[] = [
		{
			name: 'no related document',
			voucher: () => changed(valid(), (v) => (pago(v).doctoRelacionado = [])),
			code: 'LIST_EMPTY',
			path: `${PAGO}.doctoRelacionado`,
		},
		{
			name: 'no payment',
			voucher: () => changed(valid(), (v) => (v.complemento.complementoPago20.pago = [])),
			code: 'LIST_EMPTY',
			path: `${P}.pago`,
		},
	];
	it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) =>
		expectOnlyError(c.voucher, c.code, c.path),
	);
});
