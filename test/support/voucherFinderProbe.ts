/**
 * A probe node for tests: runs the list finder (api/voucherList.ts) inside n8n's real execution
 * context, so it signs in through the package's credential and pages the sandbox's list over HTTP.
 * Parameters: `keys` (JSON array of VoucherListKey), `from` / `to` (Unix seconds), `allMatches`.
 * Output: one item per key, `{ matches: VoucherRecord[] }`.
 */
import type { IDataObject, IExecuteFunctions, INode, INodeType } from 'n8n-workflow';

import { findOnVoucherList, type VoucherListKey } from '../../nodes/CfdiEmision/api/voucherList';
import { RunSession } from '../../nodes/CfdiEmision/transport/transport';
import { CREDENTIAL_ID, CREDENTIAL_TYPE } from './engine/engine';

export const FINDER_PROBE_TYPE = 'test.voucherFinderProbe';

export const voucherFinderProbe: INodeType = {
	description: {
		displayName: 'Voucher Finder Probe',
		name: 'voucherFinderProbe',
		group: ['transform'],
		version: 1,
		description: 'Runs findOnVoucherList (test only)',
		defaults: { name: 'Probe' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [
			{ displayName: 'Keys', name: 'keys', type: 'string', default: '[]' },
			{ displayName: 'From', name: 'from', type: 'number', default: 0 },
			{ displayName: 'To', name: 'to', type: 'number', default: 0 },
			{ displayName: 'All Matches', name: 'allMatches', type: 'boolean', default: false },
		],
	},
	async execute(this: IExecuteFunctions) {
		const keys = JSON.parse(String(this.getNodeParameter('keys', 0))) as VoucherListKey[];
		const window = {
			from: Number(this.getNodeParameter('from', 0)),
			to: Number(this.getNodeParameter('to', 0)),
		};
		const firstMatchOnly = !this.getNodeParameter('allMatches', 0, false);
		const found = await findOnVoucherList(this, new RunSession('', 60_000, false), keys, window, {
			firstMatchOnly,
		});
		return [found.map((matches) => ({ json: { matches: matches as unknown as IDataObject[] } }))];
	},
};

export function probeNode(
	keys: VoucherListKey[],
	window: { from: number; to: number },
	allMatches = false,
): INode {
	return {
		id: 'probe',
		name: 'Probe',
		type: FINDER_PROBE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { keys: JSON.stringify(keys), from: window.from, to: window.to, allMatches },
		credentials: { [CREDENTIAL_TYPE]: { id: CREDENTIAL_ID, name: 'CFDI test' } },
	};
}
