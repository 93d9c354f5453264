/**
 * The parties of a voucher that relates invoices (voucherInput/relatedParties.ts), through
 * n8n-core's engine against the sandbox as Create Payment Receipt runs it: the issuer and recipient
 * left empty are the related invoice's, read from its XML, without the invoice's CFDI use (the
 * receipt's own is CP01); a recipient typed in the fields is the one sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { useSandboxEngine } from '../../../support/nodeTestKit';
import { CUSTOMER, receiptParams, sentBody, stampInvoice } from '../../../support/kindsKit';

const kit = useSandboxEngine();

const invoiceBody = (uuid: string) =>
	[...kit.sandbox.vouchers.values()].find((voucher) => voucher.uuid === uuid)!.body;

describe('the parties of a payment receipt', () => {
	test("left empty: the related invoice's issuer and recipient, the recipient's CFDI use the receipt's own", async () => {
		const invoice = await stampInvoice(kit.sandbox);
		kit.sandbox.clearLog();
		const { error } = await kit.engine.runNode(
			receiptParams([{ uuid: invoice, amountPaid: 580 }]),
			[{}],
		);
		expect(error).toBeUndefined();
		const sent = sentBody(kit.sandbox) as IDataObject;
		const stamped = invoiceBody(invoice);
		expect((sent.emisor as IDataObject).rfc).toBe((stamped.emisor as IDataObject).rfc);
		expect(sent.receptor).toMatchObject({
			rfc: CUSTOMER.rfc,
			nombre: CUSTOMER.nombre,
			regimenFiscalReceptor: CUSTOMER.regimenFiscalReceptor,
			domicilioFiscalReceptor: CUSTOMER.domicilioFiscalReceptor,
			usoCFDI: 'CP01',
		});
	});

	test('a recipient typed in the fields is sent instead of the XML one; the issuer still comes from the XML', async () => {
		const invoice = await stampInvoice(kit.sandbox);
		kit.sandbox.clearLog();
		const { error } = await kit.engine.runNode(
			receiptParams([{ uuid: invoice, amountPaid: 580 }], {
				receptorRfc: 'XOJI740919U48',
				receptorNombre: 'INGRID XODAR JIMENEZ',
				receptorRegimenFiscal: '612',
				receptorDomicilioFiscal: '88965',
			}),
			[{}],
		);
		expect(error).toBeUndefined();
		const sent = sentBody(kit.sandbox) as IDataObject;
		expect(sent.receptor).toMatchObject({
			rfc: 'XOJI740919U48',
			nombre: 'INGRID XODAR JIMENEZ',
			regimenFiscalReceptor: '612',
			domicilioFiscalReceptor: '88965',
			usoCFDI: 'CP01',
		});
		expect((sent.emisor as IDataObject).rfc).toBe((invoiceBody(invoice).emisor as IDataObject).rfc);
	});
});
