/**
 * What the service already documents of a global invoice's sales, read before the invoice is built:
 * the stamped global invoices of an overlapping period (their tickets, from their XML) and the
 * vouchers whose folio is one of the tickets (sales perhaps invoiced to their customer). Which of
 * the run's sales they document: documentedSaleRules.ts (`salesAlreadyDocumented`).
 */
import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

import { checkWindow, globalInvoiceKey } from '../../../identity/businessKey';
import { saleWindow } from '../../../identity/contentKey';
import { GENERIC_NATIONAL_RFC } from '../../../cfdi/rfc';
import { calendarNow, monthStartIso } from '../../../cfdi/mexicoTime';
import { periodOfInformacionGlobal, type GlobalPeriod } from './globalPeriod';
import { readSaleDocument, salesDeclaredBy } from '../../../stampedXml/saleDocument';
import { RunSession } from '../../../api/sessionAndFailure';
import { RunClient } from '../../../api/runClient';
import { RunParameters } from '../../../execution/runParameters';
import { NO_PRIOR, type DeclaredGlobal, type PriorDeclarations } from './documentedSaleRules';
import { duplicateCheckModeOf } from '../../../stamping/duplicateCheck';
import type { StampingSettings } from '../../../stamping/runSettings';
import type { RunVoucherList } from '../../../stamping/runVoucherList';

const ticketsOf = (ctx: IExecuteFunctions): string[] =>
	ctx
		.getInputData()
		.map((_, itemIndex) => String(ctx.getNodeParameter('saleTicket', itemIndex, '') ?? '').trim());

/**
 * From the run's one read of the service's list (shared with the Duplicate Check), the period (from its first day, less the three days a voucher
 * may be dated before it is stamped, to now): the vouchers whose folio is one of the tickets (sales
 * perhaps invoiced to their customer), and the global invoices stamped to the general public, whose
 * XML gives their period and tickets (Concepto NoIdentificacion). The SAT documents a sale once:
 * either to its customer or in one global invoice. A global invoice carrying this run's own series
 * and folio is this run stamped before when it holds every sale not documented elsewhere (the
 * duplicate check answers with it); see salesAlreadyDocumented. `settings`: the operation's read
 * of the run's stamping settings (called only when the list is read), for the reads' session.
 */
export async function priorDeclarations(
	ctx: IExecuteFunctions,
	period: GlobalPeriod,
	list: RunVoucherList,
	settings: () => StampingSettings,
): Promise<PriorDeclarations> {
	if (duplicateCheckModeOf(new RunParameters(ctx), 0) === 'off') return NO_PRIOR;
	const tickets = ticketsOf(ctx);
	const wanted = new Set(tickets.filter(Boolean));
	if (!wanted.size) return NO_PRIOR;
	const serie = String(ctx.getNodeParameter('serie', 0, '') ?? '').trim();
	const ownFolio = globalInvoiceKey(period, [...wanted], { serie }).key.folio;
	const periodFolio = period.periodicidad === '04' || period.periodicidad === '05';
	const since = monthStartIso(period.anio, period.firstMonth);
	const now = Math.floor(calendarNow() / 1000);
	const window = checkWindow([since], now, 0);
	// The Duplicate Check reads after this, for a key dated from the period's start (with its clock
	// margin and, dated by the sender, the backdating allowance): the run's one read spans it too.
	list.announce(async () => saleWindow([{ since }], now, 0, true));
	const client = new RunClient(ctx, RunSession.fromNode(ctx, settings()));
	const isGeneralPublic = (rfc: unknown) =>
		String(rfc ?? '')
			.trim()
			.toUpperCase() === GENERIC_NATIONAL_RFC;
	const whole = await list.within(client, window);
	// A sale on a page not read could be declared twice: no global invoice without the whole period.
	if (!whole.complete)
		throw new NodeOperationError(
			ctx.getNode(),
			`Could not read the whole voucher list of the period to see which sales are already declared: ${whole.why ?? 'incomplete'}`,
			{
				description:
					'Nothing was stamped. Run again (a list that moved while it was read settles by itself).',
			},
		);
	const ownSeriesFolio = (record: { series?: unknown; folio?: unknown }) =>
		String(record.series ?? '')
			.trim()
			.toUpperCase() === serie.toUpperCase() && String(record.folio ?? '').trim() === ownFolio;
	// Two vouchers under one series and folio, one cancelled and one valid, would read as one.
	const periodFolioCancelled =
		periodFolio &&
		whole.records.some((record) => record.status === 'cancelled' && ownSeriesFolio(record));
	const records = whole.records.filter(
		(record) =>
			!!record.uuid &&
			record.status !== 'cancelled' &&
			(wanted.has(String(record.folio ?? '').trim()) ||
				(isGeneralPublic(record.recipientRfc) && record.status !== 'pending')),
	);
	const globals: DeclaredGlobal[] = [];
	let periodGlobal: DeclaredGlobal | undefined;
	for (const record of records) {
		if (!isGeneralPublic(record.recipientRfc) || !record.uuid) continue;
		const ownKey = ownSeriesFolio(record);
		// A daily, weekly or fortnightly folio carries a hash of its tickets: under it, the same sales.
		if (ownKey && !periodFolio) continue;
		const { cfdi, xml } = await client.downloadVoucherXml(record.uuid, 0, {
			action: `read the tickets of global invoice ${record.uuid}`,
			subject: `global invoice ${record.uuid}`,
			consequence:
				"Nothing was stamped: without that invoice's tickets the node cannot tell which sales it already declares, and a sale must be declared once. Run again; if it repeats, check that voucher's XML, or set Duplicate Check to Off to stamp without this check.",
		});
		const declared = cfdi.informacionGlobal && periodOfInformacionGlobal(cfdi.informacionGlobal);
		if (!declared) continue;
		const global = {
			uuid: cfdi.uuid ?? record.uuid,
			serie: cfdi.serie,
			folio: cfdi.folio,
			period: declared,
			// Sale lines only: an order's own invoice to the general public declares its folio's sale, not its SKUs.
			tickets: salesDeclaredBy(readSaleDocument(xml)),
		};
		if (ownKey) periodGlobal = global;
		else globals.push(global);
	}
	return {
		globals,
		listed: records.filter((record) => !isGeneralPublic(record.recipientRfc)),
		...(periodGlobal ? { periodGlobal } : {}),
		...(periodFolioCancelled ? { periodFolioCancelled } : {}),
	};
}
