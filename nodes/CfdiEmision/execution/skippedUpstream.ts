/**
 * An item a previous CFDI node skipped on purpose (e.g. an order without tax data: `status:
 * "skipped"`, `skipped: { reason, message }`) has no voucher. A node that needs a voucher's UUID or
 * id passes such an item on unchanged instead of failing on its empty UUID, and says why in the
 * run's hints, so that one skipped order does not break the chain.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/** Thrown where a voucher reference is read; runItems passes the item on instead of failing it. */
export class SkippedUpstream extends Error {
	constructor(
		readonly itemIndex: number,
		message: string,
	) {
		super(message);
		this.name = 'SkippedUpstream';
	}
}

/** The skip a previous node recorded on the item, if any. */
export function upstreamSkip(
	ctx: IExecuteFunctions,
	itemIndex: number,
): { reason?: string; message?: string } | undefined {
	const json = ctx.getInputData()[itemIndex]?.json;
	if (!json || json.status !== 'skipped') return undefined;
	const skipped =
		json.skipped && typeof json.skipped === 'object' ? (json.skipped as IDataObject) : {};
	return {
		reason: typeof skipped.reason === 'string' ? skipped.reason : undefined,
		message: typeof skipped.message === 'string' ? skipped.message : undefined,
	};
}

/**
 * When the voucher reference (`what`, e.g. `UUID`) is missing because the item was skipped upstream:
 * the SkippedUpstream to throw, saying why. Undefined for any other item (its own error applies).
 */
export function skippedUpstreamFor(
	ctx: IExecuteFunctions,
	itemIndex: number,
	what: string,
): SkippedUpstream | undefined {
	const skip = upstreamSkip(ctx, itemIndex);
	if (!skip) return undefined;
	const why = skip.message ?? (skip.reason ? `reason: ${skip.reason}` : 'no reason given');
	return new SkippedUpstream(
		itemIndex,
		`Item ${itemIndex} has no voucher ${what}: a previous node skipped it (${why}). It is passed on unchanged; nothing was sent.`,
	);
}

/** The note shown in the node's output panel for the items passed on. */
export function skippedItemsHint(skips: ReadonlyArray<SkippedUpstream>): string {
	if (skips.length === 1) return skips[0].message;
	return `${skips.length} items were skipped by a previous node and are passed on unchanged (nothing was sent for them): ${skips
		.slice(0, 3)
		.map((skip) => skip.message)
		.join(' ')}${skips.length > 3 ? ' ...' : ''}`;
}

/** The output of an item skipped on purpose: the item saying why, or nothing ("Skipped Items": Drop). */
export function skippedItemOutput(
	ctx: IExecuteFunctions,
	itemIndex: number,
	output: IDataObject,
): INodeExecutionData[] {
	return ctx.getNodeParameter('skippedItems', itemIndex, 'passOn') === 'drop'
		? []
		: [{ json: output }];
}
