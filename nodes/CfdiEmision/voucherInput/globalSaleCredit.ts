/**
 * Create Credit Note for a sale of a global invoice ("Ticket in the Global Invoice" given): before
 * the items are planned, each such item reads its global invoice's XML (tickets, amounts, taxes,
 * period) and the credit notes already issued against that ticket (the voucher list from the
 * global invoice's date to now, each voucher's XML), so building the note stays local.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readSaleDocument, type SaleDocument } from '../cfdi';
import { addDecimal, parseDecimal, type Decimal } from '../cfdi/decimal';
import { FOLIO_FISCAL_PATTERN } from '../cfdi/cancellation';
import { vouchersOfSale, type SaleVoucher } from '../api/saleVouchers';
import { unixSeconds } from '../cfdi/mexicoTime';
import { downloadVoucherXml } from '../api/voucherXml';
import { RunSession, toNodeError } from '../api/client';
import type { RequestSettings } from '../execution/requestSettings';

export const GLOBAL_SALE_TICKET = 'globalSaleTicket';

/** What an item's global-sale credit is built from. */
export interface GlobalSaleFacts {
	global: SaleDocument;
	ticket: string;
	alreadyCredited: Decimal;
	/** The earlier credit notes of the ticket (valid ones), for the output. */
	earlierCredits: SaleVoucher[];
}

type ItemFacts = { facts?: GlobalSaleFacts } | { error: unknown };

export function ticketOf(ctx: IExecuteFunctions, itemIndex: number): string {
	return String(ctx.getNodeParameter(GLOBAL_SALE_TICKET, itemIndex, '') ?? '').trim();
}

/** The per-item facts of the items that credit a global invoice's sale; errors kept for the item's turn. */
export class GlobalSaleCredits {
	private constructor(private readonly byItem: ItemFacts[]) {}

	static async read(
		ctx: IExecuteFunctions,
		settings: RequestSettings,
		invoicesParameter: string,
	): Promise<GlobalSaleCredits> {
		const count = ctx.getInputData().length;
		const byItem: ItemFacts[] = new Array(count);
		let session: RunSession | undefined;
		for (let itemIndex = 0; itemIndex < count; itemIndex++) {
			const ticket = ticketOf(ctx, itemIndex);
			if (!ticket) {
				byItem[itemIndex] = {};
				continue;
			}
			try {
				session ??= RunSession.fromNode(ctx, settings);
				byItem[itemIndex] = {
					facts: await readFacts(ctx, session, itemIndex, ticket, invoicesParameter),
				};
			} catch (error) {
				byItem[itemIndex] = { error };
			}
		}
		return new GlobalSaleCredits(byItem);
	}

	/** The item's facts (none when it credits no global sale); throws the item's reading error. */
	of(itemIndex: number): GlobalSaleFacts | undefined {
		const entry = this.byItem[itemIndex];
		if (!entry) return undefined;
		if ('error' in entry) throw entry.error;
		return entry.facts;
	}
}

async function readFacts(
	ctx: IExecuteFunctions,
	session: RunSession,
	itemIndex: number,
	ticket: string,
	invoicesParameter: string,
): Promise<GlobalSaleFacts> {
	const entries = ctx.getNodeParameter(invoicesParameter, itemIndex, []) as IDataObject[];
	const uuid = String(entries[0]?.uuid ?? '').trim();
	if (entries.length !== 1 || !FOLIO_FISCAL_PATTERN.test(uuid)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex}: a credit note of ticket ${ticket} needs the global invoice that holds it as the one Related Invoice (${entries.length} given${entries.length === 1 ? `, "${uuid}" is not a UUID` : ''}).`,
			{
				itemIndex,
				description:
					'Add the UUID of the global invoice under Related Invoices, and only that one. Nothing was sent.',
			},
		);
	}
	const { xml } = await downloadVoucherXml(ctx, session, uuid, itemIndex, {
		action: `read the XML of global invoice ${uuid}`,
		subject: `global invoice ${uuid}`,
		consequence:
			'Nothing was stamped for this item. Check the UUID of the global invoice and run the item again.',
	});
	const global = readSaleDocument(xml);
	// Earlier notes of the ticket are dated from the global invoice on.
	const from = unixSeconds(global.fecha ?? '') ?? 0;
	let earlier: SaleVoucher[];
	try {
		earlier = await vouchersOfSale(ctx, session, itemIndex, ticket, {
			from,
			to: Math.floor(Date.now() / 1000) + 86_400,
		});
	} catch (error) {
		throw error instanceof NodeOperationError
			? error
			: toNodeError(ctx, error, itemIndex, {
					action: `look for earlier credit notes of ticket ${ticket} (the voucher list)`,
					readOnly: true,
				});
	}
	const earlierCredits = earlier.filter(
		(voucher) =>
			voucher.role === 'creditNote' &&
			voucher.status !== 'cancelled' &&
			voucher.relatesTo.includes(uuid.toUpperCase()),
	);
	const zero = parseDecimal('0') as Decimal;
	const alreadyCredited = earlierCredits.reduce(
		(sum, voucher) => addDecimal(sum, parseDecimal(String(voucher.saleAmount ?? 0)) ?? zero),
		zero,
	);
	return { global, ticket, alreadyCredited, earlierCredits };
}
