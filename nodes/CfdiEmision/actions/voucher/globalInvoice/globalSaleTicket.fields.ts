/** The field of Create Credit Note that makes the note the credit of a sale in a global invoice. */
import type { INodeProperties } from 'n8n-workflow';

import { GLOBAL_SALE_TICKET } from './saleCreditFromFields';

/** The field of Create Credit Note that turns it into the credit of a global invoice's sale. */
export function globalSaleTicketField(
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties {
	return {
		displayName: 'Ticket in the Global Invoice',
		name: GLOBAL_SALE_TICKET,
		type: 'string',
		default: '',
		placeholder: '1001',
		description:
			"For a refund or discount on a sale that went into a global invoice: its ticket number (the global invoice concept's NoIdentificacion). The note then goes to the general public (XAXX010101000, regime 616, use S01, the issuer's postal code), relates the global invoice given as the one Related Invoice (01), and credits at most the ticket's amount less earlier credit notes of it. Empty: a credit note to the related invoice's customer.",
		displayOptions,
	};
}
