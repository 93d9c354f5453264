/**
 * Each item's plan, before any request: what a voucher operation gives the stamping handler
 * (VoucherOperation), and one item read and checked locally into the job it plans (StampJob in
 * stampJob.ts, its duplicate key included).
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import {
	BusinessKeyError,
	keyOfFolio,
	userKey,
	type DuplicateCheckMode,
} from '../identity/businessKey';
import { contentKey, DEFAULT_CONTENT_WINDOW_HOURS, keyText } from '../identity/contentKey';
import { fiscalFactsOf } from '../identity/contentTwin';
import { isGenericRfc } from '../identity/saleIdentity';
import type { BusinessKey } from '../cfdi/voucherSource';
import type { VoucherRecord } from '../api/voucherRecords';
import { BuiltVoucher } from '../voucherInput/builtVoucher';
import { withIssuerDefaults, type IssuerDefaults } from '../voucherInput/issuerDefaults';
import { prepareVoucher, withReconciliation } from '../voucherInput/prepareVoucher';
import { takesAdditionalFields, voucherInputMode } from '../voucherInput/voucherBody';
import { readJsonParameter } from '../execution/itemParameters';
import { duplicateCheckModeOf, saleFactsOf } from './duplicateCheck';
import { uncheckedNote } from './duplicateOutcome';
import type { LedgerDocument } from '../ledger/ledger';
import type { SaleLedger } from './saleLedger';
import type { StampingService } from './stampingService';
import type { StampingKinds } from './stampingKinds';
import type { StampingSettings } from './runSettings';
import type { RunParameters } from '../execution/runParameters';
import type { StampingMode, StampJob, VoucherTarget } from './stampJob';

/**
 * The run's ledger asked which live documents relate a voucher (saleLedger.ts); `known`: XML the
 * step already downloaded, by upper-case UUID, not read again.
 */
export type RelatingDocuments = (
	uuid: string,
	known?: Map<string, string>,
) => Promise<LedgerDocument[]>;

/**
 * What a voucher operation gives the stamping handler; everything else (options, local checks,
 * the no-double-stamp protocol, retries, output, scheduling) is the handler's.
 */
/**
 * A step of the operation around its item's voucher (before it is sent, after it is stamped), with the
 * general-public vouchers under the sale's key and the run's ledger of documents relating a voucher.
 */
export type SaleStep = (
	ctx: IExecuteFunctions,
	job: StampJob,
	run: StepRun,
	generalPublic: VoucherRecord[] | undefined,
	relating: RelatingDocuments,
) => Promise<IDataObject | undefined>;

export interface VoucherOperation {
	/**
	 * Builds one item's voucher from the node's parameters (fields, JSON, an order, a payment...).
	 * Local work only: throw a NodeOperationError naming the field and the fix, nothing is sent.
	 * A BuiltVoucher adds members to the output item, or skips the item (no body: nothing is sent).
	 */
	buildVoucher(
		ctx: IExecuteFunctions,
		itemIndex: number,
		issuer: IssuerDefaults,
	): IDataObject | BuiltVoucher;
	/** Where the item's voucher goes (read the id here, e.g. with readVoucherId). */
	target(ctx: IExecuteFunctions, itemIndex: number): VoucherTarget;
	/**
	 * The input items each voucher gathers, when a voucher is not one item (a global invoice, or its
	 * parts): buildVoucher is then called once per voucher with its position here, and reads the
	 * items itself; each output pairs with its voucher's items. Local work only, read once per run.
	 */
	itemsPerVoucher?(ctx: IExecuteFunctions): number[][];
	/**
	 * A step before the item's voucher is sent (after the duplicate check found it not stamped):
	 * may send other requests (a global invoice replaced), throw to stop the item, or answer members
	 * for the item's output. `generalPublic`: the general-public vouchers the Duplicate Check's list
	 * read met (undefined when the item had no check), which the step may update as it changes them;
	 * `relating`: the run's ledger, for the documents relating a voucher the step would cancel.
	 */
	beforeSend?: SaleStep;
	/**
	 * Whether the item's sale may already be documented to the general public (an order's invoice to
	 * its buyer): a general-public voucher under its key is then not another recipient's voucher of
	 * the sale but a global invoice holding it, which beforeSend handles (Sale in a Global Invoice).
	 */
	mayBeInGlobalInvoice?(ctx: IExecuteFunctions, itemIndex: number): boolean;
	/**
	 * A step after the item's voucher was stamped, or found stamped by the duplicate check (a re-run
	 * of a run stopped after the stamp): may send other requests (a replaced global invoice cancelled
	 * last) and answer members for the item's output. It does not throw: the voucher is stamped, so
	 * what is left for the shop goes into the output (needsAttention).
	 */
	afterStamped?: SaleStep;
	/**
	 * What the item's error adds when its voucher is refused after beforeSend sent other requests
	 * (motive 04 stopped half-way): the error, with what is left for the shop.
	 */
	whenRefused?<E extends { context: IDataObject }>(error: E, job: StampJob): E;
	/** The XML text of the invoices the item relates, already downloaded (by upper-case UUID): not read again. */
	relatedXml?(itemIndex: number): Map<string, string>;
	/** The run's ledger when the operation read it before planning (a global sale's credits). */
	ledger?: SaleLedger;
	/**
	 * What the kinds in their own folders add to Compute Totals, the local checks and the Duplicate
	 * Check's twins (the kinds table, actions/voucher/kindsTable.ts): the protocol imports no kind.
	 */
	kinds: StampingKinds;
}

