/** A paid order whose invoice was PPD, and the receipt settings naming that invoice. */
import type { ReceiptSettings } from '../../nodes/CfdiEmision/orders/invoiceLink';
import { corpusOrder, type Order } from './corpusOrder';

export const INVOICE_UUID = '0A7F3B52-6C1D-4E8F-9A2B-3C4D5E6F7A8B';
export const SETTINGS: ReceiptSettings = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
	serie: 'A',
	invoiceUuid: INVOICE_UUID,
};

/** The corpus order paid later by bank deposit (invoiced PPD), now paid. */
export function paidOrder(amounts: string[] = ['20199.00']): Order {
	const order = corpusOrder('pending-bank-deposit');
	order.financial_status = 'paid';
	order.updated_at = '2026-11-28T12:30:00-06:00';
	order.transactions = amounts.map((amount, index) => ({
		id: 660000 + index,
		kind: 'sale',
		status: 'success',
		gateway: 'Bank Deposit',
		amount,
		processed_at: `2026-11-2${5 + index}T1${index}:00:00-06:00`,
	}));
	return order;
}
