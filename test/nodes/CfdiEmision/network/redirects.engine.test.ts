import { invoiceVoucher } from '../../../support/vouchers';
import { routes } from '../../../support/sandboxCredential';
import { createParams, stampedUuid, useSandboxEngine } from '../../../support/nodeTestKit';
import { FOREIGN_UUID, startForeignHost, type ForeignHost } from '../../../support/foreignHost';

const kit = useSandboxEngine();
let foreign: ForeignHost;
beforeEach(async () => (foreign = await startForeignHost()));
afterEach(async () => await foreign.close());

const hostOf = (url: string) => new URL(url).host;
const stampedVouchers = () =>
	[...kit.sandbox.vouchers.values()].filter((voucher) => voucher.state === 'stamped');

describe('requests stay on the configured hosts: a redirect to another origin is refused', () => {
	test('direct stamp: a 307 to another host sends nothing there and reports no stamp', async () => {
		kit.sandbox.injectFault({
			route: 'createVoucher',
			kind: 'redirect',
			status: 307,
			location: `${foreign.url}{url}`,
		});
		const { items, error } = await kit.engine.runNode(
			createParams(invoiceVoucher(), { stampingMode: 'direct' }),
			[{}],
		);
		expect(items).toHaveLength(0);
		expect(foreign.requests).toHaveLength(0);
		expect(error?.message).toBe(
			`Item 0: Could not stamp the voucher: the issuing API at ${kit.sandbox.baseUrl} answered with a redirect (HTTP 307) to another host, ${foreign.url}. The node does not follow redirects away from the configured host.`,
		);
		const description = String((error as { description?: string }).description);
		expect(description).toContain(
			`Nothing was sent to ${hostOf(foreign.url)}, so nothing was stamped, sent or changed there`,
		);
		expect(description).toContain("Check the credential's Base URL");
		expect(stampedVouchers()).toHaveLength(0);
		expect(JSON.stringify(items)).not.toContain(FOREIGN_UUID);
	});

	test('two-phase stamp: the PUT redirected to another host leaves the voucher pending, with Continue On Fail an error item', async () => {
		kit.sandbox.injectFault({
			route: 'updateVoucher',
			kind: 'redirect',
			status: 308,
			location: `${foreign.url}{url}`,
		});
		const { items, error } = await kit.engine.runNode(createParams(), [{}], {
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(foreign.requests).toHaveLength(0);
		expect(items[0].json.status).not.toBe('stamped');
		expect(String(items[0].json.error)).toContain(
			`answered with a redirect (HTTP 308) to another host, ${foreign.url}`,
		);
		expect(JSON.stringify(items)).not.toContain(FOREIGN_UUID);
		expect(stampedVouchers()).toHaveLength(0);
		expect([...kit.sandbox.vouchers.values()].map((voucher) => voucher.state)).toEqual(['pending']);
	});

	test('another scheme on the same host and port is another origin too', async () => {
		const api = new URL(kit.sandbox.baseUrl);
		kit.sandbox.injectFault({
			route: 'getVoucher',
			kind: 'redirect',
			status: 302,
			location: `https://${api.host}{url}`,
		});
		const pending = await kit.engine.runNode(createParams(invoiceVoucher(), { stamp: false }), [
			{},
		]);
		const { error } = await kit.engine.runNode(
			{
				resource: 'voucher',
				operation: 'get',
				voucherId: pending.items[0].json.idComprobante as number,
			},
			[{}],
		);
		expect(error?.message).toContain(
			`answered with a redirect (HTTP 302) to another host, https://${api.host}.`,
		);
		expect(routes(kit.sandbox, 'getVoucher').map((request) => request.status)).toEqual([302]);
	});

	test('the token service redirecting to another host: sign-in fails naming both hosts, nothing sent there', async () => {
		kit.sandbox.injectFault({
			route: 'token',
			kind: 'redirect',
			status: 307,
			location: `${foreign.url}{url}`,
		});
		const { error } = await kit.engine.runNode(createParams(), [{}]);
		expect(foreign.requests).toHaveLength(0);
		expect(error?.message).toContain(
			`the token service at ${kit.sandbox.authUrl} answered with a redirect (HTTP 307) to another host, ${foreign.url}. The node does not follow redirects away from the configured host.`,
		);
		expect(kit.sandbox.vouchers.size).toBe(0);
	});

	test('a redirect within the same host is followed: the stamp is sent again there and stamped once', async () => {
		kit.sandbox.injectFault({
			route: 'createVoucher',
			kind: 'redirect',
			status: 307,
			location: '{url}',
		});
		const { items, error } = await kit.engine.runNode(
			createParams(invoiceVoucher(), { stampingMode: 'direct' }),
			[{}],
		);
		expect(error).toBeUndefined();
		const creates = routes(kit.sandbox, 'createVoucher');
		expect(creates.map((request) => request.status)).toEqual([307, 200]);
		expect(creates[1].body).toBe(creates[0].body);
		expect(creates[1].headers.authorization).toMatch(/^Bearer /);
		expect(items[0].json).toMatchObject({ status: 'stamped', uuid: stampedVouchers()[0].uuid });
		expect(stampedVouchers()).toHaveLength(1);
	});

	test('a same-host 303 after a read is followed with GET (XML download)', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({
			route: 'downloadXml',
			kind: 'redirect',
			status: 303,
			location: '{url}',
		});
		const { items, error } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid },
			[{}],
		);
		expect(error).toBeUndefined();
		expect(
			routes(kit.sandbox, 'downloadXml').map((request) => `${request.method} ${request.status}`),
		).toEqual(['GET 303', 'GET 200']);
		expect(items[0].json.uuid).toBe(uuid);
	});
});

describe('redirects within the configured hosts', () => {
	test('the token service redirecting to itself is followed: the form is posted again there', async () => {
		kit.sandbox.injectFault({ route: 'token', kind: 'redirect', status: 308, location: '{url}' });
		const { items, error } = await kit.engine.runNode(createParams(), [{}]);
		expect(error).toBeUndefined();
		const tokens = routes(kit.sandbox, 'token');
		expect(tokens.map((request) => `${request.method} ${request.status}`)).toEqual([
			'POST 308',
			'POST 200',
		]);
		expect(tokens[1].body).toBe(tokens[0].body);
		expect(items[0].json.status).toBe('stamped');
	});

	test('a host that keeps redirecting to itself is an error after 5 hops, nothing stamped', async () => {
		kit.sandbox.injectFault({
			route: 'createVoucher',
			kind: 'redirect',
			status: 307,
			location: '{url}',
			times: 10,
		});
		const { error } = await kit.engine.runNode(
			createParams(invoiceVoucher(), { stampingMode: 'direct' }),
			[{}],
		);
		expect(error?.message).toBe(
			`Item 0: Could not stamp the voucher: the issuing API at ${kit.sandbox.baseUrl} redirected the request more than 5 times.`,
		);
		expect(routes(kit.sandbox, 'createVoucher')).toHaveLength(6);
		expect(stampedVouchers()).toHaveLength(0);
	});
});
