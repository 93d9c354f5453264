/**
 * The twin report of a global invoice stamped by two concurrent runs: the tickets of each twin read
 * from its XML, so that the advice keeps every ticket declared exactly once (./globalTwins.ts). The
 * Duplicate Check gets it through the kinds table (weighGlobalTwins), and imports no kind.
 */
import type { TwinReport } from '../../../identity/businessKey';
import { globalTwinAdvice, globalTwinMessage } from './globalTwins';
import type { BusinessKey } from '../../../cfdi/voucherSource';
import { readSaleDocument, salesDeclaredBy } from '../../../stampedXml/saleDocument';
import type { StampingService } from '../../../stamping/stampingService';
import type { WeighTwins } from '../../../stamping/stampingKinds';

/**
 * The report with the global invoices' tickets weighed. `read` caches each UUID's tickets over the
 * run's items. A read that fails leaves the usual report with a warning: the vouchers are stamped,
 * and the user must compare their tickets before cancelling either.
 */
export async function globalTwinsReport(
	client: StampingService,
	key: BusinessKey,
	own: string,
	report: TwinReport,
	read: Map<string, Promise<string[]>>,
): Promise<TwinReport> {
	const uuids = [report.keep, ...report.cancel.map((entry) => entry.uuid)];
	const ticketsOf = (uuid: string) => {
		let tickets = read.get(uuid);
		if (!tickets) {
			// The sales it declares by the one rule (its sale lines), as the period's declarations read them.
			tickets = client
				.downloadVoucherXml(uuid, 0)
				.then(({ xml }) => salesDeclaredBy(readSaleDocument(xml)));
			read.set(uuid, tickets);
		}
		return tickets;
	};
	let twins;
	try {
		twins = await Promise.all(
			uuids.map(async (uuid) => ({ uuid, tickets: await ticketsOf(uuid) })),
		);
	} catch (error) {
		return {
			...report,
			message: `${report.message} The tickets of these global invoices could not be read (${(error as Error).message}): before cancelling one, check that the one kept declares every ticket of the other, or a sale is left undeclared.`,
		};
	}
	const advice = globalTwinAdvice(twins);
	const upperOwn = own.toUpperCase();
	return {
		keep: advice.keep[0] ?? report.keep,
		cancel: advice.cancel,
		thisOneIsTwin: !advice.keep.includes(upperOwn),
		message: globalTwinMessage(key, upperOwn, twins, advice),
	};
}

/** The kinds table's weighing of twins: a global invoice's key (identity/businessKey.ts globalInvoiceKey) only. */
export const weighGlobalTwins: WeighTwins = (client, key, own, report, read) =>
	key.value.startsWith('global:') ? globalTwinsReport(client, key, own, report, read) : undefined;
