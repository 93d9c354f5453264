import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { StampedCfdi } from '../stampedXml/stampedCfdi';
import { FOLIO_FISCAL_PATTERN as UUID_PATTERN } from '../cfdi/cancellation';
import type { RequestSettings } from '../execution/requestSettings';
import { RunSession } from '../transport/transport';
import { downloadVoucherXml, type VoucherXml } from './voucherXml';

// Related invoices are read a few at a time, like XML → Download.
const READ_CONCURRENCY = 4;

type ItemInvoices =
	{ invoices: Map<string, StampedCfdi>; xml: Map<string, string> } | { error: unknown };

/**
 * The stamped invoices the items relate (payment receipts, credit notes), read from their XML
 * before the items are planned, so building a voucher stays local. Each UUID is downloaded once
 * per run. A failure belongs to the item that needed the invoice and is raised at its turn, so
 * one wrong UUID does not sink the other items (Continue On Fail).
 */
export class RelatedInvoices {
	private constructor(private readonly byItem: ItemInvoices[]) {}

	/** Reads the UUIDs `uuidsOf` names for each input item (it may throw for an item: kept as its error). */
	static async read(
		ctx: IExecuteFunctions,
		settings: RequestSettings,
		uuidsOf: (itemIndex: number) => string[],
	): Promise<RelatedInvoices> {
		const count = ctx.getInputData().length;
		const byItem: ItemInvoices[] = new Array(count);
		// One download per UUID: items that need the same invoice share it; after a failure each item tries on its own, so its error names it.
		const downloads = new Map<string, Promise<VoucherXml>>();
		let session: RunSession | undefined;
		const download = (uuid: string, itemIndex: number): Promise<VoucherXml> => {
			session ??= RunSession.fromNode(ctx, settings);
			return downloadVoucherXml(ctx, session, uuid, itemIndex, {
				action: `read the XML of related invoice ${uuid}`,
				subject: `related invoice ${uuid}`,
				consequence:
					'Nothing was stamped for this item: the voucher would have been built from the wrong document. Check the UUID and run the item again; if it repeats, give the invoice figures yourself with "Read Related Invoices From Their XML" off.',
			});
		};
		const readItem = async (itemIndex: number): Promise<ItemInvoices> => {
			const invoices = new Map<string, StampedCfdi>();
			const texts = new Map<string, string>();
			for (const given of uuidsOf(itemIndex)) {
				const uuid = given.trim();
				if (!UUID_PATTERN.test(uuid)) {
					throw new NodeOperationError(
						ctx.getNode(),
						`Item ${itemIndex}: related invoice UUID "${uuid}" is not a UUID.`,
						{
							itemIndex,
							description:
								'Use the 36-character UUID (folio fiscal) of the stamped invoice, e.g. the "uuid" a Create operation returned.',
						},
					);
				}
				const key = uuid.toUpperCase();
				if (invoices.has(key)) continue;
				let xml: VoucherXml;
				const shared = downloads.get(key);
				if (shared) {
					xml = await shared.catch(async () => await download(uuid, itemIndex));
				} else {
					const started = download(uuid, itemIndex);
					downloads.set(key, started);
					started.catch(() => downloads.delete(key));
					xml = await started;
				}
				invoices.set(key, xml.cfdi);
				texts.set(key, xml.xml);
			}
			return { invoices, xml: texts };
		};
		let next = 0;
		const worker = async () => {
			while (next < count) {
				const itemIndex = next++;
				try {
					byItem[itemIndex] = await readItem(itemIndex);
				} catch (error) {
					byItem[itemIndex] = { error };
				}
			}
		};
		await Promise.all(
			Array.from({ length: Math.min(READ_CONCURRENCY, Math.max(count, 1)) }, worker),
		);
		return new RelatedInvoices(byItem);
	}

	/** The item's invoices by upper-case UUID; throws the item's reading error. */
	of(itemIndex: number): Map<string, StampedCfdi> {
		const entry = this.byItem[itemIndex];
		if (!entry) return new Map();
		if ('error' in entry) throw entry.error;
		return entry.invoices;
	}

	/** The XML text of the item's invoices by upper-case UUID (the run's ledger reads them from here); none after an error. */
	xmlOf(itemIndex: number): Map<string, string> {
		const entry = this.byItem[itemIndex];
		return entry && 'xml' in entry ? entry.xml : new Map();
	}
}

/** An operation's related-invoices collection: its parameter, and the fix when an item leaves it empty. */
export interface RelatedCollection {
	/** e.g. "relatedInvoices.invoice" */
	parameter: string;
	emptyFix: string;
}

/** The item's entries of a related-invoices collection, and the invoice read for each (XML on). */
export interface RelatedEntries {
	entries: IDataObject[];
	/** "Read Related Invoices From Their XML" is on for the item. */
	fromXml: boolean;
	/** The stamped invoice of an entry, read from its XML before the run: ask only when `fromXml`. */
	invoiceOf(entry: IDataObject): StampedCfdi;
}

/** Reads the item's entries of `collection`; an empty one stops the item with its fix. */
export function relatedEntries(
	ctx: IExecuteFunctions,
	itemIndex: number,
	related: RelatedInvoices,
	collection: RelatedCollection,
): RelatedEntries {
	const entries = ctx.getNodeParameter(collection.parameter, itemIndex, []) as IDataObject[];
	if (entries.length === 0) {
		throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: Related Invoices is empty.`, {
			itemIndex,
			description: `${collection.emptyFix} Nothing was sent to the service.`,
		});
	}
	const fromXml = readsRelatedXml(ctx, itemIndex);
	const invoices = fromXml ? related.of(itemIndex) : undefined;
	return {
		entries,
		fromXml,
		invoiceOf: (entry) =>
			invoices?.get(
				String(entry.uuid ?? '')
					.trim()
					.toUpperCase(),
			) as StampedCfdi,
	};
}

export function readsRelatedXml(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return ctx.getNodeParameter('readRelatedXml', itemIndex, true) as boolean;
}

/** Reads the XML of the invoices in `collection` for the items that read it (see RelatedInvoices.read). */
export async function readRelatedInvoices(
	ctx: IExecuteFunctions,
	settings: RequestSettings,
	collection: RelatedCollection,
): Promise<RelatedInvoices> {
	return await RelatedInvoices.read(ctx, settings, (itemIndex) =>
		readsRelatedXml(ctx, itemIndex)
			? (ctx.getNodeParameter(collection.parameter, itemIndex, []) as IDataObject[]).map((entry) =>
					String(entry.uuid ?? ''),
				)
			: [],
	);
}

/** The "Read Related Invoices From Their XML" switch of an operation. */
export function readRelatedXmlField(
	description: string,
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties {
	return {
		displayName: 'Read Related Invoices From Their XML',
		name: 'readRelatedXml',
		type: 'boolean',
		default: true,
		description,
		displayOptions,
	};
}
