/**
 * A voucher as the voucher list gives it (ListedSale): stamped, series A folio 1001, for
 * URE180429TM6, 1,160 MXN, with these members changed; each call a new UUID and voucher id.
 */
import type { ListedSale } from '../../nodes/CfdiEmision/identity/saleIdentity';

let id = 0;
export const listedSale = (over: Partial<ListedSale> = {}): ListedSale => {
	id += 1;
	return {
		uuid: `UUID-${id}`,
		voucherId: id,
		date: `2026-11-2${id % 10}T10:00:00`,
		status: 'stamped',
		statusDescription: null,
		series: 'A',
		folio: '1001',
		recipientRfc: 'URE180429TM6',
		total: 1160,
		currency: 'MXN',
		...over,
	};
};
