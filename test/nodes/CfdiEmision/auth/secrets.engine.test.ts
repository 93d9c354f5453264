import type { IDataObject, INodeParameters } from 'n8n-workflow';
import {
	type FaultSpec,
	DEFAULT_ACCOUNT,
	type EchoFraming,
	type RouteName,
	type SandboxAccount,
} from '../../../../sandbox';
import { invoiceVoucher } from '../../../support/vouchers';
import { createParams, stampedUuid, useSandboxEngine } from '../../../support/nodeTestKit';
import {
	account,
	passwordMd5,
	routes,
	sandboxCredential,
} from '../../../support/sandboxCredential';
import { secretsFoundIn, watchEverythingSeen } from '../../../support/leakWatch';
import { createHash } from 'node:crypto';

const kit = useSandboxEngine();

/** Everything a user or an operator could see: node output, errors, and anything logged. */
const seen = watchEverythingSeen();

async function run(
	parameters: INodeParameters,
	input: IDataObject[] = [{}],
	continueOnFail = false,
) {
	const result = await kit.engine.runNode(parameters, input, { continueOnFail });
	seen.push(JSON.stringify(result.run));
	if (result.error)
		seen.push(result.error.message, String(result.error.description), JSON.stringify(result.error));
	return result;
}

function secrets(): string[] {
	const tokens = kit.engine.credentials.history.flatMap((data) => [
		data.accessToken,
		data.refreshToken,
	]);
	return [account.password, passwordMd5, account.clientSecret, ...tokens].filter(
		(value): value is string => typeof value === 'string' && value.length > 0,
	);
}

function expectNothingLeaked() {
	expect(secretsFoundIn(seen.join('\n'), secrets())).toEqual([]);
	// The bearer token travels only to the configured token and API hosts.
	for (const request of kit.sandbox.requests) {
		if (request.server === 'blob') expect(request.headers.authorization).toBeUndefined();
	}
}

const faultsOnStamp: FaultSpec[] = [
	{ route: 'createVoucher', kind: 'storeThen500' },
	{ route: 'createVoucher', kind: 'timeout', holdMs: 5000 },
	{ route: 'createVoucher', kind: 'connectionReset' },
	{ route: 'createVoucher', kind: 'malformedJson' },
	{ route: 'createVoucher', kind: 'html' },
	{ route: 'createVoucher', kind: 'unauthorized', times: 2 },
	{ route: 'createVoucher', kind: 'seriesBusy', times: 5 },
	{
		route: 'createVoucher',
		kind: 'status',
		status: 400,
		body: '{"title":"One or more validation errors occurred.","status":400,"errors":{"receptor.rfc":["bad"]}}',
	},
	{ route: 'updateVoucher', kind: 'storeThen500' },
	{ route: 'updateVoucher', kind: 'timeout', holdMs: 5000 },
];

