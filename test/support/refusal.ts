import { KindInputError } from '../../nodes/CfdiEmision/cfdi/kinds/taxRates';
import { OrderInputError } from '../../nodes/CfdiEmision/orders/orderInputError';

/**
 * What a conversion refused: its OrderInputError, or a refusal of the voucher-kinds builders it
 * uses (their `field` is the path). Fails the test when nothing or something else is thrown.
 */
export function refusal(run: () => unknown): { path: string; message: string; fix: string } {
	try {
		run();
	} catch (error) {
		if (error instanceof OrderInputError) return error;
		if (error instanceof KindInputError)
			return { path: error.field, message: error.message, fix: error.fix };
		throw error;
	}
	throw new Error('expected an OrderInputError');
}
