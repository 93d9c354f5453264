/**
 * The item's answer: the service's answer to a save or stamp, read (readStampAnswer, rejectionError);
 * the item's output from it (stampOutput); and the outcomes only the shop can resolve, as one stable
 * member of the item (`needsAttention`: execution/needsAttention.ts), so a workflow can route them
 * (an If on it, then an alert to the owner) instead of telling a buyer to check data that is right. A run that ends without an
 * error shows as Succeeded in n8n's list, so without that member the owner never learns that a buyer
 * is waiting. Also the editor's execution hints for items answered with an existing voucher, left
 * out, or needing the owner (outcomeHints).
 */
import type { IDataObject, INodeExecutionData, NodeExecutionHint } from 'n8n-workflow';

import { recipientOutcome, recipientProblems } from '../cfdi/recipientData';
import type { ValidationResult } from '../cfdi/types';
import { seriesFolio, summarizeVoucher, type VoucherSummary } from '../cfdi/voucherSummary';
import {
	formatErrores,
	operationFailed,
	readErrores,
	ServiceCallError,
	type ServiceErrorEntry,
} from '../api/sessionAndFailure';
import type { NodeRef } from '../api/runClient';
import { serviceRefusal } from '../voucherInput/dataRefusal';
import { needsAttention } from '../execution/needsAttention';
import { STAMPED_MEANWHILE } from '../execution/stampedThisRun';

/** `alreadyStamped`: the service said the voucher was stamped before this execution's request reached it. */
export type StampStatus = 'stamped' | 'pending' | 'alreadyStamped';

/** The provider's "series busy, try later" code: transient, nothing stored. */
export const SERIES_BUSY_CODE = 'FAC119';

export type StampAnswer =
	/** `meanwhile`: an alreadyStamped voucher this execution had seen pending, so another one stamped it now. */
	| { kind: 'done'; result: IDataObject; status: StampStatus; meanwhile?: boolean }
	| { kind: 'busy'; errores: ServiceErrorEntry[] }
	| { kind: 'rejected'; result: IDataObject; errores: ServiceErrorEntry[] };

/**
 * Reads an operation result (spec 2.6), as the run's client parsed it (api/runClient.ts). esValido false with errores is a failure whatever the HTTP
 * status; esValido false without errores is the documented pending save. A stamp answer that says
 * esValido true without a UUID throws a 'malformed' ServiceCallError: the caller treats it as unclear.
 */
export function readStampAnswer(result: IDataObject, stampRequested: boolean): StampAnswer {
	const errores = readErrores(result.errores);
	if (result.esValido === true && typeof result.uuid === 'string' && result.uuid) {
		return { kind: 'done', result, status: 'stamped' };
	}
	if (errores.length) {
		if (errores.every((e) => e.codigo === SERIES_BUSY_CODE)) return { kind: 'busy', errores };
		return { kind: 'rejected', result, errores };
	}
	if (stampRequested && result.esValido === true) {
		// Success-shaped but without its UUID: the voucher may well be stamped, so this is unclear, not a refusal.
		const id =
			Number(result.idComprobante) > 0 ? ` for idComprobante ${String(result.idComprobante)}` : '';
		throw new ServiceCallError(
			`the service answered that the voucher is valid (esValido true) but sent no UUID${id}, so it may have been stamped`,
			'malformed',
			{ body: result },
		);
	}
	if (stampRequested) {
		// A stamp was asked for and none came back: a failure, even without errores.
		const why =
			typeof result.descripcion === 'string' && result.descripcion
				? result.descripcion
				: 'the answer has no UUID';
		return { kind: 'rejected', result, errores: [{ codigo: '', mensaje: `not stamped: ${why}` }] };
	}
	return { kind: 'done', result, status: 'pending' };
}

/**
 * Codes and words with which a service refuses to stamp or change a voucher because it is already
 * stamped: the sandbox's FAC121, the SAT's 307 ("El CFDI contiene un timbre previo"), and the
 * Spanish and English phrasings PACs use. Read from each entry's code and text and from
 * `descripcion`, accents and case ignored.
 */
