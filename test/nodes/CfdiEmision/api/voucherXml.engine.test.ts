/**
 * The one download path of stamped XML (XML > Download and the operations reading related
 * invoices) refuses a document with more than one TimbreFiscalDigital: which voucher it is stands in
 * doubt (issue 27, item 10: an XML whose first stamp was another voucher's was saved under the
 * requested UUID). A stamp is the SAT's TimbreFiscalDigital (its namespace, whatever the prefix)
 * directly under Complemento; an element of that name in the Addenda is none (issue 33).
 */
import { stampedUuid, useSandboxEngine } from '../../../support/nodeTestKit';

const kit = useSandboxEngine();

const servedXmlOf = (uuid: string) =>
	[...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid)!.xml!;

const serve = (body: string) =>
	kit.sandbox.injectFault({
		route: 'downloadXml',
		kind: 'status',
		status: 200,
		body,
		contentType: 'application/xml; charset=utf-8',
	});

const timbreOf = (xml: string) => /<tfd:TimbreFiscalDigital[^>]*\/>/.exec(xml)![0];

describe("XML > Download: one TimbreFiscalDigital, this voucher's", () => {
	test("another voucher's stamp first, this one's second: refused, no file", async () => {
		const asked = await stampedUuid(kit.engine);
		const other = await stampedUuid(kit.engine);
		const own = servedXmlOf(asked);
		const twoStamps = own.replace(
			timbreOf(own),
			`${timbreOf(servedXmlOf(other))}\n${timbreOf(own)}`,
		);
		serve(twoStamps);
		const { items, error } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid: asked },
			[{}],
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json.error).toBe(
			`Item 0: the XML of voucher ${asked} could not be read: The XML carries 2 TimbreFiscalDigital stamps (UUIDs ${other}, ${asked}); a stamped CFDI has exactly one.`,
		);
	});

	test("this voucher's stamp twice: refused as well", async () => {
		const uuid = await stampedUuid(kit.engine);
		const own = servedXmlOf(uuid);
		serve(own.replace(timbreOf(own), `${timbreOf(own)}\n${timbreOf(own)}`));
		const { error } = await kit.engine.runNode({ resource: 'xml', operation: 'download', uuid }, [
			{},
		]);
		expect(error?.message).toMatch(
			/could not be read: The XML carries 2 TimbreFiscalDigital stamps/,
		);
	});

	test('the XML as stamped (one stamp) is the file', async () => {
		const uuid = await stampedUuid(kit.engine);
		const { items, error } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid },
			[{}],
		);
		expect(error).toBeUndefined();
		expect(items[0].binary).toBeDefined();
	});

	test("an Addenda holding a foreign TimbreFiscalDigital: the file, under the voucher's stamp", async () => {
		const uuid = await stampedUuid(kit.engine);
		const other = await stampedUuid(kit.engine);
		const own = servedXmlOf(uuid);
		const addenda = `<cfdi:Addenda><prov:TimbreFiscalDigital xmlns:prov="urn:proveedor:addenda" UUID="${other}"/>${timbreOf(servedXmlOf(other))}</cfdi:Addenda>`;
		const served = own.replace('</cfdi:Comprobante>', `${addenda}</cfdi:Comprobante>`);
		serve(served);
		const { items, error } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid },
			[{}],
		);
		expect(error).toBeUndefined();
		expect(Buffer.from(items[0].binary!.data.data, 'base64').toString('utf8')).toBe(served);
	});

	test("the SAT's namespace under another prefix: the file", async () => {
		const uuid = await stampedUuid(kit.engine);
		const own = servedXmlOf(uuid);
		serve(
			own.replace(
				timbreOf(own),
				timbreOf(own).replace('<tfd:', '<sello:').replace('xmlns:tfd=', 'xmlns:sello='),
			),
		);
		const { items, error } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid },
			[{}],
		);
		expect(error).toBeUndefined();
		expect(items[0].binary).toBeDefined();
	});

	test("the voucher's stamp moved into the Addenda: refused as unstamped, saying where it stands", async () => {
		const uuid = await stampedUuid(kit.engine);
		const own = servedXmlOf(uuid);
		serve(
			own
				.replace(timbreOf(own), '')
				.replace(
					'</cfdi:Comprobante>',
					`<cfdi:Addenda>${timbreOf(own)}</cfdi:Addenda></cfdi:Comprobante>`,
				),
		);
		const { items, error } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid },
			[{}],
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json.error).toBe(
			`Item 0: the XML the service answered for voucher ${uuid} has no TimbreFiscalDigital UUID (its TimbreFiscalDigital in the SAT's namespace stands at Comprobante/Addenda/TimbreFiscalDigital, not directly under Comprobante/Complemento, where the SAT's stamp goes): it is not a stamped voucher.`,
		);
	});
});
