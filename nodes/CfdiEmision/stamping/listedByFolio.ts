/**
 * The run's listed vouchers (its one read, then this run's own stamps) grouped by folio as the
 * identity rule compares it, so that each item reads only the vouchers that may carry its key
 * instead of the whole window: the check's cost per item stops growing with the list (issue 40
 * item 5). Pure.
 */
import { folioCode, type ListedSale } from '../identity/saleIdentity';
import type { BusinessKey } from '../cfdi/voucherSource';

export class ListedByFolio {
	private readonly all: ListedSale[] = [];

	/** Positions in `all` by folio code; '' holds the vouchers listed without a folio. */
	private readonly positions = new Map<string, number[]>();

	constructor(listed: Iterable<ListedSale> = []) {
		for (const voucher of listed) this.add(voucher);
	}

	add(voucher: ListedSale): void {
		const code = folioCode(voucher.folio);
		const at = this.positions.get(code);
		if (at) at.push(this.all.length);
		else this.positions.set(code, [this.all.length]);
		this.all.push(voucher);
	}

	/**
	 * Every voucher listed under the key's folio or its former one, or without a folio (the list may
	 * have left it out), in list order: a superset of those judgeListed weighs for either folio.
	 */
	near(key: Pick<BusinessKey, 'folio' | 'formerFolio'>): ListedSale[] {
		const codes = new Set(['', folioCode(key.folio), folioCode(key.formerFolio)]);
		const found = [...codes].flatMap((code) => this.positions.get(code) ?? []);
		return found.sort((a, b) => a - b).map((position) => this.all[position]);
	}
}
