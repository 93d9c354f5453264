import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { StampedCfdi } from '../stampedXml/stampedCfdi';
import { issuerFromFields, recipientFromFields } from './voucherBody';

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
