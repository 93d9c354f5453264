import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { StampedCfdi } from '../cfdi';
import { issuerFromFields, recipientFromFields } from './voucherBody';
import { voucherField } from './voucherInputFields';

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
		voucherField('emisorRegimenFiscal', displayOptions, {
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
		voucherField('receptorRegimenFiscal', displayOptions, {
			description: 'Tax regime of the customer; used when Recipient RFC is given',
		}),
		voucherField('receptorDomicilioFiscal', displayOptions, {
			required: false,
			description: `Postal code of the customer's fiscal address. ${FROM_XML}`,
		}),
	];
}

/** Issuer and recipient from the fields when given, else from the related invoice (usoCFDI is the caller's). */
export function relatedParties(
	ctx: IExecuteFunctions,
	itemIndex: number,
	invoice: StampedCfdi | undefined,
): { emisor: IDataObject; receptor: IDataObject } {
	const fields = recipientFromFields(ctx, itemIndex);
	const receptor: IDataObject = !fields.rfc && invoice ? { ...invoice.receptor } : fields;
	delete receptor.usoCFDI;
	const issuer = issuerFromFields(ctx, itemIndex);
	return { emisor: !issuer.rfc && invoice ? { ...invoice.emisor } : issuer, receptor };
}