const ALREADY_STAMPED_CODES = new Set(['FAC121', '307', 'CFDI33307', 'CFDI40307']);
const ALREADY_STAMPED_TEXT =
	/\b(ya\s+(fue|ha\s+sido|habia\s+sido|esta|se\s+encuentra|se\s+encontraba|estaba|cuenta\s+con)\s+(un\s+)?timbr|previamente\s+timbrad|timbre\s+previo|ya\s+timbrad|already\s+(been\s+)?(stamped|certified))/;

const plainText = (text: unknown): string =>
	String(text ?? '')
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase();

/** The service's words saying the voucher is already stamped, or undefined when the refusal says something else. */
export function alreadyStampedSaying(
	answer: Pick<RejectedAnswer, 'errores' | 'result'>,
): string | undefined {
	const entry = answer.errores.find(
		(e) =>
			ALREADY_STAMPED_CODES.has(String(e.codigo).trim().toUpperCase()) ||
			ALREADY_STAMPED_TEXT.test(plainText(e.mensaje)),
	);
	if (entry) return formatErrores([entry]);
	const descripcion = answer.result.descripcion;
	return ALREADY_STAMPED_TEXT.test(plainText(descripcion)) ? String(descripcion) : undefined;
}

type RejectedAnswer = Extract<StampAnswer, { kind: 'rejected' }>;

/** The error for a voucher the service refused, listing every code it returned. */
export function rejectionError(
	node: NodeRef,
	itemIndex: number,
	answer: Extract<StampAnswer, { kind: 'rejected' }>,
	knownId?: number,
) {
	const id = knownId ?? (Number(answer.result.idComprobante) || 0);
	const saying = alreadyStampedSaying(answer);
	if (saying && id > 0) {
		const uuid =
			typeof answer.result.uuid === 'string' && answer.result.uuid ? answer.result.uuid : '';
		return operationFailed(
			node,
			itemIndex,
			`Voucher ${id} is already stamped${uuid ? ` (UUID ${uuid})` : ''}: the service refused to change it (${saying})`,
			`A stamped voucher cannot be changed, so nothing was changed. Do not run Create again for it: that would stamp a second invoice.${uuid ? '' : ` Find its UUID with Voucher > Get Many (idComprobante ${id}).`} To correct it, cancel it (Voucher > Cancel) and issue a new one.`,
			{ errores: answer.errores as unknown as IDataObject[], idComprobante: id, status: 'stamped' },
		);
	}
	const stored =
		id > 0
			? ` The voucher is stored as pending with idComprobante ${id}: fix it and use Update.`
			: ' Nothing was stored: fix the voucher and run again.';
	// A refusal of the recipient's data is also given per field, for a page to show next to it.
	const recipient = recipientProblems(answer.errores);
	const fixes = [...new Set(recipient.map((problem) => `${problem.path}: ${problem.fix}`))];
	return operationFailed(
		node,
		itemIndex,
		`The service refused the voucher: ${formatErrores(answer.errores)}`,
		`Each code names the rule that failed (CFDI40xxx codes are SAT rules, FACxxx codes are the provider's).${fixes.length ? ` ${fixes.join(' ')}` : ''}${stored}`,
		{
			errores: answer.errores as unknown as IDataObject[],
			idComprobante: id || null,
			status: 'rejected',
			...(recipientOutcome(recipient) as unknown as IDataObject),
			// Every code as one structure (label, path, code, fix; the value is added where the body is known).
			refusal: serviceRefusal(answer.errores) as unknown as IDataObject,
		},
	);
}

/** Output of the stamping operations: readable (version 1.1 default) or the service's answer as it came. */
export type OutputFormat = 'simplified' | 'raw';

/** What the operation did, for the output's "message", e.g. "Stamped A-1001 for URE180429TM6: 1508.00 MXN." */
function describeOutcome(
	status: StampStatus,
	summary: VoucherSummary,
	voucherId: number | null,
	updatedId?: number,
): string {
	const name =
		summary.series && summary.folio
			? `${seriesFolio(summary)}`
			: summary.series
				? `a series ${summary.series} voucher`
				: 'the voucher';
	const recipient = summary.recipientRfc ? ` for ${summary.recipientRfc}` : '';
	const total =
		summary.total !== null
			? `: ${summary.total.toFixed(2)} ${summary.currency ?? ''}`.trimEnd()
			: '';
	if (status === 'stamped') return `Stamped ${name}${recipient}${total}.`;
	if (status === 'alreadyStamped')
		return `${name.charAt(0).toUpperCase()}${name.slice(1)}${recipient}${total} was already stamped when this request reached the service (another execution or an earlier run stamped it): nothing was stamped now.`;
	const verb = updatedId ? 'Updated' : 'Saved';
	return `${verb} ${name}${recipient}${total} as pending voucher ${voucherId ?? updatedId ?? '?'} (not stamped: stamp it with Update).`;
}