describe('no secret in any output, error, description or log', () => {
	test('every operation, successful', async () => {
		/** Each call must succeed: a call that failed would leave nothing of its path to look at. */
		const succeeded = async (parameters: INodeParameters) => {
			const result = await run(parameters);
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(1);
			expect(result.items[0].json.error).toBeUndefined();
			return result;
		};
		await succeeded(createParams(invoiceVoucher(), { stampingMode: 'direct' }));
		await succeeded(createParams());
		const pending = await succeeded(createParams(invoiceVoucher(), { stamp: false }));
		const id = pending.items[0].json.idComprobante;
		await succeeded({ resource: 'voucher', operation: 'get', voucherId: id as number });
		await succeeded({ ...createParams(), operation: 'update', voucherId: id as number });
		await succeeded({ ...createParams(), operation: 'validate' });
		const uuid = await stampedUuid(kit.engine);
		await succeeded({
			resource: 'xml',
			operation: 'download',
			uuid,
			xmlOptions: { includeXmlText: true },
		});
		await succeeded({ resource: 'pdf', operation: 'getLink', uuid, download: true });
		await succeeded({
			resource: 'email',
			operation: 'send',
			uuid,
			to: 'a@example.com',
			subject: 's',
			message: 'm',
		});
		const credentialTest = await kit.engine.testCredential();
		seen.push(JSON.stringify(credentialTest));
		expect(credentialTest).toMatchObject({ status: 'OK' });
		expect(kit.engine.credentials.history.length).toBeGreaterThan(0);
		// Every path ran: each operation's request answered 2xx, the PDF fetched from the storage host.
		const answered = (route: RouteName) =>
			routes(kit.sandbox, route).filter((request) => request.status >= 200 && request.status < 300);
		for (const route of [
			'createVoucher',
			'updateVoucher',
			'getVoucher',
			'downloadXml',
			'requestPdf',
			'getPdfLink',
			'blob',
			'sendEmail',
		] as const)
			expect({ route, answered: answered(route).length > 0 }).toEqual({ route, answered: true });
		expectNothingLeaked();
	});

	test.each(faultsOnStamp.map((fault) => [`${fault.route} ${fault.kind}`, fault]))(
		'fault: %s',
		async (_name, fault) => {
			kit.sandbox.injectFault(fault as FaultSpec);
			const params = createParams(invoiceVoucher(), {
				stampingMode: fault.route === 'createVoucher' ? 'direct' : 'twoPhase',
				options: { retryDelayMs: 1, busyRetries: 1 },
				requestOptions: { timeout: 1000 },
			});
			await run(params, [{}], true);
			await run(params, [{}], false);
			expectNothingLeaked();
		},
	);

	test('fault: files and e-mail', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'downloadXml', kind: 'html' });
		kit.sandbox.injectFault({ route: 'getPdfLink', kind: 'expiredLink' });
		kit.sandbox.injectFault({
			route: 'sendEmail',
			kind: 'status',
			status: 500,
			body: '{"message":"An error has occurred."}',
		});
		await run({ resource: 'xml', operation: 'download', uuid });
		await run({ resource: 'pdf', operation: 'getLink', uuid, download: true });
		await run({
			resource: 'email',
			operation: 'send',
			uuid,
			to: 'a@example.com',
			subject: 's',
			message: 'm',
		});
		expectNothingLeaked();
	});

	test('sign-in failures: wrong password, wrong secret, refresh token rejected', async () => {
		kit.engine.setCredential({
			...kit.engine.credentials.saved('cred-1'),
			password: 'wrong-password-1',
		});
		await run(createParams());
		seen.push(JSON.stringify(await kit.engine.testCredential()));
		kit.engine.setCredential({
			...kit.engine.credentials.saved('cred-1'),
			password: account.password,
			clientSecret: 'wrong-secret-2',
		});
		await run(createParams());
		kit.engine.setCredential({
			...kit.engine.credentials.saved('cred-1'),
			clientSecret: account.clientSecret,
		});
		await run(createParams());
		kit.sandbox.revokeRefreshTokens();
		kit.sandbox.expireAccessTokens();
		await run(createParams());
		const all = seen.join('\n');
		expect(all).not.toContain('wrong-password-1');
		expect(all).not.toContain('wrong-secret-2');
		expectNothingLeaked();
	});
});

