/**
 * The issuer and recipient fields of a voucher that relates invoices (fields/relatedParties.fields.ts)
 * as the editor shows them on Create Credit Note and Create Payment Receipt: optional, each saying
 * that an empty one is taken from the related invoice's XML, the recipient named as that
 * operation's customer.
 */
import { voucherDescription } from '../../../../../../nodes/CfdiEmision/actions/voucher/Voucher.resource';
import { fieldsShownFor } from '../../../../../support/resourceKit';

const PARTY_FIELDS = [
	'emisorRfc',
	'emisorNombre',
	'receptorRfc',
	'receptorNombre',
	'receptorDomicilioFiscal',
];

describe('the parties of a voucher that relates invoices', () => {
	test.each([
		['createCreditNote', 'the customer of the related invoice'],
		['createPaymentReceipt', 'the customer who paid'],
	])('%s: optional, an empty one taken from the related XML', (operation, customer) => {
		const fields = fieldsShownFor(voucherDescription, 'voucher', operation);
		for (const name of PARTY_FIELDS) {
			const field = fields.find((one) => one.name === name);
			expect(field?.required).toBe(false);
			expect(field?.description).toContain("Empty: taken from the first related invoice's XML.");
		}
		expect(fields.find((one) => one.name === 'receptorRfc')?.description).toBe(
			`Taxpayer ID of ${customer}. Empty: taken from the first related invoice's XML.`,
		);
	});
});