/**
 * Output item of create/update. Raw (version 1, or Output = Raw): the operation result, a readable
 * status, and local findings if any. Simplified: status first, then the same key names Get Status
 * and Get Many use (uuid, voucherId, series, folio, recipientRfc, recipientName, total, currency),
 * what the voucher is to its recipient (voucherKind: E-mail → Send's default subject names it),
 * the issuer's name (E-mail → Send's default subject names it when the folio is a content code),
 * the amounts a person checks (subtotal, discount, taxes, withheldTaxes), a sentence saying what
 * happened, and for a payment receipt each paid invoice's balance left. Members with no value are
 * left out (a voucher without a series has no `series`; a pending one no `uuid`).
 */
export function stampOutput(
	answer: Extract<StampAnswer, { kind: 'done' }>,
	validation?: ValidationResult,
	shape?: { format: OutputFormat; body: unknown; updatedId?: number },
): IDataObject {
	if (!shape || shape.format === 'raw') {
		const output: IDataObject = { ...answer.result, status: answer.status, ...meanwhileOf(answer) };
		if (validation) output.validation = validation as unknown as IDataObject;
		return output;
	}
	const summary = summarizeVoucher(shape.body);
	const voucherId =
		Number(answer.result.idComprobante) > 0
			? Number(answer.result.idComprobante)
			: (shape.updatedId ?? null);
	// A payment receipt's own SubTotal and total are 0 by rule: its total is what was paid.
	const amounts =
		summary.type === 'P'
			? {}
			: {
					subtotal: summary.subtotal,
					discount: summary.discount || null,
					taxes: summary.taxes,
					withheldTaxes: summary.withheldTaxes,
				};
	const output: IDataObject = withoutNullOrEmpty({
		status: answer.status,
		...meanwhileOf(answer),
		uuid:
			typeof answer.result.uuid === 'string' && answer.result.uuid
				? answer.result.uuid.toUpperCase()
				: null,
		voucherId,
		voucherKind: summary.kind,
		series: summary.series,
		folio: summary.folio,
		recipientRfc: summary.recipientRfc,
		recipientName: summary.recipientName,
		issuerName: summary.issuerName,
		...amounts,
		total: summary.total,
		currency: summary.currency,
		message: describeOutcome(answer.status, summary, voucherId, shape.updatedId),
	});
	if (summary.invoices) output.invoices = summary.invoices as unknown as IDataObject[];
	if (validation) output.validation = validation as unknown as IDataObject;
	return output;
}

/**
 * Another execution stamped the voucher while this one ran: that one answers `stamped` and sends
 * its e-mail, so E-mail → Send never sends for this item (execution/stampedThisRun.ts).
 */
export function meanwhileOf(answer: { meanwhile?: boolean }): IDataObject {
	return answer.meanwhile ? { [STAMPED_MEANWHILE]: true } : {};
}

/** The members that have a value (not null, undefined or ''), in their order. */
export function withoutNullOrEmpty(record: Record<string, unknown>): IDataObject {
	return Object.fromEntries(
		Object.entries(record).filter(
			([, value]) => value !== null && value !== undefined && value !== '',
		),
	) as IDataObject;
}

// The outcomes only the shop can resolve (execution/needsAttention.ts), and the hints above the output.

/**
 * Marks the items whose twins the run reported (the Duplicate Check's look-ups write `duplicate`
 * or `duplicateCheck.alsoStamped`): keeping one and cancelling the other is the shop's decision.
 */
export function markTwins(items: INodeExecutionData[]): void {
	for (const { json } of items) {
		if (json.needsAttention) continue;
		const after = json.duplicate as IDataObject | undefined;
		const cancel = Array.isArray(after?.cancel) ? (after.cancel as string[]) : [];
		if (cancel.length) {
			Object.assign(
				json,
				needsAttention(
					'twinStamped',
					String(
						after?.message ?? `This sale has another stamped voucher: cancel ${cancel.join(', ')}.`,
					),
				),
			);
			continue;
		}
		const check = json.duplicateCheck as IDataObject | undefined;
		if (Array.isArray(check?.alsoStamped) && check.alsoStamped.length)
			Object.assign(json, needsAttention('twinStamped', String(check.twinNote ?? '')));
	}
}

