/**
 * The Order input mode's settings (invoice/orderSettings.fields.ts: payment forms per gateway,
 * recipient data, note attribute names, currency, folio, CFDI use) through n8n-core's engine
 * against the sandbox: the voucher sent follows what the shop set in the node. Moved from
 * orderInput.engine.test.ts with its case.
 */
import type { IDataObject } from 'n8n-workflow';

import { corpusOrder } from '../../../../../support/corpusOrder';
import { routes } from '../../../../../support/sandboxCredential';
import { orderParams, useSandboxEngine } from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();

function sentBodies(): IDataObject[] {
	return routes(kit.sandbox, 'createVoucher').map(
		(request) => JSON.parse(request.body) as IDataObject,
	);
}

describe('the order settings set in the node', () => {
	test('settings from the node: gateway table, recipient data from a lookup, note attribute names, shop currency, folio from the order name', async () => {
		const order = corpusOrder('usd-presentment');
		order.note_attributes = [{ name: 'tax_id', value: 'URE180429TM6' }];
		order.payment_gateway_names = ['Kueski Pay'];
		const { items, error } = await kit.engine.runNode(
			orderParams({
				stampingMode: 'direct',
				paymentForms: { gateway: [{ name: 'Kueski Pay', formaPago: '31' }] },
				recipientData: {
					rfc: 'URE180429TM6',
					nombre: 'Universidad Robotica Española',
					regimenFiscalReceptor: '601',
					domicilioFiscalReceptor: '65000',
				},
				orderOptions: {
					currency: 'shop',
					folio: 'orderName',
					rfcAttribute: 'tax_id, RFC',
					defaultUsoCfdi: 'I04',
				},
			}),
			[order],
		);
		expect(error).toBeUndefined();
		expect(sentBodies()[0]).toMatchObject({
			folio: '1008',
			formaPago: '31',
			metodoPago: 'PUE',
			moneda: 'MXN',
			total: 2240.61,
			receptor: { rfc: 'URE180429TM6', nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', usoCFDI: 'I04' },
		});
		expect(items[0].json.order).toMatchObject({ orderTotal: 2240.61, voucherTotal: 2240.61 });
	});
});
