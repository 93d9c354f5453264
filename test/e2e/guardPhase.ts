/**
 * Requests stay on their hosts and no secret reaches any text, in a real n8n: one workflow whose
 * two Create nodes (Continue On Fail) meet a Base URL answering 307 to another loopback host, then
 * a service that echoes the request (Authorization header included) in its error body. Run with
 * `n8n execute`; asserts on the output items, the foreign host, the sandbox, and everything n8n
 * printed (its log lines and the run data it stores).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';

import { DEFAULT_ACCOUNT, type Sandbox } from '../../sandbox';
import { CFDI_CREDENTIAL_TYPE, CFDI_NODE_TYPE, type WorkflowJson } from '../support/examples';
import { invoiceVoucher } from '../support/vouchers';
import { startForeignHost } from '../support/foreignHost';
import { secretsFoundIn } from '../support/leakWatch';
import type { Checks } from './checks';
import { type N8nInstance } from './n8n';
import { outputJson } from './executionJson';

export const GUARD_WORKFLOW_ID = 'cfdiE2eGuardHosts01';

function stampNode(name: string, x: number, credential: { id: string; name: string }) {
	return {
		id: `guard-${x}`,
		name,
		type: CFDI_NODE_TYPE,
		// Version 1: only the hosts and the secrets are under test here, not 1.1's duplicate check.
		typeVersion: 1,
		position: [x, 0] as [number, number],
		parameters: {
			resource: 'voucher',
			operation: 'create',
			inputMode: 'json',
			stampingMode: 'direct',
			voucherJson: JSON.stringify(invoiceVoucher()),
		},
		credentials: { [CFDI_CREDENTIAL_TYPE]: { ...credential } },
		onError: 'continueRegularOutput',
	};
}

export function guardWorkflow(credential: { id: string; name: string }): WorkflowJson {
	return {
		id: GUARD_WORKFLOW_ID,
		name: 'Requests stay on their hosts, secrets stay out of texts (e2e)',
		nodes: [
			{
				id: 'guard-0',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			stampNode('Stamp, redirected elsewhere', 220, credential),
			stampNode('Stamp, answer echoes the request', 440, credential),
		],
		connections: {
			Start: { main: [[{ node: 'Stamp, redirected elsewhere', type: 'main', index: 0 }]] },
			'Stamp, redirected elsewhere': {
				main: [[{ node: 'Stamp, answer echoes the request', type: 'main', index: 0 }]],
			},
		},
		settings: { executionOrder: 'v1' },
	};
}

export async function guardPhase(
	checks: Checks,
	n8n: N8nInstance,
	sandbox: Sandbox,
	credential: { id: string; name: string },
	timings: Record<string, number>,
): Promise<void> {
	checks.section('Requests stay on their hosts; no secret in any text (n8n execute)');
	const foreign = await startForeignHost();
	try {
		await n8n.importWorkflows([guardWorkflow(credential)]);
		const stampedBefore = [...sandbox.vouchers.values()].filter(
			(voucher) => voucher.state === 'stamped',
		).length;
		const mark = sandbox.requests.length;
		sandbox.injectFault({
			route: 'createVoucher',
			kind: 'redirect',
			status: 307,
			location: `${foreign.url}{url}`,
		});
		sandbox.injectFault({ route: 'createVoucher', kind: 'echoRequest', framing: 'json' });
		const { run, cli } = await n8n.execute(GUARD_WORKFLOW_ID);
		timings['execute the hosts-and-secrets workflow'] = cli.ms;
		sandbox.clearFaults();
		const requests = sandbox.requests
			.slice(mark)
			.filter((request) => request.route === 'createVoucher');

		await checks.check(
			'a 307 to another host: nothing reaches that host, the item is an error naming both hosts, nothing stamped',
			() => {
				assert.equal(
					foreign.requests.length,
					0,
					`the foreign host received ${foreign.requests.length} request(s)`,
				);
				const [item] = outputJson(run, 'Stamp, redirected elsewhere');
				assert.match(
					String(item?.error),
					new RegExp(
						`the issuing API at ${sandbox.baseUrl} answered with a redirect \\(HTTP 307\\) to another host, ${foreign.url}\\.`,
					),
				);
				assert.match(
					String(item?.description),
					/Nothing was sent to .*, so nothing was stamped, sent or changed there/,
				);
				assert.notEqual(item?.status, 'stamped');
				assert.equal(
					[...sandbox.vouchers.values()].filter((voucher) => voucher.state === 'stamped').length,
					stampedBefore,
				);
			},
		);

		await checks.check(
			"an error body echoing the Authorization header and the request: no secret in the items, the run data or n8n's output",
			() => {
				const echoed = requests.find((request) => request.status === 400);
				assert.ok(
					echoed,
					`the echo was not served: ${requests.map((request) => request.status).join(', ')}`,
				);
				const bearer = String(echoed.headers.authorization ?? '').replace(/^Bearer /, '');
				assert.ok(bearer.length > 20, 'the echoed request carried no bearer token');
				const [item] = outputJson(run, 'Stamp, answer echoes the request');
				assert.match(String(item?.error), /HTTP 400 \(Request rejected: POST/);
				assert.match(String(item?.error), /\[redacted\]/);
				const secrets = [
					bearer,
					DEFAULT_ACCOUNT.password,
					createHash('md5').update(DEFAULT_ACCOUNT.password).digest('hex'),
					DEFAULT_ACCOUNT.clientSecret,
				];
				const everything = [JSON.stringify(run), cli.stdout, cli.stderr].join('\n');
				assert.deepEqual(secretsFoundIn(everything, secrets), []);
			},
		);
	} finally {
		await foreign.close();
	}
}
