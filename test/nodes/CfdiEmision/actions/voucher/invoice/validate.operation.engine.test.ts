/**
 * Voucher > Validate through n8n-core's engine, offline: valid, errors, warnings and the computed
 * totals per item, with no request and no credential; with Compute Totals the voucher for the next node.
 */
import { invoiceVoucher, ratesOnly, wrongUse } from '../../../../../support/vouchers';
import {
	FORM_PARTIES,
	lineItemsParams,
	RECONCILED_LINES,
	useSandboxEngine,
} from '../../../../../support/nodeTestKit';
import { Engine } from '../../../../../support/engine/engine';

const kit = useSandboxEngine();

describe('voucher: validate', () => {
	test('returns valid, errors, warnings and computed totals for each item with no network call and no credential', async () => {
		const offline = new Engine();
		const { items, error } = await offline.runNode(
			{
				resource: 'voucher',
				operation: 'validate',
				inputMode: 'json',
				voucherJson: '={{ JSON.stringify($json.voucher) }}',
			},
			[{ voucher: invoiceVoucher() }, { voucher: wrongUse }, { voucher: ratesOnly }],
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items[0].json).toMatchObject({
			valid: true,
			errors: [],
			computed: { subTotal: 1000.75, total: 1000.75 },
		});
		expect(items[1].json).toMatchObject({
			valid: false,
			errors: [
				expect.objectContaining({
					path: 'receptor.usoCFDI',
					value: 'G01',
					code: expect.any(String),
				}),
			],
		});
		expect(items[2].json).toMatchObject({
			valid: false,
			computed: { subTotal: 1300.19, totalImpuestosTrasladados: 184.02, total: 1484.21 },
		});
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(offline.credentials.count('decrypt')).toBe(0);
		expect(kit.sandbox.requests).toHaveLength(0);
	});

	test('with Compute Totals the computed voucher is valid and returned for the next node', async () => {
		const { items } = await new Engine().runNode(
			{
				resource: 'voucher',
				operation: 'validate',
				inputMode: 'json',
				voucherJson: JSON.stringify(ratesOnly),
				options: { computeTotals: true },
			},
			[{}],
		);
		expect(items[0].json).toMatchObject({
			valid: true,
			voucher: { subTotal: 1300.19, total: 1484.21 },
		});
	});
});

describe("issue 32 item 6d: Validate in Fields mode names the form's fields, as Create does", () => {
	/** A company's RFC with an individual's regime (612), typed in the version 1.1 form. */
	const wrongRegime = {
		...FORM_PARTIES,
		receptorRegimenFiscal: '612',
		conceptos: {
			concepto: [{ descripcion: 'Keyboard', claveProdServ: '43232408', valorUnitario: 350 }],
		},
	};

	test('the finding speaks of "Recipient Tax Regime", keeps the JSON path apart, and reads as Create\'s refusal', async () => {
		const { items, error } = await kit.engine.runNode(
			{ ...wrongRegime, operation: 'validate' },
			[{}],
			{ typeVersion: 1.1 },
		);
		expect(error).toBeUndefined();
		const [finding] = items[0].json.errors as Array<{
			path: string;
			field?: string;
			message: string;
			fix: string;
		}>;
		expect(finding.path).toBe('receptor.regimenFiscalReceptor');
		expect(finding.field).toBe('Recipient Tax Regime');
		expect(finding.message).toContain('Recipient Tax Regime "612"');
		expect(`${finding.message} ${finding.fix}`).not.toMatch(/receptor\.|regimenFiscalReceptor/);

		// The same voucher given to Create: refused before sending, in the very same words.
		const created = await kit.engine.runNode(wrongRegime, [{}], { typeVersion: 1.1 });
		expect(created.error?.message).toContain(finding.message);
		expect(kit.sandbox.requests.filter((request) => request.server === 'api')).toHaveLength(0);
	});

	test("a Total typed that differs from its lines: Create and Validate answer the same refusal, on the form's Total with its value (before: none)", async () => {
		const typedTotal = {
			...wrongRegime,
			receptorRegimenFiscal: '601',
			total: 400,
		};
		const answers = await Promise.all(
			[typedTotal, { ...typedTotal, operation: 'validate' }].map((params) =>
				kit.engine.runNode(params, [{}], { typeVersion: 1.1, continueOnFail: true }),
			),
		);
		const [created, validated] = answers.map((answer) => answer.items[0].json);
		expect(created.refusal).toMatchObject({
			by: 'localCheck',
			sent: false,
			field: 'Total',
			path: 'total',
			code: 'TOTALS_DIFFER',
			value: 400,
			message: expect.stringContaining('Total is 400 but'),
		});
		expect(validated.refusal).toEqual(created.refusal);
		expect(kit.sandbox.requests.filter((request) => request.server === 'api')).toHaveLength(0);
	});

	test("issue 32 item 1: a refused voucher carries Create's refusal structure, with the form's labels", async () => {
		const { items } = await kit.engine.runNode({ ...wrongRegime, operation: 'validate' }, [{}], {
			typeVersion: 1.1,
		});
		expect(items[0].json).toMatchObject({ valid: false });
		expect(items[0].json.refusal).toMatchObject({
			by: 'localCheck',
			sent: false,
			field: 'Recipient Tax Regime',
			path: 'receptor.regimenFiscalReceptor',
			value: '612',
			code: expect.any(String),
			fix: expect.any(String),
		});
		// The same voucher given to Create (Continue On Fail): the very same refusal on its error item.
		const created = await kit.engine.runNode(wrongRegime, [{}], {
			typeVersion: 1.1,
			continueOnFail: true,
		});
		expect(created.items[0].json.refusal).toEqual(items[0].json.refusal);
		expect(kit.sandbox.requests.filter((request) => request.server === 'api')).toHaveLength(0);
	});

	test('a valid voucher carries no refusal; totals that cannot meet Expected Total are refused as Create refuses them', async () => {
		const valid = await kit.engine.runNode(
			{ ...wrongRegime, receptorRegimenFiscal: '601', operation: 'validate' },
			[{}],
			{ typeVersion: 1.1 },
		);
		expect(valid.items[0].json.valid).toBe(true);
		expect(valid.items[0].json).not.toHaveProperty('refusal');
		const lines = await kit.engine.runNode(
			lineItemsParams({ operation: 'validate', lineItemsOptions: { expectedTotal: '1500.00' } }),
			[{ lines: RECONCILED_LINES }],
			{ typeVersion: 1.1 },
		);
		expect(lines.items[0].json.valid).toBe(false);
		expect(lines.items[0].json.refusal).toMatchObject({
			by: 'localCheck',
			field: 'Expected Total',
			code: 'TOTALS_DIFFER',
			value: '1500.00',
		});
	});

	test("in JSON mode the findings keep the voucher's member names (there is no form)", async () => {
		const { items } = await kit.engine.runNode(
			{
				resource: 'voucher',
				operation: 'validate',
				inputMode: 'json',
				voucherJson: JSON.stringify(wrongUse),
			},
			[{}],
			{ typeVersion: 1.1 },
		);
		const [finding] = items[0].json.errors as Array<{ field?: string; message: string }>;
		expect(finding.field).toBeUndefined();
		expect(finding.message).toMatch(/receptor\.usoCFDI/);
	});
});
