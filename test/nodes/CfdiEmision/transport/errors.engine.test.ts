/**
 * What the user reads when something goes wrong: each message says what happened, the description
 * says whether anything may have taken effect and what to do, and neither misleads.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startSandbox } from '../../../../sandbox';
import { invoiceVoucher } from '../../../support/vouchers';
import { apiClient } from '../../../support/sandboxHelpers';
import { issuingCalls, receiptParams, stampInvoice } from '../../../support/kindsKit';
import {
	createParams,
	ENGINE_GET_VOUCHER_SHAPE,
	stampedUuid,
	useSandboxEngine,
} from '../../../support/nodeTestKit';
import { routes } from '../../../support/sandboxCredential';

const kit = useSandboxEngine();

/** The error item of a Continue On Fail run, checked for a description that adds to the message. */
function errorOf(items: INodeExecutionData[], index = 0): { error: string; description: string } {
	const { error, description } = items[index].json as { error?: string; description?: string };
	expect(error).toBeTruthy();
	expect(description).toBeTruthy();
	expect(error).not.toContain(String(description));
	return { error: String(error), description: String(description) };
}

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

describe('two-phase stamping that could not finish says what is known and what to do', () => {
	// With GET's body only, "pending" is not known: the list did not show the voucher stamped.
	const bodyOnly = ENGINE_GET_VOUCHER_SHAPE === 'bodyOnly';
	const leftAs = bodyOnly ? 'the service does not show it stamped' : 'it is still pending';
	test('every stamp attempt failed (5xx), the voucher read back pending: one message, no contradiction', async () => {
		kit.sandbox.injectFault({ route: 'updateVoucher', kind: 'status', status: 503, times: 10 });
		const { items } = await kit.engine.runNode(
			createParams(invoiceVoucher(), { options: { retryDelayMs: 1 } }),
			[{}],
			{ continueOnFail: true },
		);
		const [stored] = [...kit.sandbox.vouchers.values()];
		const { error, description } = errorOf(items);
		expect(error).toBe(
			`Item 0: Could not stamp voucher ${stored.id}: 3 attempts failed (last: the service answered HTTP 503); ${leftAs}`,
		);
		expect(description).toBe(
			(bodyOnly
				? `Voucher ${stored.id} was not stamped as far as the service shows: the voucher list did not show it after the last attempt. A pending voucher has no fiscal effect. `
				: `Voucher ${stored.id} is saved as pending and was still not stamped when read back after the last attempt. A pending voucher has no fiscal effect. `) +
				`Stamp it later with Voucher > Update on id ${stored.id} (Stamp on), which cannot create a second voucher; do not run Create again for this item, it would create another voucher.`,
		);
		expect(description).not.toContain('may be stamped');
		expect(items[0].json).toMatchObject({ idComprobante: stored.id, status: 'pending' });
		expect(stored.state).toBe('pending');
	});

	test('attempts that timed out: the same facts, plus that a late stamp could still land', async () => {
		kit.sandbox.injectFault({
			route: 'updateVoucher',
			kind: 'timeout',
			perform: false,
			holdMs: 20_000,
			times: 3,
		});
		const { items } = await kit.engine.runNode(
			createParams(invoiceVoucher(), { options: { retryDelayMs: 1, timeout: 1000 } }),
			[{}],
			{ continueOnFail: true },
		);
		const [stored] = [...kit.sandbox.vouchers.values()];
		const { error, description } = errorOf(items);
		expect(error).toBe(
			`Item 0: Could not stamp voucher ${stored.id}: 3 attempts failed (last: No answer from the service (timed out)); ${leftAs}`,
		);
		expect(description).toContain(
			`An attempt timed out, so a stamp still running at the service could finish later: check voucher ${stored.id} with Voucher > Get before stamping it.`,
		);
	});

	test('a busy series on the stamp call of a pending voucher names the pending id instead of "nothing was stored"', async () => {
		kit.sandbox.injectFault({ route: 'updateVoucher', kind: 'seriesBusy', times: 10 });
		const { items } = await kit.engine.runNode(
			createParams(invoiceVoucher(), { options: { retryDelayMs: 1, busyRetries: 1 } }),
			[{}],
			{ continueOnFail: true },
		);
		const [stored] = [...kit.sandbox.vouchers.values()];
		const { error, description } = errorOf(items);
		expect(error).toBe(
			`Item 0: Could not stamp the voucher: the series is still busy (FAC119) after 2 attempts; voucher ${stored.id} stays pending`,
		);
		expect(description).toContain(
			`Voucher ${stored.id} stays saved as pending, not stamped: the refused request changed nothing.`,
		);
		expect(description).toContain(`Stamp it later with Voucher > Update on id ${stored.id}`);
		expect(items[0].json).toMatchObject({ idComprobante: stored.id, status: 'pending' });
	});

	test('a refusal of the stamp call (HTTP 400) keeps the pending id in the error', async () => {
		kit.sandbox.injectFault({
			route: 'updateVoucher',
			kind: 'status',
			status: 400,
			body: '{"title":"One or more validation errors occurred."}',
		});
		const { items } = await kit.engine.runNode(
			createParams(invoiceVoucher(), { options: { retryDelayMs: 1 } }),
			[{}],
			{ continueOnFail: true },
		);
		const [stored] = [...kit.sandbox.vouchers.values()];
		const { error, description } = errorOf(items);
		expect(error).toBe(
			`Item 0: Could not stamp the voucher: the service answered HTTP 400 (One or more validation errors occurred.)`,
		);
		expect(description).toContain(`Voucher ${stored.id} stays saved as pending, not stamped`);
		expect(items[0].json).toMatchObject({ idComprobante: stored.id, status: 'pending' });
	});
});

