/** The Duplicate Check's engine tests share these: a sandbox with what it stamped and the API routes it was sent. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { SandboxOptions } from '../../../../sandbox';
import { useSandboxEngine } from '../../../support/nodeTestKit';

/** New nodes are version 1.1: Duplicate Check defaults to Return Existing there. */
export const V11 = { typeVersion: 1.1 };

/** An output item's JSON. */
export const json = (items: INodeExecutionData[], index = 0) => items[index]?.json as IDataObject;

/** The engine on a sandbox of its own (per file or describe), with the vouchers stamped and the API routes received. */
export function useCheckSandbox(options: SandboxOptions = {}) {
	const kit = useSandboxEngine(options);
	const stamped = () =>
		[...kit.sandbox.vouchers.values()].filter((voucher) => voucher.state === 'stamped');
	const routes = () =>
		kit.sandbox.requests.filter((request) => request.server === 'api').map((r) => r.route);
	return { kit, stamped, routes };
}
