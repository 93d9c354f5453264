/**
 * The SAT's limits that can be checked locally, through the node and the engine against the
 * sandbox: each wrong value stops the item before any request, naming the item, the field, the
 * limit and the fix; with Continue On Fail the other items are stamped.
 */
import { invoiceVoucher } from '../../../../support/vouchers';
import { createParams, useSandboxEngine } from '../../../../support/nodeTestKit';
import { issuingCalls } from '../../../../support/kindsKit';

/* eslint-disable @typescript-eslint/no-explicit-any */
const kit = useSandboxEngine();

describe('schema limits and Anexo 20 rules on a JSON voucher', () => {
	const wrong: Array<[string, Record<string, unknown>, RegExp]> = [
		[
			'a serie of 26 characters',
			{ serie: 'S'.repeat(26) },
			/^Item 0: serie "S{26}" has 26 characters; at most 25 are allowed by the SAT's schema \(cfdv40\.xsd, Comprobante@Serie\)/,
		],
		[
			'a "|" in a description',
			{
				conceptos: [{ ...(invoiceVoucher().conceptos as any[])[0], descripcion: 'Keyboard | USB' }],
				subTotal: 700,
				total: 700,
			},
			/conceptos\[0\]\.descripcion "Keyboard \| USB" contains "\|"/,
		],
		[
			'a confirmation code of 4 characters',
			{ confirmacion: 'AB12' },
			/confirmacion "AB12" does not have the form required by the SAT's schema/,
		],
		[
			'a date in 2009',
			{ fecha: '2009-06-01T10:00:00' },
			/fecha "2009-06-01T10:00:00" does not have the form required by/,
		],
		[
			'a recipient RFC born on 30 February',
			{ receptor: { ...(invoiceVoucher().receptor as object), rfc: 'URE180230TM6' } },
			/receptor\.rfc "URE180230TM6" is not a valid RFC/,
		],
		[
			'payment form 99 with PUE',
			{ formaPago: '99', metodoPago: 'PUE' },
			/formaPago "99" \(to be defined\) is not allowed with metodoPago "PUE"/,
		],
	];

	test.each(wrong)('stops before any request: %s', async (_name, overrides, message) => {
		const { error } = await kit.engine.runNode(createParams(invoiceVoucher(overrides as never)), [
			{},
		]);
		expect(error?.message).toMatch(message);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});

	test('with Continue On Fail, the item over the limit is an error item and the other is stamped', async () => {
		const params = createParams(undefined, { voucherJson: '={{ JSON.stringify($json.voucher) }}' });
		const { items, error } = await kit.engine.runNode(
			params,
			[
				{ voucher: invoiceVoucher({ folio: 'F'.repeat(41) }) },
				{ voucher: invoiceVoucher({ folio: '1001' }) },
			],
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items[0].json.error).toMatch(/folio "F{41}" has 41 characters; at most 40/);
		expect(items[1].json).toMatchObject({ status: 'stamped' });
		expect(issuingCalls(kit.sandbox).filter((call) => call.route === 'createVoucher')).toHaveLength(
			1,
		);
	});
});
