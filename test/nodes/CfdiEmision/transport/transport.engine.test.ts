/**
 * Also covers: nodes/CfdiEmision/network/backoff.ts, nodes/CfdiEmision/transport/serviceError.ts (the pause before a retry and the service's error answers these faults produce).
 */
import type { INodeParameters } from 'n8n-workflow';

import { startSandbox } from '../../../../sandbox';
import { invoiceVoucher } from '../../../support/vouchers';
import {
	createParams,
	ENGINE_GET_VOUCHER_SHAPE,
	stampedUuid,
	useSandboxEngine,
} from '../../../support/nodeTestKit';
import { routes, sandboxCredential } from '../../../support/sandboxCredential';
import { waitFor } from '../../../support/sandboxHelpers';

const kit = useSandboxEngine();

/** Three vouchers through the node, each item mapping its own voucher. */
const threeItems = [0, 1, 2].map((i) => ({
	voucher: invoiceVoucher({ descripcionFacturador: `order ${i}` }),
}));
const fromItems = (extra: INodeParameters = {}) => ({
	...createParams(),
	voucherJson: '={{ JSON.stringify($json.voucher) }}',
	// Faults of the stamp protocol are under test; the Duplicate Check (on by default) has its own tests.
	duplicateCheck: 'off',
	...extra,
	options: { retryDelayMs: 1, ...((extra.options as object) ?? {}) },
});
/** A short client timeout so the sandbox's held answer becomes a timeout quickly. */
const shortTimeout = { requestOptions: { timeout: 1500 } };

function expectNoVoucherStampedTwice() {
	for (const voucher of kit.sandbox.vouchers.values())
		expect(voucher.stampCount).toBeLessThanOrEqual(1);
}