function count(items: number, one: string, many: string): string {
	return items === 1 ? one : many.replace('{n}', String(items));
}

/** The input items an output item stands for (a global invoice gathers many, paired with each). */
function inputItemsOf({ pairedItem }: INodeExecutionData, position: number): number[] {
	const paired = Array.isArray(pairedItem) ? pairedItem : pairedItem ? [pairedItem] : [];
	const items = paired.map((entry) => (typeof entry === 'object' ? entry.item : entry));
	return items.length ? items : [position];
}

/** At most ten item numbers, then how many in all: a month's global invoice pairs with thousands. */
function itemList(items: Array<number | string>): string {
	return items.length > 10
		? `${items.slice(0, 10).join(', ')} … (${items.length} in all)`
		: items.join(', ');
}

/**
 * The notices above the node's output: input items answered with an existing voucher (nothing
 * stamped for them), left out (skipped, or already documented outside a global invoice), and items
 * the shop must act on. Counts are of input items, so a global invoice answered again counts its
 * sales. The item's JSON says the same; the hint is where a person looking at the run sees it.
 */
export function outcomeHints(items: INodeExecutionData[]): NodeExecutionHint[] {
	const hints: NodeExecutionHint[] = [];
	const existing: number[] = [];
	const skipped: Array<{ items: number[]; why: string }> = [];
	const leftOut: string[] = [];
	const attention: Array<{ item: number; why: string }> = [];
	items.forEach((output, position) => {
		const { json } = output;
		const inputs = inputItemsOf(output, position);
		if (json.status === 'alreadyStamped' || json.status === 'alreadyPending')
			existing.push(...inputs);
		const skip = json.skipped as IDataObject | undefined;
		if (json.status === 'skipped' && skip)
			skipped.push({ items: inputs, why: String(skip.reason ?? skip.message ?? 'skipped') });
		else if (Array.isArray(json.leftOut))
			for (const sale of json.leftOut as IDataObject[]) leftOut.push(String(sale.ticket));
		const owner = json.needsAttention as IDataObject | undefined;
		if (owner) attention.push({ item: inputs[0], why: String(owner.reason) });
	});
	if (existing.length)
		hints.push({
			message: `${count(existing.length, `Item ${existing[0]} was`, `Items ${itemList(existing)} were`)} answered with an existing voucher (status alreadyStamped or alreadyPending): nothing was stamped for ${count(existing.length, 'it', 'them')}, and the UUID given is the earlier voucher's (see duplicateCheck in the item).`,
			type: 'info',
			location: 'outputPane',
		});
	const skippedItems = skipped.flatMap((entry) => entry.items);
	if (skipped.length)
		hints.push({
			message: `${count(skippedItems.length, 'One item was', '{n} items were')} left out, nothing sent: ${skipped
				.slice(0, 10)
				.map(
					(entry) =>
						`${count(entry.items.length, 'item', 'items')} ${itemList(entry.items)} (${entry.why})`,
				)
				.join(', ')}. The item's skipped member says why.`,
			type: 'info',
			location: 'outputPane',
		});
	if (leftOut.length)
		hints.push({
			message: `${count(leftOut.length, 'One sale was', '{n} sales were')} left out of the global invoice, already documented: ticket ${itemList(leftOut)}. The output's leftOut lists ${count(leftOut.length, 'it', 'them')} with the voucher that documents each; declaredSales lists the sales each global invoice declares.`,
			type: 'info',
			location: 'outputPane',
		});
	if (attention.length)
		hints.push({
			message: `${count(attention.length, 'One item needs', '{n} items need')} the shop's action: ${attention
				.slice(0, 10)
				.map((entry) => `item ${entry.item} (${entry.why})`)
				.join(
					', ',
				)}. The item's needsAttention member says what to do; route it with an If on needsAttention to alert the owner.`,
			type: 'warning',
			location: 'outputPane',
		});
	return hints;
}