describe('the PDF download names the storage host and never blames the Base URL', () => {
	const pdf = (uuid: string, extra: IDataObject = {}) => ({
		resource: 'pdf',
		operation: 'getLink',
		uuid,
		download: true,
		...extra,
	});

	test('a storage host that refuses the connection (a link to another host)', async () => {
		const uuid = await stampedUuid(kit.engine);
		const gone = await startSandbox();
		const host = new URL(gone.blobUrl).host;
		await gone.close();
		kit.sandbox.injectFault({
			route: 'getPdfLink',
			kind: 'status',
			status: 200,
			body: JSON.stringify(
				`${gone.blobUrl}/pdfs/${uuid}.pdf?st=2026-01-01T00:00:00Z&se=2099-01-01T00:00:00Z&sig=x`,
			),
		});
		const { items } = await kit.engine.runNode(pdf(uuid), [{}], { continueOnFail: true });
		const { error, description } = errorOf(items);
		expect(error).toBe(
			`Item 0: Could not get the PDF of ${uuid}: the PDF download from the storage host ${host} failed (connection refused)`,
		);
		expect(description).toContain(
			`the file is served by ${host}, which the node reaches without the credential, so the credential's Base URL plays no part`,
		);
		expect(description).toContain('Nothing was changed anywhere: a download only reads.');
		expect(description).toContain(`check that n8n can reach ${host}`);
		expect(description).not.toContain('Check the credential');
	});

	test('a storage host that answers an error status', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'blob', kind: 'status', status: 500, body: 'InternalError' });
		const { items } = await kit.engine.runNode(pdf(uuid), [{}], { continueOnFail: true });
		const host = new URL(kit.sandbox.blobUrl).host;
		const { error, description } = errorOf(items);
		expect(error).toBe(
			`Item 0: Could not get the PDF of ${uuid}: the storage host ${host} answered HTTP 500 (InternalError)`,
		);
		expect(description).toContain('Run the item again for a fresh link');
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

describe('e-mail fields checked before sending', () => {
	const email = (uuid: string, extra: IDataObject) => ({
		resource: 'email',
		operation: 'send',
		uuid,
		to: 'buyer@example.com',
		subject: 'Your invoice',
		message: 'Attached.',
		...extra,
	});

	test.each([
		['CR LF', 'Invoice\r\nBcc: x@example.com'],
		['LF', 'Invoice\nA-1001'],
		['CR', 'Invoice\rA-1001'],
	])(
		'a Subject with %s is refused, naming the field, the item and the fix',
		async (_name, subject) => {
			const uuid = await stampedUuid(kit.engine);
			kit.sandbox.clearLog();
			const { items } = await kit.engine.runNode(email(uuid, { subject }), [{}], {
				continueOnFail: true,
			});
			const { error, description } = errorOf(items);
			expect(error).toBe('Item 0: "Subject" contains a line break (CR or LF).');
			expect(description).toContain('Nothing was sent.');
			expect(description).toContain("{{ $json.subject.replace(/[\\r\\n]+/g, ' ') }}");
			expect(routes(kit.sandbox, 'sendEmail')).toEqual([]);
		},
	);

	test('Reply To takes one address (responderA): several are refused before sending', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items } = await kit.engine.runNode(
			email(uuid, { replyTo: 'a@example.com, b@example.com' }),
			[{}],
			{ continueOnFail: true },
		);
		const { error, description } = errorOf(items);
		expect(error).toBe(
			'Item 0: "Reply To" has 2 addresses (a@example.com, b@example.com); the service takes one reply-to address.',
		);
		expect(description).toBe(
			'Nothing was sent. Keep one address in Reply To; put further recipients in To or CC.',
		);
		expect(routes(kit.sandbox, 'sendEmail')).toEqual([]);
	});

	test('a Reply To that is not an address is refused before sending', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items } = await kit.engine.runNode(
			email(uuid, { replyTo: 'billing at example.com' }),
			[{}],
			{ continueOnFail: true },
		);
		expect(errorOf(items).error).toBe(
			'Item 0: "Reply To" has an invalid e-mail address: billing at example.com.',
		);
		expect(routes(kit.sandbox, 'sendEmail')).toEqual([]);
	});

	test('HTTP 429 is sent again after a pause, as stamping does; nothing is sent twice', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'sendEmail', kind: 'rateLimited', times: 2 });
		const { items } = await kit.engine.runNode(
			email(uuid, { emailOptions: { retryDelayMs: 1 } }),
			[{}],
			{ continueOnFail: true },
		);
		expect(items[0].json).toMatchObject({ uuid, sent: true });
		expect(routes(kit.sandbox, 'sendEmail').map((r) => r.status)).toEqual([429, 429, 200]);
		expect(kit.sandbox.emails).toHaveLength(1);
	});

	test('HTTP 429 that does not clear: the error says the e-mail was not sent', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'sendEmail', kind: 'rateLimited', times: 5 });
		const { items } = await kit.engine.runNode(
			email(uuid, { emailOptions: { retryDelayMs: 1, rateLimitRetries: 1 } }),
			[{}],
			{ continueOnFail: true },
		);
		const { error, description } = errorOf(items);
		expect(error).toBe(
			`Item 0: Could not send voucher ${uuid} by e-mail: the service answered HTTP 429 (Too many requests. Try again later.)`,
		);
		expect(description).toContain('The service did not carry out the request.');
		expect(routes(kit.sandbox, 'sendEmail')).toHaveLength(2);
		expect(kit.sandbox.emails).toHaveLength(0);
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

describe("a related invoice whose XML is another voucher's", () => {
	test('is refused before stamping, and the description says so', async () => {
		const asked = await stampInvoice(kit.sandbox);
		const other = await stampInvoice(kit.sandbox);
		const otherXml = await (await (await apiClient(kit.sandbox)).xml(other)).text();
		kit.sandbox.injectFault({
			route: 'downloadXml',
			kind: 'status',
			status: 200,
			body: otherXml,
			contentType: 'application/xml; charset=utf-8',
		});
		kit.sandbox.clearLog();
		const { items } = await kit.engine.runNode(
			receiptParams([{ uuid: asked, amountPaid: 580 }]),
			[{}],
			{ continueOnFail: true },
		);
		const { error, description } = errorOf(items);
		expect(error).toBe(
			`Item 0: the service answered the XML of ${other} for related invoice ${asked}.`,
		);
		expect(description).toMatch(/^Nothing was stamped for this item/);
		expect(issuingCalls(kit.sandbox)).toHaveLength(0);
	});
});
