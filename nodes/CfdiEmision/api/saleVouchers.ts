/**
 * Which vouchers document one sale (an order number or a ticket): its invoice (folio = the sale),
 * the global invoice holding its ticket (a concept's NoIdentificacion), the credit notes and
 * payment receipts relating either, and a credit note carrying the ticket. The service's list
 * says nothing of concepts or relations, so each listed voucher's XML is read (a few at a time).
 * Used by Voucher → Get Many (filter Sale) and by the credit note of a global sale (what was
 * already credited against its ticket).
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { decimalToNumber } from '../cfdi/decimal';
import {
	conceptsOfTicket,
	readSaleDocument,
	relatesTo,
	saleNumber,
	ticketAmount,
	type SaleDocument,
} from '../stampedXml/saleDocument';
import type { RunSession } from '../transport/transport';
import { listVouchers, type VoucherListWindow } from './voucherList';
import type { VoucherRecord } from './voucherRecords';
import { downloadVoucherXml } from './voucherXml';

const READ_CONCURRENCY = 4;

/** How a voucher documents the sale. */
export type SaleRole = 'invoice' | 'globalInvoice' | 'creditNote' | 'paymentReceipt' | 'related';

/** One voucher of the sale: the list's record (state, amounts) and what its XML says of the sale. */
export interface SaleVoucher extends VoucherRecord {
	sale: string;
	role: SaleRole;
	/** CFDI type: I, E, P ... */
	voucherType: string | null;
	/** What of the voucher is the sale's: the ticket's amount in a global invoice, else its total. */
	saleAmount: number | null;
	/** The sale's vouchers this one relates (a credit note's invoice, a receipt's paid invoice). */
	relatesTo: string[];
}

/** A read voucher: its list record and its XML facts. */
export interface ReadVoucher {
	record: VoucherRecord;
	document: SaleDocument;
}

/** Reads the XML of each listed voucher, a few at a time, in list order. */
export async function readVouchers(
	ctx: IExecuteFunctions,
	session: RunSession,
	itemIndex: number,
	records: VoucherRecord[],
): Promise<ReadVoucher[]> {
	const read: ReadVoucher[] = new Array(records.length);
	let next = 0;
	const worker = async () => {
		while (next < records.length) {
			const index = next++;
			const record = records[index];
			const { xml } = await downloadVoucherXml(ctx, session, record.uuid, itemIndex, {
				action: `read the XML of voucher ${record.uuid} to see which sale it documents`,
				consequence:
					'Nothing was changed: the look-up only reads. Check the voucher with XML > Download; if it repeats, report it to the provider.',
			});
			read[index] = { record, document: readSaleDocument(xml) };
		}
	};
	await Promise.all(
		Array.from({ length: Math.min(READ_CONCURRENCY, Math.max(records.length, 1)) }, worker),
	);
	return read;
}

const isGlobal = (document: SaleDocument) => document.informacionGlobal !== undefined;

/**
 * The vouchers among `read` that document the sale, in list order. An invoice is the sale's when its
 * folio is the sale number (how the order modes number it) and it is not a global invoice; a global
 * invoice when a concept's NoIdentificacion is the sale; then every voucher relating one of those
 * (credit notes, payment receipts, substitutions), except that a credit note of a global invoice is
 * the sale's only when it carries the sale's ticket.
 */
export function saleVouchersOf(read: ReadVoucher[], sale: string): SaleVoucher[] {
	const wanted = saleNumber(sale);
	if (!wanted) return [];
	const roles = new Map<string, SaleRole>();
	for (const { record, document } of read) {
		const hasTicket = conceptsOfTicket(document, wanted).length > 0;
		if (document.tipoDeComprobante === 'I' && isGlobal(document) && hasTicket)
			roles.set(record.uuid, 'globalInvoice');
		else if (document.tipoDeComprobante === 'E' && hasTicket) roles.set(record.uuid, 'creditNote');
		else if (
			!isGlobal(document) &&
			document.tipoDeComprobante === 'I' &&
			saleNumber(document.folio ?? record.folio) === wanted
		)
			roles.set(record.uuid, 'invoice');
	}
	const direct = [...roles.keys()].filter((uuid) => roles.get(uuid) !== 'creditNote');
	const globals = new Set(direct.filter((uuid) => roles.get(uuid) === 'globalInvoice'));
	for (const { record, document } of read) {
		if (roles.has(record.uuid)) continue;
		const related = direct.filter((uuid) => relatesTo(document, uuid));
		// A note or replacement of a global invoice concerns its other tickets unless it carries this one.
		if (!related.length || related.every((uuid) => globals.has(uuid))) continue;
		roles.set(
			record.uuid,
			document.tipoDeComprobante === 'E'
				? 'creditNote'
				: document.tipoDeComprobante === 'P'
					? 'paymentReceipt'
					: 'related',
		);
	}
	return read
		.filter(({ record }) => roles.has(record.uuid))
		.map(({ record, document }) => {
			const role = roles.get(record.uuid) as SaleRole;
			const hasTicket = conceptsOfTicket(document, wanted).length > 0;
			return {
				...record,
				sale: wanted,
				role,
				voucherType: document.tipoDeComprobante ?? null,
				saleAmount:
					hasTicket && (role === 'globalInvoice' || role === 'creditNote')
						? decimalToNumber(ticketAmount(document, wanted))
						: record.total,
				relatesTo: [...roles.keys()].filter(
					(uuid) => uuid !== record.uuid && relatesTo(document, uuid),
				),
			};
		});
}

/** Every voucher dated in the window that documents the sale (see saleVouchersOf). */
export async function vouchersOfSale(
	ctx: IExecuteFunctions,
	session: RunSession,
	itemIndex: number,
	sale: string,
	window: VoucherListWindow,
	accept?: (record: VoucherRecord) => boolean,
): Promise<SaleVoucher[]> {
	const records = await listVouchers(ctx, session, window, accept ? { accept } : {});
	return saleVouchersOf(await readVouchers(ctx, session, itemIndex, records), sale);
}
