/**
 * The service refusing the recipient's data: the item's error carries, beside the message, the
 * field to correct, the SAT code and the fix (`recipient`, and every one in `recipientProblems`), so
 * a page can show it next to the field; without Continue On Fail the fix is in the description.
 */
import { invoiceVoucher } from '../../../support/vouchers';
import { createParams, useSandboxEngine } from '../../../support/nodeTestKit';

const kit = useSandboxEngine();

/** The sandbox's register has H&E951128469 as "HERRERIA & ELECTRICOS", 06002, regime 601. */
const REGISTERED = {
	rfc: 'H&E951128469',
	nombre: 'HERRERIA & ELECTRICOS',
	usoCFDI: 'G03',
	regimenFiscalReceptor: '601',
	domicilioFiscalReceptor: '06002',
};

describe("the service's refusal of the recipient, on its field", () => {
	test('a postal code not registered for the RFC: CFDI40147 on domicilioFiscalReceptor, with the fix', async () => {
		const { items } = await kit.engine.runNode(
			createParams(
				invoiceVoucher({ receptor: { ...REGISTERED, domicilioFiscalReceptor: '06600' } }),
			),
			[{}],
			{ continueOnFail: true },
		);
		expect(items).toHaveLength(1);
		const json = items[0].json;
		expect(json.error).toMatch(/^Item 0: The service refused the voucher: CFDI40147: /);
		expect(json.status).toBe('rejected');
		const expected = {
			field: 'domicilioFiscalReceptor',
			path: 'receptor.domicilioFiscalReceptor',
			satCode: 'CFDI40147',
			message: expect.stringContaining('DomicilioFiscalReceptor'),
			fix: "Use the postal code of the fiscal address on the buyer's Constancia de Situación Fiscal (5 digits).",
		};
		expect(json.recipient).toEqual(expected);
		expect(json.recipientProblems).toEqual([expected]);
		expect(kit.sandbox.stampCount()).toBe(0);
	});

	test('name and regime refused together: each on its field, the fixes in the description', async () => {
		// A name the node cannot put right (not the registered one) and a regime other than 601.
		const { error } = await kit.engine.runNode(
			createParams(
				invoiceVoucher({
					receptor: {
						...REGISTERED,
						nombre: 'HERRERIA Y ELECTRICOS',
						regimenFiscalReceptor: '603',
					},
				}),
			),
			[{}],
		);
		expect(error?.message).toContain('CFDI40145');
		expect(error?.description).toContain(
			"receptor.nombre: Write the legal name exactly as on the buyer's Constancia de Situación Fiscal",
		);
		expect(error?.description).toContain(
			'receptor.regimenFiscalReceptor: Use the tax regime registered',
		);
		const { items } = await kit.engine.runNode(
			createParams(
				invoiceVoucher({
					receptor: {
						...REGISTERED,
						nombre: 'HERRERIA Y ELECTRICOS',
						regimenFiscalReceptor: '603',
					},
				}),
			),
			[{}],
			{ continueOnFail: true },
		);
		expect(
			(items[0].json.recipientProblems as Array<{ field: string; satCode: string }>).map((p) => [
				p.field,
				p.satCode,
			]),
		).toEqual([
			['nombre', 'CFDI40145'],
			['regimenFiscalReceptor', 'CFDI40158'],
		]);
	});

	test('a refusal of something else carries no recipient part', async () => {
		const { items } = await kit.engine.runNode(
			createParams(invoiceVoucher({ serie: 'ZZ' })),
			[{}],
			{ continueOnFail: true },
		);
		expect(items[0].json.error).toContain('FAC112');
		expect(items[0].json).not.toHaveProperty('recipient');
	});
});
