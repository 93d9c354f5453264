/**
 * Defaults of version 1.1 through n8n-core's engine against the sandbox: the issuer typed once in the
 * credential fills every voucher's issuer and place of issue (the credential's issuer fields:
 * credentials/CfdiEmisionApi.credentials.ts).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { routes, sandboxCredential } from '../../../support/sandboxCredential';
import {
	binaryBytes,
	lineItemsParams,
	orderParams,
	RECONCILED_LINES,
	stampedUuid,
	useSandboxEngine,
} from '../../../support/nodeTestKit';
import { corpusOrder } from '../../../support/corpusOrder';

const kit = useSandboxEngine();
const V1_1 = { typeVersion: 1.1 };

/** A one-line invoice at IVA 16 % with no issuer field typed: the issuer comes from the credential. */
const WITHOUT_ISSUER: INodeParameters = {
	resource: 'voucher',
	operation: 'create',
	receptorRfc: 'URE180429TM6',
	receptorNombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
	receptorDomicilioFiscal: '65000',
	// Chosen in the form: neither has a preset.
	receptorRegimenFiscal: '601',
	formaPago: '03',
	conceptos: {
		concepto: [{ descripcion: 'Keyboard', claveProdServ: '43211706', valorUnitario: 350 }],
	},
};

const ISSUER_IN_CREDENTIAL = {
	issuerRfc: 'eku9003173c9',
	issuerName: 'ESCUELA KEMPER URGATE',
	issuerRegime: '601',
	issuerPostalCode: '64000',
};

function sentBodies(): IDataObject[] {
	return routes(kit.sandbox, 'createVoucher').map(
		(request) => JSON.parse(request.body) as IDataObject,
	);
}

describe('defaults of version 1.1 (issue 18 item 7)', () => {
	test('the issuer remembered in the credential fills an invoice whose issuer fields are empty: five recipient fields, the payment form and a line are enough', async () => {
		kit.engine.setCredential(sandboxCredential(kit.sandbox, ISSUER_IN_CREDENTIAL));
		const { items, error } = await kit.engine.runNode(WITHOUT_ISSUER, [{}], V1_1);
		expect(error).toBeUndefined();
		const [body] = sentBodies();
		expect(body.emisor).toEqual({
			rfc: 'EKU9003173C9',
			nombre: 'ESCUELA KEMPER URGATE',
			regimenFiscal: '601',
		});
		expect([body.lugarExpedicion, body.total]).toEqual(['64000', 406]);
		expect(items[0].json.status).toBe('stamped');
	});

	test('issuer fields typed in the node win over the credential', async () => {
		kit.engine.setCredential(
			sandboxCredential(kit.sandbox, {
				...ISSUER_IN_CREDENTIAL,
				issuerName: 'SOMEONE ELSE',
				issuerPostalCode: '01000',
			}),
		);
		await kit.engine.runNode(
			{
				...WITHOUT_ISSUER,
				emisorRfc: 'EKU9003173C9',
				emisorNombre: 'ESCUELA KEMPER URGATE',
				emisorRegimenFiscal: '601',
				lugarExpedicion: '64000',
			},
			[{}],
			V1_1,
		);
		const [body] = sentBodies();
		expect([(body.emisor as IDataObject).nombre, body.lugarExpedicion]).toEqual([
			'ESCUELA KEMPER URGATE',
			'64000',
		]);
	});

	test('without issuer data anywhere the voucher is refused locally, naming the form fields', async () => {
		const { error } = await kit.engine.runNode(WITHOUT_ISSUER, [{}], V1_1);
		expect(error?.message).toContain('Item 0: Issuer RFC is missing.');
		expect(error?.message).toContain('Item 0: Place of Issue Postal Code is missing.');
		// The JSON paths stay as a detail.
		expect(error?.description).toContain('emisor.rfc');
		expect(error?.description).toContain('lugarExpedicion');
		expect(kit.sandbox.requests.filter((request) => request.server === 'api')).toHaveLength(0);
	});

	test("issue 32 item 6b: the issuer fields left empty, the credential's regime is sent (a preset 601 would not show)", async () => {
		// 603 (a non-profit company) fits a company's RFC; a preset 601 would hide it.
		kit.engine.setCredential(
			sandboxCredential(kit.sandbox, { ...ISSUER_IN_CREDENTIAL, issuerRegime: '603' }),
		);
		const { error } = await kit.engine.runNode(WITHOUT_ISSUER, [{}], V1_1);
		expect(error).toBeUndefined();
		expect((sentBodies()[0].emisor as IDataObject).regimenFiscal).toBe('603');
	});

	test("the credential's own RFC typed in the node with the regime left empty: the credential's regime is sent", async () => {
		kit.engine.setCredential(
			sandboxCredential(kit.sandbox, { ...ISSUER_IN_CREDENTIAL, issuerRegime: '603' }),
		);
		const { error } = await kit.engine.runNode(
			{ ...WITHOUT_ISSUER, emisorRfc: 'EKU9003173C9', emisorNombre: 'ESCUELA KEMPER URGATE' },
			[{}],
			V1_1,
		);
		expect(error).toBeUndefined();
		expect((sentBodies()[0].emisor as IDataObject).regimenFiscal).toBe('603');
	});

	test('an issuer typed in the node without a regime, and none in the credential: refused before any request, naming Issuer Tax Regime', async () => {
		const { error } = await kit.engine.runNode(
			{
				...WITHOUT_ISSUER,
				emisorRfc: 'EKU9003173C9',
				emisorNombre: 'ESCUELA KEMPER URGATE',
				lugarExpedicion: '64000',
			},
			[{}],
			V1_1,
		);
		expect(error?.message).toBe(
			'Item 0: Issuer Tax Regime is missing. Add the issuer tax regime code, e.g. "601".',
		);
		expect(kit.sandbox.requests.filter((request) => request.server === 'api')).toHaveLength(0);
	});

	test('the Issuer Tax Regime field: empty by default from 1.1 with an empty first option; 601 kept in version 1', async () => {
		const { CfdiEmision } = await import('../../../../nodes/CfdiEmision/CfdiEmision.node');
		const fields = new CfdiEmision().description.properties.filter(
			(field) => field.name === 'emisorRegimenFiscal',
		);
		const byVersion = (v11: boolean) =>
			fields.filter(
				(field) => JSON.stringify(field.displayOptions?.show?.['@version']).includes('gte') === v11,
			);
		expect(byVersion(true).length).toBeGreaterThan(0);
		for (const field of byVersion(true)) {
			expect(field.default).toBe('');
			expect((field.options as Array<{ value: string }>)[0].value).toBe('');
		}
		expect(byVersion(false).map((field) => field.default)).toEqual(
			byVersion(true).map(() => '601'),
		);
	});

	test('PDF > Get Link downloads the PDF by default in 1.1, not in 1', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items: v11 } = await kit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink', uuid },
			[{}],
			V1_1,
		);
		// In its own field, "pdf", beside an XML downloaded before it.
		expect(binaryBytes(v11[0], 'pdf').subarray(0, 5).toString('latin1')).toBe('%PDF-');
		const { items: v1 } = await kit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink', uuid },
			[{}],
		);
		expect(v1[0].binary).toBeUndefined();
	});

	test('E-mail > Send has a default message in 1.1 (Spanish) naming the series-folio and UUID of the incoming item', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { error } = await kit.engine.runNode(
			{ resource: 'email', operation: 'send', uuid, to: 'a@example.com', subject: 'Your invoice' },
			[{ uuid, series: 'A', folio: '1001' }],
			V1_1,
		);
		expect(error).toBeUndefined();
		// An item that does not say its voucher's kind (no Create before it): no guess, "comprobante fiscal".
		expect(kit.sandbox.emails[0].body.mensaje).toBe(
			`Hola:\n\nAdjuntamos el XML y el PDF de tu comprobante fiscal A-1001 (folio fiscal ${uuid}).\n\nGracias.`,
		);
		// Version 1 keeps an empty default: the message is required there, so n8n refuses to run the node.
		await expect(
			kit.engine.runNode(
				{
					resource: 'email',
					operation: 'send',
					uuid,
					to: 'a@example.com',
					subject: 'Your invoice',
				},
				[{}],
			),
		).rejects.toThrow('The workflow has issues');
	});
});

