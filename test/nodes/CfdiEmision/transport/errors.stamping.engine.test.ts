/** What the user reads when stamping goes wrong: two-phase stamping that could not finish says what is known and what to do; a related invoice whose XML is another voucher's is refused. */

import { invoiceVoucher } from '../../../support/vouchers';
import { apiClient } from '../../../support/sandboxHelpers';
import { issuingCalls, receiptParams, stampInvoice } from '../../../support/kindsKit';
import {
	createParams,
	ENGINE_GET_VOUCHER_SHAPE,
	useSandboxEngine,
	errorOf,
} from '../../../support/nodeTestKit';

const kit = useSandboxEngine();

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
