/**
 * The pending drafts a refused Two-Phase stamp leaves, remembered by sale so that the corrected
 * submission of that sale stamps the same voucher (update and stamp) instead of creating a second
 * one beside it (issue 32 item 4). The service's list does not show pending vouchers and the spec
 * has no way to delete one, so the only place the draft's id lives is the run that saved it: it is
 * kept in the workflow's static data, which n8n saves after each production execution of an active
 * workflow (a form page, a trigger); a manual run from the editor keeps nothing.
 */
import type { IDataObject } from 'n8n-workflow';

import type { StampJob } from './plan';

interface Draft {
	/** The pending voucher's id (idComprobante). */
	id: number;
	/** The issuer it belongs to: a draft is never reused for another issuer's voucher. */
	issuer: string;
	/** When it was saved (ISO), so old entries can be dropped. */
	at: string;
}

// More than this many remembered drafts: the oldest go (a draft only matters until it is corrected).
const MAX_DRAFTS = 200;

/** The node's static data in the workflow (n8n's getWorkflowStaticData('node')), read when needed. */
export type NodeStaticData = () => IDataObject;

/** The remembered drafts; created only to remember one (a write marks the static data for saving). */
function drafts(nodeData: NodeStaticData, create = false): Record<string, Draft> {
	const data = nodeData();
	if (create) data.pendingDrafts ??= {};
	return (data.pendingDrafts ?? {}) as unknown as Record<string, Draft>;
}

function issuerOf(body: IDataObject): string {
	const emisor = (body.emisor ?? {}) as IDataObject;
	return String(emisor.rfc ?? '')
		.trim()
		.toUpperCase();
}

/** Only a sale the Duplicate Check identifies by a key the user gave (or its order/folio) has a draft to find. */
function saleKey(job: StampJob): string | undefined {
	const key = job.duplicate?.key.value;
	// A content key changes with the corrected content: it could never find its draft again.
	return key && !key.startsWith('content:') ? key : undefined;
}

/** The pending voucher a refused stamp of this sale left, when this workflow remembers one. */
export function rememberedDraft(nodeData: NodeStaticData, job: StampJob): number | undefined {
	const key = saleKey(job);
	if (!key || job.target.kind !== 'create' || job.mode !== 'twoPhase' || !job.stamp)
		return undefined;
	const draft = drafts(nodeData)[key];
	return draft && draft.issuer === issuerOf(job.voucher.body) ? draft.id : undefined;
}

/** Remembers the draft a refused stamp left (the voucher stays pending, the service said so). */
export function rememberDraft(nodeData: NodeStaticData, job: StampJob, id: number): void {
	const key = saleKey(job);
	if (!key) return;
	const all = drafts(nodeData, true);
	all[key] = { id, issuer: issuerOf(job.voucher.body), at: new Date().toISOString() };
	const keys = Object.keys(all);
	if (keys.length > MAX_DRAFTS)
		for (const old of keys
			.sort((a, b) => all[a].at.localeCompare(all[b].at))
			.slice(0, keys.length - MAX_DRAFTS))
			delete all[old];
}

/** The sale is stamped (its draft or another voucher): nothing is left to finish. */
export function forgetDraft(nodeData: NodeStaticData, job: StampJob): void {
	const key = saleKey(job);
	if (key && drafts(nodeData)[key]) delete drafts(nodeData)[key];
}
