/**
 * Sending a voucher (stamping/sendVoucher.ts): Direct stamping of a sale the Duplicate Check
 * identifies (issue 32 item 4, createAndStamp), through n8n-core's
 * engine against the sandbox: a refused stamp stores nothing, so the corrected data leaves one
 * voucher; an unclear answer is settled by the sale's key on the list and never sent again. The
 * default Two-Phase mode is shown leaving its pending draft, the reason a page where buyers correct
 * their data chooses Direct. The order comes without its note attributes: the recipient is typed.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { corpusOrder } from '../../../support/corpusOrder';
import { getManyOfLastHour, orderParams, useSandboxEngine } from '../../../support/nodeTestKit';
import { REGISTERED_INDIVIDUAL, routes } from '../../../support/sandboxCredential';

const kit = useSandboxEngine();

const invoice = (postalCode: string, extra: INodeParameters = {}) =>
	kit.engine.runNode(
		orderParams({
			duplicateCheck: 'returnExisting',
			recipientData: { ...REGISTERED_INDIVIDUAL, domicilioFiscalReceptor: postalCode },
			options: { retryDelayMs: 20 },
			...extra,
		}),
		[{ ...corpusOrder('example-1'), note_attributes: [] } as IDataObject],
		{ typeVersion: 1.1, continueOnFail: true },
	);

const direct = { stampingMode: 'direct' };
const creates = () => routes(kit.sandbox, 'createVoucher').map((request) => request.query.emitir);

const getMany = () => getManyOfLastHour(kit.engine);

describe('Direct stamping of an identified sale: nothing left behind', () => {
	test('a postal code the SAT refuses (CFDI40147): nothing stored; the corrected data stamps; the sandbox holds one voucher and Get Many shows one', async () => {
		const refused = (await invoice('06000', direct)).items[0].json;
		expect(refused.error).toContain('The service refused the voucher: CFDI40147');
		expect(refused.description).toContain('Nothing was stored');
		expect(refused.refusal).toMatchObject({
			by: 'service',
			sent: true,
			path: 'receptor.domicilioFiscalReceptor',
			code: 'CFDI40147',
			value: '06000',
		});
		expect(kit.sandbox.vouchers.size).toBe(0);
		const corrected = (await invoice('01160', direct)).items[0].json;
		expect(corrected.status).toBe('stamped');
		// One call each, create-and-stamp: no pending save.
		expect(creates()).toEqual(['true', 'true']);
		expect(routes(kit.sandbox, 'updateVoucher')).toEqual([]);
		expect(
			[...kit.sandbox.vouchers.values()].map((voucher) => [
				voucher.body.serie,
				voucher.body.folio,
				voucher.stampCount,
			]),
		).toEqual([['A', '1001', 1]]);
		expect((await getMany()).map((voucher) => voucher.uuid)).toEqual([corrected.uuid]);
	});

	test('Two-Phase (the default) in a manual run (no static data kept, stamping/sendVoucher.drafts.engine.test.ts has the active workflow): the refused draft stays, the error gives its id, and the corrected data creates another voucher', async () => {
		const refused = (await invoice('06000')).items[0].json;
		expect(refused.status).toBe('rejected');
		expect(refused.idComprobante).toEqual(expect.any(Number));
		await invoice('01160');
		expect(
			[...kit.sandbox.vouchers.values()].map((voucher) => [voucher.body.folio, voucher.state]),
		).toEqual([
			['1001', 'pending'],
			['1001', 'stamped'],
		]);
	});

	test('a stamp whose answer never comes but which landed: found by the sale key on the list, the item is stamped, the request was sent once', async () => {
		kit.sandbox.injectFault({
			route: 'createVoucher',
			kind: 'timeout',
			perform: true,
			holdMs: 5_000,
		});
		const item = (
			await invoice('01160', { ...direct, options: { retryDelayMs: 20, timeout: 500 } })
		).items[0].json;
		expect(item.error).toBeUndefined();
		expect(item.status).toBe('stamped');
		const [voucher] = [...kit.sandbox.vouchers.values()];
		expect(item.uuid).toBe(voucher.uuid);
		expect(voucher.stampCount).toBe(1);
		expect(creates()).toEqual(['true']);
	});

	test('an unclear answer the list does not settle (HTTP 503, nothing stored): never sent again, the item needs the shop (stampUnclear); the next run stamps once', async () => {
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'status', status: 503, times: 1 });
		const item = (await invoice('01160', direct)).items[0].json;
		expect(item.error).toContain('Could not stamp the voucher');
		expect(item.description).toContain('may have stamped this voucher');
		expect(item.needsAttention).toEqual({
			reason: 'stampUnclear',
			message: expect.stringContaining('look it up with Voucher > Get Many'),
		});
		expect(creates()).toEqual(['true']);
		expect(routes(kit.sandbox, 'listVouchers').length).toBeGreaterThanOrEqual(4);
		const again = (await invoice('01160', direct)).items[0].json;
		expect(again.status).toBe('stamped');
		expect(kit.sandbox.stampCount()).toBe(1);
	});
});
