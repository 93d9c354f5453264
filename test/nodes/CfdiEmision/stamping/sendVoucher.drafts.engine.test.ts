/**
 * No draft left behind under Two-Phase, the default (issue 32 item 4), through n8n-core's engine
 * against the sandbox: a stamp the service refuses leaves its pending voucher, and the corrected
 * submission of the same sale (an order, or a mapped Duplicate Check Key) stamps that voucher
 * (update and stamp, no second create), when the workflow's static data is kept between runs as
 * n8n keeps it for an active workflow. A keyless sale whose content changed cannot be told to be
 * the same sale: its draft stays (no fiscal effect; the spec has no way to delete it).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { corpusOrder } from '../../../support/corpusOrder';
import { invoiceVoucher } from '../../../support/vouchers';
import {
	createParams,
	getManyOfLastHour,
	orderParams,
	useSandboxEngine,
} from '../../../support/nodeTestKit';
import { REGISTERED_INDIVIDUAL, routes } from '../../../support/sandboxCredential';

const kit = useSandboxEngine();
// An active workflow: n8n saves its static data after each production execution.
beforeEach(() => {
	kit.engine.staticData = {};
});

const run = (parameters: INodeParameters, input: IDataObject[] = [{}]) =>
	kit.engine.runNode(parameters, input, { typeVersion: 1.1, continueOnFail: true });

const getMany = () => getManyOfLastHour(kit.engine);

const stored = () =>
	[...kit.sandbox.vouchers.values()].map((voucher) => [
		voucher.body.folio,
		voucher.state,
		voucher.stampCount,
	]);

describe('Two-Phase: the corrected submission stamps the refused draft', () => {
	test('an order (its number is the folio): refused for CFDI40147, then corrected: the same voucher is updated and stamped, Get Many shows one voucher, stamped', async () => {
		const order = (postalCode: string) =>
			run(
				orderParams({
					duplicateCheck: 'returnExisting',
					recipientData: { ...REGISTERED_INDIVIDUAL, domicilioFiscalReceptor: postalCode },
				}),
				[{ ...corpusOrder('example-1'), note_attributes: [] } as IDataObject],
			);
		const refused = (await order('06000')).items[0].json;
		expect(refused).toMatchObject({ status: 'rejected', refusal: { code: 'CFDI40147' } });
		const draft = Number(refused.idComprobante);
		expect(draft).toBeGreaterThan(0);

		const corrected = (await order('01160')).items[0].json;
		expect(corrected.status).toBe('stamped');
		// One create (the first, pending); the corrected data went to the draft's id.
		expect(routes(kit.sandbox, 'createVoucher')).toHaveLength(1);
		const puts = routes(kit.sandbox, 'updateVoucher');
		expect(puts.map((request) => request.pathname.endsWith(`/${draft}`))).toEqual([true, true]);
		expect(
			(JSON.parse(puts[1].body) as { receptor: IDataObject }).receptor.domicilioFiscalReceptor,
		).toBe('01160');
		expect(stored()).toEqual([['1001', 'stamped', 1]]);
		expect((await getMany()).map((voucher) => voucher.uuid)).toEqual([corrected.uuid]);

		// Stamped: nothing is remembered any more, a third run is answered with the voucher.
		const again = (await order('01160')).items[0].json;
		expect([again.status, again.uuid]).toEqual(['alreadyStamped', corrected.uuid]);
		expect(routes(kit.sandbox, 'updateVoucher')).toHaveLength(2);
	});

	test('a sale with a mapped Duplicate Check Key: the corrected voucher stamps the draft, one voucher left', async () => {
		const sale = (postalCode: string) => {
			const voucher = invoiceVoucher();
			delete voucher.folio;
			Object.assign(voucher.receptor as IDataObject, {
				...REGISTERED_INDIVIDUAL,
				usoCFDI: 'G03',
				domicilioFiscalReceptor: postalCode,
			});
			return run(createParams(voucher, { duplicateCheckKey: '5001' }));
		};
		const first = (await sale('06000')).items[0].json;
		expect(first).toMatchObject({ status: 'rejected' });
		const corrected = (await sale('01160')).items[0].json;
		expect(corrected.status).toBe('stamped');
		expect(routes(kit.sandbox, 'createVoucher')).toHaveLength(1);
		expect(stored()).toEqual([['5001', 'stamped', 1]]);
		expect((await getMany()).map((voucher) => voucher.uuid)).toEqual([corrected.uuid]);
	});

	test('another sale is never stamped on a remembered draft: a different order creates its own voucher', async () => {
		const refused = await run(
			orderParams({
				recipientData: { ...REGISTERED_INDIVIDUAL, domicilioFiscalReceptor: '06000' },
			}),
			[{ ...corpusOrder('example-1'), note_attributes: [] } as IDataObject],
		);
		expect(refused.items[0].json.status).toBe('rejected');
		const other = await run(orderParams({ recipientData: REGISTERED_INDIVIDUAL }), [
			{
				...corpusOrder('example-1'),
				id: 5829364219999,
				name: '#1002',
				order_number: 1002,
				note_attributes: [],
			} as IDataObject,
		]);
		expect(other.items[0].json.status).toBe('stamped');
		expect(stored()).toEqual([
			['1001', 'pending', 0],
			['1002', 'stamped', 1],
		]);
	});

	test('a keyless sale whose corrected content differs is another content: its draft stays pending (the spec cannot delete it), the corrected one is stamped', async () => {
		const sale = (postalCode: string) => {
			const voucher = invoiceVoucher();
			delete voucher.folio;
			Object.assign(voucher.receptor as IDataObject, {
				...REGISTERED_INDIVIDUAL,
				domicilioFiscalReceptor: postalCode,
			});
			return run(createParams(voucher));
		};
		const refused = (await sale('06000')).items[0].json;
		expect(refused.status).toBe('rejected');
		expect(refused.description).toContain(`idComprobante ${String(refused.idComprobante)}`);
		expect((await sale('01160')).items[0].json.status).toBe('stamped');
		expect(stored().map(([, state]) => state)).toEqual(['pending', 'stamped']);
	});
});
