import fc from 'fast-check';
import { classifyRfc, RFC_PATTERN, toGeneralPublic } from '../../../../nodes/CfdiEmision/cfdi/rfc';
import { Rfc } from '@nodecfdi/rfc';
import { invoiceVoucher } from '../../../support/vouchers';
import { validateWithKinds } from '../../../support/kindFixtures';

describe('classifyRfc', () => {
	it.each([
		['EKU9003173C9', 'moral'],
		['URE180429TM6', 'moral'],
		['Ñ&A010101AB1', 'moral'],
		['PEGJ800101AB1', 'fisica'],
		['MAÑO8002295A5', 'fisica'],
		['XAXX010101000', 'generic-national'],
		['XEXX010101000', 'generic-foreign'],
		['eku9003173c9', 'invalid'],
		['EKU900317C9', 'invalid'],
		['EKU9013173C9', 'invalid'],
		['EKU9002323C9', 'invalid'],
		['EKU 9003173C9', 'invalid'],
		['PEGJ800101ABB', 'invalid'],
		['', 'invalid'],
	])('%s is %s', (rfc, kind) => {
		expect(classifyRfc(rfc)).toBe(kind);
	});

	it('treats a non-string as invalid', () => {
		expect(classifyRfc(undefined)).toBe('invalid');
		expect(classifyRfc(123456789012)).toBe('invalid');
	});

	it('does not enforce the check digit', () => {
		// Same shape as EKU9003173C9 with another last character: accepted by shape.
		expect(RFC_PATTERN.test('EKU9003173C1')).toBe(true);
	});
});

/**
 * RFC verdicts against @nodecfdi/rfc (phpCfdi's RFC library for Node), over many generated RFCs:
 * both must agree on which are RFCs, including every impossible date (30 February, 31 April, 29
 * February of a common year, month 13, day 00). The check digit is not compared: the package does
 * not enforce it (some SAT-issued RFCs fail it), and @nodecfdi/rfc's isValid does not either.
 */

const RUNS = Number(process.env.ORACLE_RUNS ?? 20000);

const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZÑ&');
const alnum = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
const twoDigits = (min: number, max: number) =>
	fc.integer({ min, max }).map((n) => String(n).padStart(2, '0'));

/** RFC-shaped texts, with dates around every month's end so impossible days come often. */
const rfcLike = fc
	.tuple(
		fc.array(letter, { minLength: 3, maxLength: 4 }),
		twoDigits(0, 99),
		fc.oneof(twoDigits(1, 12), twoDigits(0, 13)),
		fc.oneof(twoDigits(27, 31), twoDigits(0, 32)),
		fc.array(alnum, { minLength: 2, maxLength: 2 }),
		fc.constantFrom(...'0123456789A'),
	)
	.map(
		([name, year, month, day, homoclave, check]) =>
			`${name.join('')}${year}${month}${day}${homoclave.join('')}${check}`,
	);

describe(`RFC verdicts agree with @nodecfdi/rfc (${RUNS} generated RFCs)`, () => {
	it('classifyRfc accepts exactly what Rfc.isValid accepts', () => {
		fc.assert(
			fc.property(rfcLike, (rfc) => (classifyRfc(rfc) !== 'invalid') === Rfc.isValid(rfc)),
			{ numRuns: RUNS },
		);
	});

	it('the kind follows the length: 12 a legal entity, 13 an individual', () => {
		fc.assert(
			fc.property(
				rfcLike.filter(
					(rfc) => Rfc.isValid(rfc) && rfc !== 'XAXX010101000' && rfc !== 'XEXX010101000',
				),
				(rfc) => classifyRfc(rfc) === ([...rfc].length === 12 ? 'moral' : 'fisica'),
			),
			{ numRuns: Math.round(RUNS / 4) },
		);
	});

	it('a voucher is refused exactly when @nodecfdi/rfc refuses its recipient RFC', () => {
		fc.assert(
			fc.property(
				rfcLike.filter((rfc) => [...rfc].length === 12),
				(rfc) => {
					const voucher = invoiceVoucher({
						receptor: {
							rfc,
							nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
							usoCFDI: 'G03',
							regimenFiscalReceptor: '601',
							domicilioFiscalReceptor: '65000',
						},
					});
					const refused = validateWithKinds(voucher).errors.some(
						(error) => error.path === 'receptor.rfc',
					);
					return refused === !Rfc.isValid(rfc);
				},
			),
			{ numRuns: Math.round(RUNS / 10) },
		);
	});
});

test('toGeneralPublic: a listed voucher to the generic national RFC, as the list may spell it', () => {
	expect(toGeneralPublic('XAXX010101000')).toBe(true);
	expect(toGeneralPublic(' xaxx010101000 ')).toBe(true);
	expect(toGeneralPublic('XEXX010101000')).toBe(false);
	expect(toGeneralPublic(undefined)).toBe(false);
});
