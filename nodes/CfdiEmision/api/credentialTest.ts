/**
 * The credential's test after its sign-in: one harmless call to the issuing API, the voucher list
 * of one day long past, at most one voucher. A call to the service, so it is written here, in api/.
 */
import type { ICredentialTestRequest } from 'n8n-workflow';

import { VOUCHERS_PATH } from './paths';

/** A one-day window in the past (Unix seconds): the test's list call reads at most one voucher, if any. */
const CREDENTIAL_TEST_LIST_WINDOW = { finicial: 1704088800, ffinal: 1704175199 };

export const CREDENTIAL_TEST_REQUEST: ICredentialTestRequest['request'] = {
	method: 'GET',
	url: VOUCHERS_PATH,
	qs: {
		...CREDENTIAL_TEST_LIST_WINDOW,
		nocomprobante: 0,
		tipoConfirmacionId: 0,
		skip: 0,
		take: 1,
	},
	headers: { Accept: 'application/json' },
};
