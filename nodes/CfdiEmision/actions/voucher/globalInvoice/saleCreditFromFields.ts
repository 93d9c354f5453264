/**
 * Create Credit Note for a sale of a global invoice ("Ticket in the Global Invoice" given): before
 * the items are planned, each such item reads its global invoice's XML (tickets, amounts, taxes,
 * period) and the credit notes already issued against that ticket (the run's ledger, its ticket
 * view: stamping/saleLedger.ts), so building the note stays local.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { decimalToNumber } from '../../../cfdi/decimal';
import { readSaleDocument, type SaleDocument } from '../../../stampedXml/saleDocument';
import { DECIMAL_ZERO, type Decimal } from '../../../cfdi/decimal';
import { FOLIO_FISCAL_PATTERN } from '../../../cfdi/cancellation';
import type { LedgerState, TicketSums } from '../../../ledger/ledger';
import { RunSession, toNodeError } from '../../../api/sessionAndFailure';
import { RunClient } from '../../../api/runClient';
import type { RequestSettings } from '../../../execution/requestSettings';

/**
 * What the read asks of the run's ledger (stamping/saleLedger.ts, which runStamping goes on with):
 * its ticket view, the sums earlier credit notes took from a global invoice's ticket.
 */
export interface TicketLedger {
	ticket(
		client: RunClient,
		itemIndex: number,
		globalUuid: string,
		ticket: string,
		known?: Map<string, string>,
	): Promise<TicketSums | undefined>;
}

export const GLOBAL_SALE_TICKET = 'globalSaleTicket';

/** What an item's global-sale credit is built from. */
export interface GlobalSaleFacts {
	global: SaleDocument;
	ticket: string;
	alreadyCredited: Decimal;
	/** The earlier credit notes of the ticket (live ones), for the output: as the list states them. */
	earlierCredits: Array<{ uuid: string; status: string; amount: number }>;
}

/** A ledger state in the words of the voucher list (the output's earlier credit notes). */
const LISTED_STATUS: Record<LedgerState, string> = {
	valid: 'stamped',
	inCancellation: 'pendingAcceptance',
	pending: 'pending',
	cancelled: 'cancelled',
};

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
		/** The XML the operation already read per item (Read Related Invoices From Their XML). */
		readAlready: (itemIndex: number) => Map<string, string> | undefined,
		/** The run's ledger, which runStamping goes on with. */
		ledger: TicketLedger,
	): Promise<GlobalSaleCredits> {
		const count = ctx.getInputData().length;
		const byItem: ItemFacts[] = new Array(count);
		// The run's client of the service, made at the first item that reads a global invoice.
		let client: RunClient | undefined;
		const globalXml = new Map<string, Promise<string>>();
		for (let itemIndex = 0; itemIndex < count; itemIndex++) {
			const ticket = ticketOf(ctx, itemIndex);
			if (!ticket) {
				byItem[itemIndex] = {};
				continue;
			}
			for (const [uuid, xml] of readAlready?.(itemIndex) ?? [])
				if (!globalXml.has(uuid.toUpperCase()))
					globalXml.set(uuid.toUpperCase(), Promise.resolve(xml));
			try {
				client ??= new RunClient(ctx, RunSession.fromNode(ctx, settings));
				byItem[itemIndex] = {
					facts: await readFacts(
						ctx,
						client,
						itemIndex,
						ticket,
						invoicesParameter,
						globalXml,
						ledger,
					),
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
	client: RunClient,
	itemIndex: number,
	ticket: string,
	invoicesParameter: string,
	globalXml: Map<string, Promise<string>>,
	ledger: TicketLedger,
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
	// One download per global invoice for the run's items (a failed one is tried again by the next).
	let read = globalXml.get(uuid.toUpperCase());
	if (!read) {
		read = client
			.downloadVoucherXml(uuid, itemIndex, {
				action: `read the XML of global invoice ${uuid}`,
				subject: `global invoice ${uuid}`,
				consequence:
					'Nothing was stamped for this item. Check the UUID of the global invoice and run the item again.',
			})
			.then(({ xml }) => xml);
		globalXml.set(uuid.toUpperCase(), read);
		read.catch(() => globalXml.delete(uuid.toUpperCase()));
	}
	const xml = await read;
	const global = readSaleDocument(xml);
	// What earlier credit notes credited against the ticket: the run's ledger, its ticket view.
	let sums: TicketSums | undefined;
	try {
		sums = await ledger.ticket(
			client,
			itemIndex,
			uuid,
			ticket,
			new Map([[uuid.toUpperCase(), xml]]),
		);
	} catch (error) {
		throw error instanceof NodeOperationError
			? error
			: toNodeError(ctx, error, itemIndex, {
					action: `look for earlier credit notes of ticket ${ticket} (the voucher list)`,
					readOnly: true,
				});
	}
	const earlierCredits = (sums?.credits ?? []).map(({ document, amount }) => ({
		uuid: document.uuid,
		status: LISTED_STATUS[document.state],
		amount: decimalToNumber(amount),
	}));
	return { global, ticket, alreadyCredited: sums?.credited ?? DECIMAL_ZERO, earlierCredits };
}
