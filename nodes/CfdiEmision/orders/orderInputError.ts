/**
 * A source record (an order, a line) that cannot become a voucher. `path` names the member of the
 * input at fault, e.g. `line_items[2].tax_lines[0].rate`; `fix` says what to change.
 */
export class OrderInputError extends Error {
	constructor(
		readonly path: string,
		message: string,
		readonly fix: string,
		/** The recipient's members missing (receptor.rfc, ...): the buyer's data, not the order's. */
		readonly recipientFields: string[] = [],
		/** The value refused, as given, when the error is about one member's value. */
		readonly value?: unknown,
	) {
		super(message);
		this.name = 'OrderInputError';
	}
}