/**
 * What an operation's step before or after an item's voucher gets of the run: the run's client of
 * the service, and the run's stamping settings, with which a voucher of the step goes through the
 * same protocol (stampStepVoucher).
 */
export interface StepRun {
	client: StampingService;
	settings: StampingSettings;
}

/**
 * Reads and checks one item locally: target, Stamp, Stamping Mode, the voucher body and the CFDI
 * checks. Any problem throws here, before the item takes a turn to send anything. A setting unsafe
 * for the whole run (n8n's Retry On Fail) is refused earlier, by runStamping (runSettings.ts).
 */
export function planStampJob(
	ctx: IExecuteFunctions,
	parameters: RunParameters,
	operation: VoucherOperation,
	itemIndex: number,
	issuer: IssuerDefaults = {},
): StampJob | BuiltVoucher {
	const target = operation.target(ctx, itemIndex);
	const built = operation.buildVoucher(ctx, itemIndex, issuer);
	if (built instanceof BuiltVoucher && !built.body) return built;
	const stamp = parameters.get('stamp', itemIndex, true) as boolean;
	// A pending save is one harmless call; an update of a pending id is always settled by read-back.
	const mode: StampingMode =
		target.kind === 'update'
			? 'twoPhase'
			: stamp
				? (parameters.get<StampingMode>('stampingMode', itemIndex, 'twoPhase') as StampingMode)
				: 'direct';
	const options = parameters.get<IDataObject>('options', itemIndex, {});
	// The issuer remembered in the credential first: the duplicate check's key and the checks see it.
	let given = withIssuerDefaults(
		built instanceof BuiltVoucher ? (built.body as IDataObject) : built,
		issuer,
	);
	const keyed =
		target.kind === 'create'
			? duplicateKeyOf(
					parameters,
					itemIndex,
					given,
					built instanceof BuiltVoucher ? built.source.key : undefined,
				)
			: undefined;
	const recipientRfc = built instanceof BuiltVoucher ? built.source.recipientRfc : undefined;
	const duplicate = keyed && recipientRfc ? { ...keyed, recipientRfc } : keyed;
	// The key is found on the list by series and folio: a voucher without a folio carries the key's.
	if (duplicate?.key?.folio && !String(given.folio ?? '').trim())
		given = { ...given, folio: duplicate.key.folio };
	// The item's input mode and Additional Fields read here, so that preparing takes plain values.
	const node = ctx.getNode();
	const input = voucherInputMode((name) => parameters.get(name, itemIndex, ''), node.typeVersion);
	const additionalFields = takesAdditionalFields(options, input)
		? readJsonParameter(ctx, 'options.additionalFieldsJson', itemIndex, 'Additional Fields (JSON)')
		: undefined;
	const prepared = prepareVoucher(
		node,
		itemIndex,
		given,
		stamp,
		options,
		operation.kinds,
		{ ...input, additionalFields },
		built instanceof BuiltVoucher ? built.source : undefined,
	);
	const body = { ...prepared.body };
	// Create sends no id; the body id of an update must equal the id in the path (spec 4.3).
	if (target.kind === 'create') delete body.id;
	else body.id = target.id;
	const output = withReconciliation(
		node.typeVersion,
		built instanceof BuiltVoucher ? built.output : {},
		prepared.reconciliation,
	);
	// What was put as the SAT records it (the legal name's company type, spacing, case, codes).
	if (prepared.recipientChanges)
		output.recipientNormalized = prepared.recipientChanges as unknown as IDataObject[];
	const checked = duplicate
		? identityOf(parameters, itemIndex, duplicate, body, prepared.qs, stamp)
		: undefined;
	if (checked && 'folio' in checked && checked.folio) body.folio = checked.folio;
	if (checked && 'unchecked' in checked) output.duplicateCheck = uncheckedNote(checked.unchecked);
	return {
		itemIndex,
		target,
		stamp,
		mode,
		voucher: { ...prepared, body },
		series: seriesOf(body),
		output,
		...(checked && 'job' in checked ? { duplicate: checked.job } : {}),
	};
}

/** The key the item's Duplicate Check setting gives before the voucher is prepared (no key: decided after). */
export type PlannedKey = {
	mode: Exclude<DuplicateCheckMode, 'off'>;
	key?: BusinessKey;
	/** A self-invoice request: the voucher found must be this recipient's. */
	recipientRfc?: string;
};

