/**
 * What the user reads when something goes wrong: each message says what happened, the description
 * says whether anything may have taken effect and what to do, and neither misleads.
 */
import type { IDataObject } from 'n8n-workflow';

import { invoiceVoucher } from '../../../support/vouchers';
import { createParams, stampedUuid, useSandboxEngine, errorOf } from '../../../support/nodeTestKit';
import { routes } from '../../../support/sandboxCredential';

const kit = useSandboxEngine();

const json = (voucherJson: string, extra: IDataObject = {}) => ({
	...createParams(),
	voucherJson,
	...extra,
});

describe('a body the service finds too large', () => {
	test('is reported as HTTP 413 with nothing processed, not as a connection closed that may have stamped', async () => {
		const big = invoiceVoucher({ descripcionFacturador: 'x'.repeat(11 * 1024 * 1024) });
		const { items } = await kit.engine.runNode(
			createParams(big, { stampingMode: 'direct', options: { validation: 'off' } }),
			[{}],
			{ continueOnFail: true },
		);
		const { error, description } = errorOf(items);
		expect(error).toBe(
			'Item 0: Could not stamp the voucher: the service answered HTTP 413 (Request body too large.)',
		);
		expect(description).toBe(
			'The request body is too large for the service (HTTP 413), so nothing was processed. Send a smaller request (fewer lines or shorter texts).',
		);
		// The one write sent: refused 413 while its body was read (before any route was matched).
		expect(
			kit.sandbox.requests
				.filter((request) => request.server === 'api' && request.method !== 'GET')
				.map((request) => [request.method, request.status]),
		).toEqual([['POST', 413]]);
		expect(kit.sandbox.vouchers.size).toBe(0);
	});
});

describe('"Voucher (JSON)" that is not an object', () => {
	test.each([
		['null', 'null'],
		['[1, 2]', 'an array'],
		['42', 'the number 42'],
		['"A-1001"', 'the text "A-1001"'],
		['true', 'the boolean true'],
	])('%s: named as what it is, nothing sent', async (text, kind) => {
		const { items } = await kit.engine.runNode(json(text), [{}], { continueOnFail: true });
		const { error, description } = errorOf(items);
		expect(error).toBe(`Item 0: "Voucher (JSON)" must be a JSON object ({ ... }), not ${kind}.`);
		expect(description).toMatch(/^Nothing was sent\. /);
		expect(kit.sandbox.requests).toEqual([]);
	});

	test('null from an expression on a missing field says so', async () => {
		const { items } = await kit.engine.runNode(json('={{ $json.voucher ?? null }}'), [{}], {
			continueOnFail: true,
		});
		expect(errorOf(items).description).toContain(
			'An expression that maps a missing field gives null',
		);
		expect(kit.sandbox.requests).toEqual([]);
	});
});