describe('fault matrix (Continue On Fail: one output item per input item)', () => {
	test('a burst of 401s: each affected item signs in again and goes through', async () => {
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'unauthorized', after: 1 });
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'unauthorized', after: 1 });
		const { items } = await kit.engine.runNode(fromItems({ stampingMode: 'direct' }), threeItems, {
			continueOnFail: true,
		});
		expect(items.map((item) => item.json.status)).toEqual(['stamped', 'stamped', 'stamped']);
		expect(routes(kit.sandbox, 'createVoucher').map((r) => r.status)).toEqual([
			200, 401, 200, 401, 200,
		]);
		expect(
			routes(kit.sandbox, 'token').map((r) => new URLSearchParams(r.body).get('grant_type')),
		).toEqual(['password', 'refresh_token', 'refresh_token']);
		expect(kit.sandbox.stampCount()).toBe(3);
		expectNoVoucherStampedTwice();
	});

	test('a 401 that persists after signing in again fails that item only', async () => {
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'unauthorized', times: 2, after: 1 });
		const { items } = await kit.engine.runNode(fromItems({ stampingMode: 'direct' }), threeItems, {
			continueOnFail: true,
		});
		expect(items.map((item) => item.json.status)).toEqual(['stamped', undefined, 'stamped']);
		expect(items[1].json.error).toBe(
			'Item 1: Could not stamp the voucher: the service answered HTTP 401',
		);
		expect(items[1].json.description).toContain(
			'rejected the access token even after signing in again',
		);
		expect(kit.sandbox.stampCount()).toBe(2);
	});

	test('500 on a direct stamp that stored and stamped the voucher: not retried, the error says how to check', async () => {
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'storeThen500', after: 1 });
		const { items } = await kit.engine.runNode(fromItems({ stampingMode: 'direct' }), threeItems, {
			continueOnFail: true,
		});
		expect(items).toHaveLength(3);
		expect(items[1].json.error).toBe(
			'Item 1: Could not stamp the voucher: the service answered HTTP 500 (An error has occurred.)',
		);
		expect(items[1].json.description).toContain('may have stored or stamped this voucher');
		expect(items[1].json.description).toContain('series A, recipient URE180429TM6, total 1000.75');
		expect(routes(kit.sandbox, 'createVoucher')).toHaveLength(3);
		expect(kit.sandbox.stampCount()).toBe(3);
		expectNoVoucherStampedTwice();
	});

	test('500 on a two-phase stamp that stamped the voucher: read back, reported stamped once', async () => {
		kit.sandbox.injectFault({ route: 'updateVoucher', kind: 'storeThen500' });
		const { items, error } = await kit.engine.runNode(fromItems(), threeItems.slice(0, 1), {
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		const [stored] = [...kit.sandbox.vouchers.values()];
		expect(items[0].json).toEqual({
			esValido: true,
			idComprobante: stored.id,
			errores: null,
			uuid: stored.uuid,
			subEstatusId: 2,
			descripcion: null,
			status: 'stamped',
		});
		expect(
			kit.sandbox.requests.filter((r) => r.server === 'api').map((r) => `${r.route}:${r.status}`),
		).toEqual([
			'createVoucher:200',
			'updateVoucher:500',
			'getVoucher:200',
			// A body-only read-back says nothing of the state: the list shows the voucher stamped.
			...(ENGINE_GET_VOUCHER_SHAPE === 'bodyOnly' ? ['listVouchers:200'] : []),
		]);
		expect(stored.stampCount).toBe(1);
	});

	test('500 on a two-phase stamp that did not stamp: read back pending, the same id is stamped again', async () => {
		kit.sandbox.injectFault({
			route: 'updateVoucher',
			kind: 'status',
			status: 503,
			body: '{"message":"Service Unavailable"}',
		});
		const { items } = await kit.engine.runNode(fromItems(), threeItems.slice(0, 1), {
			continueOnFail: true,
		});
		expect(items[0].json.status).toBe('stamped');
		expect(
			kit.sandbox.requests.filter((r) => r.server === 'api').map((r) => `${r.route}:${r.status}`),
		).toEqual([
			'createVoucher:200',
			'updateVoucher:503',
			'getVoucher:200',
			...(ENGINE_GET_VOUCHER_SHAPE === 'bodyOnly' ? ['listVouchers:200'] : []),
			'updateVoucher:200',
		]);
		expect(kit.sandbox.vouchers.size).toBe(1);
		expectNoVoucherStampedTwice();
	});

	test('timeout on a direct stamp (the service stamped it): one request, the error says it may be stamped', async () => {
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'timeout', holdMs: 10_000 });
		const { items } = await kit.engine.runNode(
			fromItems({ stampingMode: 'direct', ...shortTimeout }),
			threeItems.slice(0, 2),
			{ continueOnFail: true },
		);
		expect(items).toHaveLength(2);
		expect(items[0].json.error).toBe(
			'Item 0: Could not stamp the voucher: No answer from the service (timed out).',
		);
		expect(items[0].json.description).toContain('could stamp it twice');
		expect(items[1].json.status).toBe('stamped');
		expect(routes(kit.sandbox, 'createVoucher')).toHaveLength(2);
		expect(kit.sandbox.stampCount()).toBe(2);
		expectNoVoucherStampedTwice();
	});

	test('timeout on a two-phase stamp: read back shows it stamped, no second stamp', async () => {
		kit.sandbox.injectFault({ route: 'updateVoucher', kind: 'timeout', holdMs: 10_000 });
		const { items } = await kit.engine.runNode(fromItems(shortTimeout), threeItems.slice(0, 2), {
			continueOnFail: true,
		});
		expect(items.map((item) => item.json.status)).toEqual(['stamped', 'stamped']);
		expect(routes(kit.sandbox, 'updateVoucher')).toHaveLength(2);
		expect(kit.sandbox.stampCount()).toBe(2);
		expectNoVoucherStampedTwice();
	});

	test('a slow two-phase stamp that lands after the client gave up: the second PUT on the same id cannot stamp twice', async () => {
		kit.sandbox.injectFault({
			route: 'updateVoucher',
			kind: 'timeout',
			perform: 'afterHold',
			holdMs: 2500,
		});
		const { items } = await kit.engine.runNode(
			fromItems({ requestOptions: { timeout: 1000 } }),
			threeItems.slice(0, 1),
			{ continueOnFail: true },
		);
		const [stored] = [...kit.sandbox.vouchers.values()];
		expect(items[0].json).toMatchObject({
			status: 'stamped',
			uuid: stored.uuid,
			idComprobante: stored.id,
		});
		// The held first PUT now performs, on a voucher that is already stamped: refused (FAC121).
		const [late, second] = routes(kit.sandbox, 'updateVoucher');
		expect(late.late).toBeUndefined();
		await waitFor(() => late.late !== undefined);
		expect(routes(kit.sandbox, 'updateVoucher')).toHaveLength(2);
		expect([late.status, late.late]).toEqual([0, { status: 200, codes: ['FAC121'] }]);
		expect([second.status, second.late]).toEqual([200, undefined]);
		expect(stored.stampCount).toBe(1);
		expect(kit.sandbox.vouchers.size).toBe(1);
	});

	test('connection reset after a two-phase stamp: resolved by reading back', async () => {
		kit.sandbox.injectFault({ route: 'updateVoucher', kind: 'connectionReset' });
		const { items } = await kit.engine.runNode(fromItems(), threeItems.slice(0, 1), {
			continueOnFail: true,
		});
		expect(items[0].json.status).toBe('stamped');
		expect(kit.sandbox.stampCount()).toBe(1);
	});

	test('FAC119 then success', async () => {
		kit.sandbox.injectFault({ route: 'updateVoucher', kind: 'seriesBusy', times: 2 });
		const { items } = await kit.engine.runNode(fromItems(), threeItems.slice(0, 1), {
			continueOnFail: true,
		});
		expect(items[0].json.status).toBe('stamped');
		expect(routes(kit.sandbox, 'updateVoucher').length).toBe(3);
		expect(kit.sandbox.stampCount()).toBe(1);
	});

	test('FAC119 that does not clear: an error that says nothing was stored', async () => {
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'seriesBusy', times: 10 });
		const { items } = await kit.engine.runNode(
			fromItems({ stampingMode: 'direct', options: { busyRetries: 2 } }),
			threeItems.slice(0, 1),
			{ continueOnFail: true },
		);
		expect(items[0].json.error).toBe(
			'Item 0: Could not stamp the voucher: the series is still busy (FAC119) after 3 attempts; nothing was stored',
		);
		expect(items[0].json.description).toContain('this request changed nothing');
		expect(items[0].json.description).toContain(
			'Run the item again later, or raise "Busy Series Retries"',
		);
		expect(kit.sandbox.vouchers.size).toBe(0);
	});

	test('HTTP 429 is retried after a pause', async () => {
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'rateLimited' });
		const { items } = await kit.engine.runNode(
			fromItems({ stampingMode: 'direct' }),
			threeItems.slice(0, 1),
			{ continueOnFail: true },
		);
		expect(items[0].json.status).toBe('stamped');
		expect(routes(kit.sandbox, 'createVoucher').map((r) => r.status)).toEqual([429, 200]);
	});

	test('malformed JSON on a direct stamp answer: an error, never a half-read result, not retried', async () => {
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'malformedJson' });
		const { items } = await kit.engine.runNode(
			fromItems({ stampingMode: 'direct' }),
			threeItems.slice(0, 2),
			{ continueOnFail: true },
		);
		expect(items[0].json.error).toMatch(
			/^Item 0: Could not stamp the voucher: The service answered the voucher request with malformed JSON: /,
		);
		expect(items[1].json.status).toBe('stamped');
		expect(routes(kit.sandbox, 'createVoucher')).toHaveLength(2);
	});

	test('HTML instead of XML', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'downloadXml', kind: 'html' });
		const { items } = await kit.engine.runNode(
			{ resource: 'xml', operation: 'download', uuid: '={{ $json.uuid }}' },
			[{ uuid }, { uuid }],
			{ continueOnFail: true },
		);
		expect(items).toHaveLength(2);
		expect(items[0].json.error).toContain('with an HTML page, not a CFDI XML');
		expect(items[1].binary?.data?.fileName).toBe(`${uuid}.xml`);
	});

	test('PDF link not ready, then ready; and an expired link', async () => {
		const uuid = await stampedUuid(kit.engine);
		kit.sandbox.injectFault({ route: 'getPdfLink', kind: 'pdfNotReady', times: 2 });
		kit.sandbox.injectFault({ route: 'getPdfLink', kind: 'expiredLink' });
		const { items } = await kit.engine.runNode(
			{
				resource: 'pdf',
				operation: 'getLink',
				uuid: '={{ $json.uuid }}',
				download: true,
				pdfOptions: { linkRetryDelayMs: 1 },
			},
			[{ uuid }, { uuid }],
			{ continueOnFail: true },
		);
		expect(items).toHaveLength(2);
		const outcomes = items.map((item) => (item.json.error ? 'error' : 'pdf'));
		expect(outcomes.sort()).toEqual(['error', 'pdf']);
		expect(items.find((item) => item.json.error)?.json.error).toMatch(/the PDF link expired at/);
		expect(routes(kit.sandbox, 'blob').every((r) => r.headers.authorization === undefined)).toBe(
			true,
		);
	});

	test('connection refused: nothing happened, every item says so', async () => {
		const closed = await startSandbox();
		const baseUrl = closed.baseUrl;
		await closed.close();
		kit.engine.setCredential(sandboxCredential(kit.sandbox, { baseUrl }));
		const { items } = await kit.engine.runNode(fromItems({ stampingMode: 'direct' }), threeItems, {
			continueOnFail: true,
		});
		expect(items).toHaveLength(3);
		for (const [i, item] of items.entries()) {
			expect(item.json.error).toBe(
				`Item ${i}: Could not stamp the voucher: The service could not be reached (connection refused).`,
			);
			expect(item.json.description).toContain('nothing happened there');
		}
		expect(kit.sandbox.vouchers.size).toBe(0);
	});
});