/** Order and Line Items parameters with the node's issuer fields left empty, as the examples ship. */
function withoutIssuer(params: INodeParameters): INodeParameters {
	const { emisorRfc, emisorNombre, emisorRegimenFiscal, lugarExpedicion, ...rest } = params;
	void [emisorRfc, emisorNombre, emisorRegimenFiscal, lugarExpedicion];
	return rest;
}

describe("the order modes take the credential's issuer (issue 41 item 5: examples without the sandbox's issuer)", () => {
	const CREDENTIAL_ISSUER = {
		rfc: 'EKU9003173C9',
		nombre: 'ESCUELA KEMPER URGATE',
		regimenFiscal: '603',
	};

	test("Input Mode Order, issuer fields empty: the order's invoice carries the credential's issuer and place of issue", async () => {
		kit.engine.setCredential(
			sandboxCredential(kit.sandbox, { ...ISSUER_IN_CREDENTIAL, issuerRegime: '603' }),
		);
		const { items, error } = await kit.engine.runNode(
			withoutIssuer(orderParams({ stampingMode: 'direct' })),
			[corpusOrder('example-1')],
			V1_1,
		);
		expect(error).toBeUndefined();
		const [body] = sentBodies();
		expect([body.emisor, body.lugarExpedicion, body.total]).toEqual([
			CREDENTIAL_ISSUER,
			'64000',
			1508,
		]);
		expect(items[0].json.status).toBe('stamped');
	});

	test("Input Mode Line Items, issuer fields empty: the credential's issuer", async () => {
		kit.engine.setCredential(
			sandboxCredential(kit.sandbox, { ...ISSUER_IN_CREDENTIAL, issuerRegime: '603' }),
		);
		const { error } = await kit.engine.runNode(
			withoutIssuer(lineItemsParams({ stampingMode: 'direct' })),
			[{ lines: RECONCILED_LINES }],
			V1_1,
		);
		expect(error).toBeUndefined();
		const [body] = sentBodies();
		expect([body.emisor, body.lugarExpedicion, body.total]).toEqual([
			CREDENTIAL_ISSUER,
			'64000',
			1508,
		]);
	});

	test('the issuer typed in an Order node wins over the credential', async () => {
		kit.engine.setCredential(
			sandboxCredential(kit.sandbox, { ...ISSUER_IN_CREDENTIAL, issuerPostalCode: '01000' }),
		);
		const { error } = await kit.engine.runNode(orderParams({ stampingMode: 'direct' }), [
			corpusOrder('example-1'),
		]);
		expect(error).toBeUndefined();
		expect(sentBodies()[0].lugarExpedicion).toBe('64000');
	});

	test('Input Mode Order without an issuer anywhere: refused before any request, naming the setting', async () => {
		const { error } = await kit.engine.runNode(
			withoutIssuer(orderParams({ stampingMode: 'direct' })),
			[corpusOrder('example-1')],
			V1_1,
		);
		expect(error?.message).toContain('settings.emisor.rfc');
		expect(kit.sandbox.requests.filter((request) => request.server === 'api')).toHaveLength(0);
	});
});
