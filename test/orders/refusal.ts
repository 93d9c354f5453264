import { OrderInputError } from '../../nodes/CfdiEmision/cfdi/orders';

/** The OrderInputError a conversion throws; fails the test when it throws nothing or something else. */
export function refusal(run: () => unknown): OrderInputError {
	try {
		run();
	} catch (error) {
		if (error instanceof OrderInputError) return error;
		throw error;
	}
	throw new Error('expected an OrderInputError');
}
