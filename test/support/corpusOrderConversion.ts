/**
 * A corpus order (shopifyOrders.json) converted as a user's node would: the issuer's settings, and
 * what a case needs beyond them (an exchange rate, the general public without tax data).
 */
import { orderToVoucher } from '../../nodes/CfdiEmision/orders/orderToVoucher';
import type { OrderSettings } from '../../nodes/CfdiEmision/orders/settings';
import { corpusOrder } from './corpusOrder';

export const ORDER_ISSUER: OrderSettings = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
	serie: 'A',
};

/** Settings a case needs beyond the issuer (what a user would set in the node). */
const CASE_SETTINGS: Record<string, Partial<OrderSettings>> = {
	'usd-shop': { exchangeRate: '17.1234' },
	'no-tax-data-general-public': { withoutTaxData: 'generalPublic' },
};

export function convertCorpusOrder(key: string, settings: Partial<OrderSettings> = {}) {
	return orderToVoucher(corpusOrder(key), { ...ORDER_ISSUER, ...CASE_SETTINGS[key], ...settings });
}