describe('secretEcho', () => {
	/**
	 * A service that echoes the request in its error bodies (the sandbox's echoRequest fault) on every
	 * route the node calls, in every framing: no credential value or token may reach an item, an error
	 * message or description, the stored execution or a log line. The account's secrets carry the
	 * characters that change under URL encoding and JSON escaping.
	 */
	const ECHO_ACCOUNT: SandboxAccount = {
		...DEFAULT_ACCOUNT,
		password: 'Pässwörd "quoted" & more',
		clientId: 'echo-client',
		clientSecret: 'sëcret+/=&"x\\y 9f2c',
	};
	const passwordMd5 = createHash('md5').update(ECHO_ACCOUNT.password, 'utf8').digest('hex');

	const kit = useSandboxEngine({ accounts: [ECHO_ACCOUNT] });
	beforeEach(() =>
		kit.engine.setCredential(
			sandboxCredential(kit.sandbox, {
				password: ECHO_ACCOUNT.password,
				clientId: ECHO_ACCOUNT.clientId,
				clientSecret: ECHO_ACCOUNT.clientSecret,
			}),
		),
	);
	const seen = watchEverythingSeen();
	// Each case is judged on what it alone made visible.
	beforeEach(() => void (seen.length = 0));

	function secrets(): string[] {
		const tokens = kit.engine.credentials.history.flatMap((data) => [
			data.accessToken,
			data.refreshToken,
		]);
		return [ECHO_ACCOUNT.password, passwordMd5, ECHO_ACCOUNT.clientSecret, ...tokens].filter(
			(value): value is string => typeof value === 'string' && value.length > 0,
		);
	}

	async function run(parameters: INodeParameters, continueOnFail: boolean) {
		const result = await kit.engine.runNode(parameters, [{}], { continueOnFail });
		seen.push(JSON.stringify(result.run));
		if (result.error)
			seen.push(
				result.error.message,
				String(result.error.description),
				JSON.stringify(result.error),
			);
		return result;
	}

	/** Each error path, and how to reach it: what to prepare, and the node parameters to run. */
	const paths: Array<{
		route: RouteName;
		times?: number;
		prepare?: 'stamped' | 'pending' | 'session';
		params: (ref: { uuid: string; id: number }) => INodeParameters;
	}> = [
		{ route: 'token', params: () => createParams() },
		// The refresh grant's echo, then the password grant's.
		{ route: 'token', times: 2, prepare: 'session', params: () => createParams() },
		{ route: 'userinfo', params: () => createParams() },
		{
			route: 'createVoucher',
			params: () => createParams(invoiceVoucher(), { stampingMode: 'direct' }),
		},
		{ route: 'updateVoucher', params: () => createParams() },
		{
			route: 'getVoucher',
			prepare: 'pending',
			params: ({ id }) => ({ resource: 'voucher', operation: 'get', voucherId: id }),
		},
		{
			route: 'downloadXml',
			prepare: 'stamped',
			params: ({ uuid }) => ({ resource: 'xml', operation: 'download', uuid }),
		},
		{
			route: 'requestPdf',
			prepare: 'stamped',
			params: ({ uuid }) => ({ resource: 'pdf', operation: 'getLink', uuid }),
		},
		{
			route: 'getPdfLink',
			prepare: 'stamped',
			params: ({ uuid }) => ({ resource: 'pdf', operation: 'getLink', uuid }),
		},
		{
			route: 'blob',
			prepare: 'stamped',
			params: ({ uuid }) => ({ resource: 'pdf', operation: 'getLink', uuid, download: true }),
		},
		{
			route: 'sendEmail',
			prepare: 'stamped',
			params: ({ uuid }) => ({
				resource: 'email',
				operation: 'send',
				uuid,
				to: 'a@example.com',
				subject: 's',
				message: 'm',
			}),
		},
		{
			route: 'cancelVoucher',
			prepare: 'stamped',
			params: ({ uuid }) => ({ resource: 'voucher', operation: 'cancel', uuid }),
		},
		{
			route: 'listVouchers',
			prepare: 'stamped',
			params: ({ uuid }) => ({ resource: 'voucher', operation: 'getStatus', uuid }),
		},
	];
	const framings: EchoFraming[] = ['json', 'text', 'oauth', 'base64'];

	const cases = paths.flatMap((path) =>
		framings.map(
			(framing) =>
				[
					`${path.route}${path.times ? ` x${path.times}` : ''} (${path.prepare ?? 'fresh'}), ${framing}`,
					path,
					framing,
				] as const,
		),
	);

	describe('no secret in any text, whatever the service echoes back', () => {
		test.each(cases)('%s', async (_name, path, framing) => {
			const ref = { uuid: '', id: 0 };
			if (path.prepare === 'stamped' || path.prepare === 'session')
				ref.uuid = await stampedUuid(kit.engine);
			if (path.prepare === 'pending')
				ref.id = (await kit.engine.runNode(createParams(invoiceVoucher(), { stamp: false }), [{}]))
					.items[0].json.idComprobante as number;
			if (path.prepare === 'session') kit.sandbox.expireAccessTokens();
			for (const continueOnFail of [true, false]) {
				kit.sandbox.injectFault({
					route: path.route,
					kind: 'echoRequest',
					framing,
					times: path.times ?? 1,
				});
				const { items, error } = await run(path.params(ref), continueOnFail);
				// The echo reached the node and it failed on it (an error item or the node's error).
				expect(continueOnFail ? items[0]?.json.error : error?.message).toBeTruthy();
				kit.sandbox.clearFaults();
			}
			const echoed = kit.sandbox.requests.filter(
				(request) => request.status === 400 && request.route === path.route,
			);
			expect(echoed.length).toBeGreaterThanOrEqual(2);
			expect(secretsFoundIn(seen.join('\n'), secrets())).toEqual([]);
		});
	});
});
