/** Issuer and recipient fields of a voucher that relates invoices (payment receipt, credit note). */
import type { INodeProperties } from 'n8n-workflow';

import { askedFromVersion11, issuerRegimeField, voucherField } from './voucherForm.fields';

const FROM_XML = "Empty: taken from the first related invoice's XML.";

/**
 * Issuer and recipient fields of a voucher that relates invoices (payment receipt, credit note):
 * optional, since the related invoice's XML names both parties.
 */
export function relatedPartyFields(
	displayOptions: INodeProperties['displayOptions'],
	customer: string,
): INodeProperties[] {
	return [
		voucherField('emisorRfc', displayOptions, {
			required: false,
			description: `Taxpayer ID of the issuer (the credential's account). ${FROM_XML}`,
		}),
		voucherField('emisorNombre', displayOptions, {
			required: false,
			description: `Legal name of the issuer as registered with SAT. ${FROM_XML}`,
		}),
		...issuerRegimeField(displayOptions, {
			description: 'Tax regime of the issuer; used when Issuer RFC is given',
		}),
		voucherField('receptorRfc', displayOptions, {
			required: false,
			description: `Taxpayer ID of ${customer}. ${FROM_XML}`,
		}),
		voucherField('receptorNombre', displayOptions, {
			required: false,
			description: `Name of ${customer} exactly as in their tax certificate. ${FROM_XML}`,
		}),
		// Version 1.1: no preset regime; the list shows those that fit the Recipient RFC typed.
		...askedFromVersion11(
			voucherField('receptorRegimenFiscal', displayOptions, {
				description: 'Tax regime of the customer; used when Recipient RFC is given',
			}),
			{
				required: false,
				description: `Tax regime of ${customer} as on their tax certificate; used when Recipient RFC is given (the list shows the regimes that fit it). ${FROM_XML}`,
			},
		),
		voucherField('receptorDomicilioFiscal', displayOptions, {
			required: false,
			description: `Postal code of the customer's fiscal address. ${FROM_XML}`,
		}),
	];
}
