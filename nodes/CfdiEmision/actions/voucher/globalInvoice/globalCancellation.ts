/**
 * Motive 04's last step (Sale in a Global Invoice: Replace the Global Invoice): once the buyer's
 * invoice is stamped, in this run or an earlier one, the global invoice that still holds the sale is
 * cancelled with motive 04, after its replacement without the sale is found (or stamped, on a re-run
 * stopped before it). The buyer's invoice stays stamped whatever happens here.
 */
import type { IDataObject } from 'n8n-workflow';

import { describeListedPeriod, replacementOf, type GlobalOnList } from './globalSaleSteps';
import type { VoucherRecord } from '../../../api/voucherRecords';
import type { RelatingDocuments, StepRun } from '../../../stamping/planStampJob';
import type { StampJob } from '../../../stamping/stampJob';
import type { StampingService } from '../../../stamping/stampingService';
import { needsAttention } from '../../../execution/needsAttention';
import { freshByUuid } from '../../../stamping/runVoucherList';
import {
	ensureReplacement,
	facts,
	NO_REPLACEMENT_NOTE,
	relatedFacts,
	relatedRefusal,
	stepOf,
	unclearOutcome,
	type SaleInGlobalInvoice,
} from './saleInGlobalInvoice';
import { fieldText as text } from '../../../cfdi/fieldText';

/**
 * The last step: cancel the global invoice with motive 04 (no folioSustitucion: the motive names no
 * replacement), then read its state back. Undefined: cancelled; else why not, for the output.
 */
async function cancelWithMotive04(
	client: StampingService,
	itemIndex: number,
	global: GlobalOnList,
): Promise<string | undefined> {
	let answer: IDataObject = {};
	try {
		answer = await client.cancelVoucher(global.uuid, { motivo: '04' });
	} catch {
		// Whether it was recorded is read back below: the state decides, never a second request blindly.
	}
	let record: VoucherRecord | undefined;
	try {
		record = await freshByUuid(client, global.uuid);
	} catch (error) {
		return `its state could not be read after the request (${client.nodeError(error, itemIndex, { action: 'read the state' }).message}); the cancellation may have been recorded`;
	}
	if (record?.status === 'cancelled') return undefined;
	if (record?.status === 'pendingAcceptance') return 'its cancellation awaits acceptance';
	const errores = Array.isArray(answer.errores)
		? (answer.errores as IDataObject[])
				.map((error) => `${text(error.codigo)}: ${text(error.mensaje)}`)
				.join('; ')
		: '';
	return `the service did not cancel it${errores ? ` (${errores})` : ''}`;
}

/**
 * The last step, once the buyer's invoice is stamped (in this run or an earlier one): the global
 * invoice that still holds the sale is cancelled with motive 04, after its replacement is found
 * (or stamped, on a re-run stopped before). What it cannot finish is the shop's: the item stays
 * stamped and carries needsAttention; a re-run goes on from there.
 */
export async function cancelReplacedGlobal(
	job: StampJob,
	run: StepRun,
	mode: SaleInGlobalInvoice,
	listed: VoucherRecord[] | undefined,
	relating: RelatingDocuments,
): Promise<IDataObject | undefined> {
	if (mode !== 'replace') return undefined;
	const { itemIndex } = job;
	const earlier = (job.output.globalInvoice as IDataObject | undefined) ?? {};
	let held: GlobalOnList | undefined;
	let ticket = '';
	try {
		const found = await stepOf(run.client, job, listed, true);
		if (!found || !listed) return undefined;
		ticket = found.ticket;
		const { step, globals } = found;
		// A voucher that may declare the sale too: nothing cancelled on that evidence.
		if (step.kind === 'unclear') return unclearOutcome(ticket, step, true).output;
		if (step.kind === 'cancellationNotDone') held = step.global;
		if (step.kind !== 'inGlobal') {
			if (!held) return undefined;
			throw new Error('its cancellation awaits acceptance');
		}
		held = step.global;
		// Stamped by an earlier run: no replacement and no cancel request while a document relates it.
		const related = await relatedRefusal(relating, held, listed, ticket);
		if (related)
			return {
				globalInvoice: {
					...earlier,
					toCancel: {
						...facts(held),
						motive: '04',
						notDone: related.message,
						relatedBy: relatedFacts(related.documents),
					},
				},
				...needsAttention(
					'globalInvoiceRelated',
					`The buyer's invoice of sale ${ticket} is stamped, but the sale is still declared in its global invoice too. ${related.message}. ${related.fix}`,
				),
			};
		const others = (held.tickets ?? []).filter((other) => other !== ticket);
		const replacement =
			earlier.replacement !== undefined
				? earlier.replacement
				: await ensureReplacement(
						run,
						itemIndex,
						held,
						replacementOf(held, globals),
						others,
						listed,
					);
		const notDone = await cancelWithMotive04(run.client, itemIndex, held);
		if (notDone) throw new Error(notDone);
		// Later items of this run read the same records: they see it cancelled.
		const record = listed.find((one) => one.uuid === held!.uuid);
		if (record) record.status = 'cancelled';
		const output: IDataObject = {
			cancelled: { ...facts({ ...held, status: 'cancelled' }), motive: '04' },
			replacement,
		};
		if (!replacement) output.note = NO_REPLACEMENT_NOTE(held.uuid);
		return { globalInvoice: output };
	} catch (error) {
		const why = (error as Error).message;
		if (!held)
			return needsAttention(
				'saleInGlobalInvoice',
				`The buyer's invoice of sale ${ticket || text(job.voucher.body.folio)} is stamped, but whether a global invoice still holds the sale could not be read (${why}). Run the request again: it finds the buyer's invoice and finishes the motive 04 replacement if one is left.`,
			);
		return {
			globalInvoice: { ...earlier, toCancel: { ...facts(held), motive: '04', notDone: why } },
			...needsAttention(
				'saleInGlobalInvoice',
				`The buyer's invoice of sale ${ticket} is stamped, but global invoice ${held.uuid} (${describeListedPeriod(held)}) still holds the sale: ${why}. Once it can be cancelled with motive 04, run the request again (it finds the buyer's invoice and the replacement and only cancels), or cancel it with Voucher → Cancel, motive 04.`,
			),
		};
	}
}