/**
 * The item's sale, with what the identity rule compares (its recipient and total, as sent), and
 * for a voucher without a key its content key, whose folio the voucher then carries. A voucher
 * to the general public without a key is not checked: identical sales to it are common.
 */
export function identityOf(
	parameters: RunParameters,
	itemIndex: number,
	planned: PlannedKey,
	body: IDataObject,
	qs: IDataObject,
	stamp: boolean,
): { job: NonNullable<StampJob['duplicate']>; folio?: string } | { unchecked: string } | undefined {
	const sale = saleFactsOf(body);
	const dated = qs.noCalcularFecha === true || qs.noCalcularFecha === 'true';
	const base = {
		mode: planned.mode,
		sale,
		...(dated ? { dated } : {}),
		...(planned.recipientRfc ? { recipientRfc: planned.recipientRfc } : {}),
	};
	if (planned.key) return { job: { ...base, key: planned.key } };
	// A pending save without a key has no fiscal effect: a repeated one leaves only another draft.
	if (!stamp) return undefined;
	const hours = Number(
		parameters.get('duplicateCheckWindow', itemIndex, DEFAULT_CONTENT_WINDOW_HOURS),
	);
	const windowHours = Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_CONTENT_WINDOW_HOURS;
	const now = Math.floor(Date.now() / 1000);
	const since = new Date((now - windowHours * 3_600) * 1000).toISOString();
	// Bound to its window: matched only within it, and, sent with its own date, also at that date.
	const bound = {
		...base,
		...(dated && body.fecha ? { ownDate: String(body.fecha) } : {}),
		fiscal: fiscalFactsOf(body),
	};
	const own = keyOfFolio(
		body,
		`folio:${String(body.serie ?? '').trim()}-${String(body.folio ?? '').trim()}`,
		`the voucher's series, folio, recipient and total (no Duplicate Check Key), within ${windowHours} hours`,
	);
	if (own) return { job: { ...bound, key: { ...own, since, exactSince: true } } };
	if (isGenericRfc(sale.recipientRfc))
		return {
			unchecked: `No check was made: the voucher has no Duplicate Check Key and no folio, and its recipient is the generic RFC ${sale.recipientRfc}, whose identical sales are common. Map a Duplicate Check Key (e.g. a ticket number) so that a re-run returns the first voucher instead of stamping again.`,
		};
	const { key, folio } = contentKey(body, now, windowHours);
	return { job: { ...bound, key }, folio };
}

/**
 * The item's business key under its Duplicate Check setting: the Duplicate Check Key when given,
 * else the one its builder derived (an order, a payment, a period); no key yet when neither gives
 * one (the voucher's content then identifies it: identityOf); none when the check is off.
 */
export function duplicateKeyOf(
	parameters: RunParameters,
	itemIndex: number,
	body: IDataObject,
	derived: BusinessKey | undefined,
): PlannedKey | undefined {
	const mode = duplicateCheckModeOf(parameters, itemIndex);
	if (mode === 'off') return undefined;
	const raw = parameters.get<unknown>('duplicateCheckKey', itemIndex, '');
	const read = keyText(raw);
	if ('wrongType' in read)
		throw new NodeOperationError(
			parameters.getNode(),
			`Item ${itemIndex}: Duplicate Check Key is ${read.wrongType}, not text or a number`,
			{
				itemIndex,
				description: `The key is written as the voucher's folio, so it must be text or a number; ${read.wrongType} would become "${String(raw).slice(0, 40)}" and match every sale with such a key. Map one member, e.g. {{ $json.order.number }} instead of {{ $json.order }}. Nothing was sent.`,
			},
		);
	const given = read.text;
	if (!given) return derived?.folio ? { mode, key: derived } : { mode };
	try {
		const { key } = userKey(given, body);
		return { mode, key: derived?.since ? { ...key, since: derived.since } : key };
	} catch (error) {
		const fix = error instanceof BusinessKeyError ? error.fix : 'Check the Duplicate Check Key.';
		throw new NodeOperationError(
			parameters.getNode(),
			`Item ${itemIndex}: ${(error as Error).message}`,
			{
				itemIndex,
				description: `${fix} Nothing was sent.`,
			},
		);
	}
}

/** The job sent as an update of pending voucher `id` (the update carries its id in the body). */
export const updating = (job: StampJob, id: number): StampJob => ({
	...job,
	target: { kind: 'update', id, seenPending: true },
	voucher: { ...job.voucher, body: { ...job.voucher.body, id } },
});

/** The series an item stamps on: the voucher's `serie` (no series is a series of its own). */
export function seriesOf(body: { serie?: unknown }): string {
	return typeof body.serie === 'string'
		? body.serie.trim()
		: body.serie === undefined || body.serie === null
			? ''
			: String(body.serie);
}