describe('numbers JSON cannot carry are named with their member and value, not "total null"', () => {
	test('1e999 in the JSON text', async () => {
		const text = JSON.stringify(invoiceVoucher()).replace('"total":1000.75', '"total":1e999');
		const { items } = await kit.engine.runNode(json(text), [{}], { continueOnFail: true });
		const { error, description } = errorOf(items);
		expect(error).toBe(
			'Item 0: "Voucher (JSON)" has a number that is not a finite number: total = 1e999.',
		);
		expect(description).toContain('it would reach the service as null), so nothing was sent');
		expect(kit.sandbox.requests).toEqual([]);
	});

	test('a nested member, and several at once', async () => {
		const text = JSON.stringify(invoiceVoucher())
			.replace('"importe":300.75', '"importe":-2E+400')
			.replace('"subTotal":1000.75', '"subTotal":9e9999');
		const { items } = await kit.engine.runNode(json(text), [{}], { continueOnFail: true });
		expect(errorOf(items).error).toBe(
			'Item 0: "Voucher (JSON)" has a number that is not a finite number: conceptos[1].importe = -2E+400, subTotal = 9e9999.',
		);
		expect(kit.sandbox.requests).toEqual([]);
	});

	test('Infinity and NaN in an object an expression gives', async () => {
		const { items } = await kit.engine.runNode(
			json('={{ { ...$json.voucher, total: $json.voucher.total / 0, descuento: NaN } }}'),
			[{ voucher: invoiceVoucher() }],
			{ continueOnFail: true },
		);
		expect(errorOf(items).error).toBe(
			'Item 0: "Voucher (JSON)" has a number that is not a finite number: total = Infinity, descuento = NaN.',
		);
		expect(kit.sandbox.requests).toEqual([]);
	});

	test('NaN and Infinity written in the JSON text are invalid JSON, and the error says where', async () => {
		const text = JSON.stringify(invoiceVoucher()).replace('"total":1000.75', '"total":NaN');
		const { items } = await kit.engine.runNode(json(text), [{}], { continueOnFail: true });
		const { error, description } = errorOf(items);
		expect(error).toMatch(
			/^Item 0: "Voucher \(JSON\)" is not valid JSON \(Unexpected token 'N', .*"total":NaN/,
		);
		expect(description).toMatch(/^Nothing was sent\. Enter a JSON object/);
		expect(kit.sandbox.requests).toEqual([]);
	});

	test('a field given by an expression that divides by zero (Fields mode): the local check shows Infinity', async () => {
		const { items } = await kit.engine.runNode(
			{
				resource: 'voucher',
				operation: 'create',
				inputMode: 'fields',
				emisorRfc: 'EKU9003173C9',
				emisorNombre: 'ESCUELA KEMPER URGATE',
				receptorRfc: 'URE180429TM6',
				receptorNombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
				receptorDomicilioFiscal: '65000',
				lugarExpedicion: '64000',
				total: '={{ 1 / 0 }}',
			},
			[{}],
			{ continueOnFail: true },
		);
		expect(errorOf(items).error).toContain('total Infinity is not a number.');
		expect(errorOf(items).error).not.toContain('total null');
		expect(kit.sandbox.requests).toEqual([]);
	});

	test('a non-numeric text still names the field and the text', async () => {
		const text = JSON.stringify(invoiceVoucher({ total: 'abc' }));
		const { items } = await kit.engine.runNode(json(text), [{}], { continueOnFail: true });
		expect(errorOf(items).error).toBe(
			'Item 0: total "abc" is not a number. Send a decimal number, e.g. 100.50.',
		);
		expect(kit.sandbox.requests).toEqual([]);
	});
});
describe('every error says whether anything took effect and what to do', () => {
	test('a read that failed on the service side says nothing was changed', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({
			route: 'downloadXml',
			kind: 'status',
			status: 500,
			body: '{"message":"An error has occurred."}',
		});
		const { items } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid },
			[{}],
			{ continueOnFail: true },
		);
		expect(errorOf(items).description).toBe(
			'The service failed on its side. Nothing was changed: this request only reads, so running the item again is safe.',
		);
	});

	test('a read answered with something unreadable says the same', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'downloadXml', kind: 'status', status: 200, body: 'hello' });
		const { items } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid },
			[{}],
			{ continueOnFail: true },
		);
		expect(errorOf(items).description).toBe(
			'Nothing was changed: this request only reads, so running the item again is safe.',
		);
	});

	test('an HTTP status without its own advice (405) says the request was not carried out and where to look', async () => {
		kit.sandbox.injectFault({ route: 'getVoucher', kind: 'status', status: 405, body: '' });
		const { items } = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'get', voucherId: 1001 },
			[{}],
			{ continueOnFail: true },
		);
		expect(errorOf(items).description).toBe(
			"The service did not carry out the request. Check the credential's environment and API path style (a wrong path style often answers 404, 405 or 406).",
		);
	});
});
describe('a UUID typed in lower case is used in the upper case the XML carries', () => {
	test('XML and PDF file names, the e-mail request and the output all use one spelling', async () => {
		const uuid = await stampedUuid(kit.engine);
		const lower = uuid.toLowerCase();
		expect(lower).not.toBe(uuid);
		const xml = await kit.engine.runNode({ resource: 'xml', operation: 'download', uuid: lower }, [
			{},
		]);
		expect(xml.items[0].json).toMatchObject({ uuid, fileName: `${uuid}.xml` });
		expect(xml.items[0].binary?.data?.fileName).toBe(`${uuid}.xml`);
		const pdf = await kit.engine.runNode(
			{ resource: 'pdf', operation: 'getLink', uuid: ` ${lower} `, download: true },
			[{}],
		);
		expect(pdf.items[0].json).toMatchObject({ uuid, fileName: `${uuid}.pdf` });
		const mail = await kit.engine.runNode(
			{
				resource: 'email',
				operation: 'send',
				uuid: lower,
				to: 'buyer@example.com',
				subject: 'Invoice',
				message: 'Attached.',
			},
			[{}],
		);
		expect(mail.items[0].json.uuid).toBe(uuid);
		expect((kit.sandbox.emails[0].body.cfdi as { uuid: string }).uuid).toBe(uuid);
		expect(routes(kit.sandbox, 'downloadXml')[0].pathname).toContain(uuid);
		const status = await kit.engine.runNode(
			{ resource: 'voucher', operation: 'getStatus', uuid: lower },
			[{}],
		);
		expect(status.items[0].json.uuid).toBe(uuid);
	});
});
