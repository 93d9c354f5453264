import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { FaultSpec } from '../../sandbox';
import { invoiceVoucher } from '../../scripts/lib/vouchers';
import { createParams, stampedUuid, useSandboxEngine } from './nodeTestKit';
import { account, passwordMd5 } from '../../scripts/lib/sandboxCredential';
import { secretsFoundIn, watchEverythingSeen } from './leakWatch';

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
		await run(createParams(invoiceVoucher(), { stampingMode: 'direct' }));
		await run(createParams());
		const pending = await run(createParams(invoiceVoucher(), { stamp: false }));
		const id = pending.items[0].json.idComprobante;
		await run({ resource: 'voucher', operation: 'get', voucherId: id as number });
		await run({ ...createParams(), operation: 'update', voucherId: id as number });
		await run({ ...createParams(), operation: 'validate' });
		const uuid = await stampedUuid(kit.engine);
		await run({
			resource: 'xml',
			operation: 'download',
			uuid,
			xmlOptions: { includeXmlText: true },
		});
		await run({ resource: 'pdf', operation: 'getLink', uuid, download: true });
		await run({
			resource: 'email',
			operation: 'send',
			uuid,
			to: 'a@example.com',
			subject: 's',
			message: 'm',
		});
		seen.push(JSON.stringify(await kit.engine.testCredential()));
		expect(kit.engine.credentials.history.length).toBeGreaterThan(0);
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
