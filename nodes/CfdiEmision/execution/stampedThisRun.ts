/**
 * Whether the voucher of an incoming item was stamped in this execution, read from the item's
 * `status`: the stamping operations (Create and its kinds, Update) put it on their output item,
 * and XML, PDF and E-mail pass it on. E-mail → Send sends by default only for such a voucher, so a
 * workflow run again, whose Create answers with the voucher stamped the first time (status
 * `alreadyStamped`), does not e-mail the buyer a second time.
 *
 * An item without a status (a Manual Trigger or a Set node with a UUID, Get Status's record of
 * another day without one, an expression) is sent: no stamping step of this execution speaks for
 * it, so the e-mail is asked for on purpose. A status of a voucher's state as the service lists it
 * (`stamped` from Get Many or the trigger) is sent too. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

/** Statuses of a voucher stamped now (`stampedTwin`: stamped now, and another execution stamped the same sale). */
const STAMPED_NOW: ReadonlySet<string> = new Set(['stamped', 'stampedTwin']);

/** The status of a voucher the Duplicate Check found stamped before this execution. */
export const STAMPED_EARLIER_STATUS = 'alreadyStamped';

/**
 * The member of an `alreadyStamped` item whose voucher another execution stamped while this one ran
 * (two deliveries of one request at once): that execution answered `stamped` and e-mails it, so this
 * item is never e-mailed, whatever the option below (a double delivery asks for one e-mail).
 */
export const STAMPED_MEANWHILE = 'stampedMeanwhile';

/** The option that sends anyway (E-mail → Send's Options), as the editor names it. */
export const SEND_AGAIN_OPTION = 'Send Again for Vouchers Stamped Earlier';

export interface NotSent {
	/**
	 * `stampedEarlier`: the voucher existed before this run; `stampedMeanwhile`: another execution
	 * stamped it during this one (never sent); `notStampedNow`: any other status.
	 */
	reason: 'stampedEarlier' | 'stampedMeanwhile' | 'notStampedNow';
	/** The incoming item's status. */
	status: string;
	/** What happened and how to send anyway, for the item and the execution hint. */
	message: string;
}

/**
 * Why the item's e-mail is not sent, or undefined when it is: no status, a voucher stamped now, or
 * an item skipped upstream without a voucher (passed on by the item loop, as by every operation).
 */
export function notStampedNow(
	json: IDataObject,
	itemIndex: number,
	sendAgain = false,
): NotSent | undefined {
	const status = json.status;
	if (typeof status !== 'string' || !status.trim()) return undefined;
	if (STAMPED_NOW.has(status)) return undefined;
	const uuid = typeof json.uuid === 'string' && json.uuid ? json.uuid.toUpperCase() : '';
	// Skipped upstream without a voucher: passed on by the item loop with its own notice.
	if (status === 'skipped' && !uuid) return undefined;
	const voucher = uuid ? `voucher ${uuid}` : 'its voucher';
	if (status === STAMPED_EARLIER_STATUS && json[STAMPED_MEANWHILE] === true)
		return {
			reason: 'stampedMeanwhile',
			status,
			message: `Item ${itemIndex} was not e-mailed: ${voucher} was stamped by another execution while this one ran (the same request delivered twice at once); that execution answered "stamped" and e-mails it. "${SEND_AGAIN_OPTION}" does not apply to it: one stamp, one e-mail.`,
		};
	if (sendAgain) return undefined;
	const sendAnyway = `To send it on purpose, turn on the option "${SEND_AGAIN_OPTION}".`;
	if (status === STAMPED_EARLIER_STATUS)
		return {
			reason: 'stampedEarlier',
			status,
			message: `Item ${itemIndex} was not e-mailed: ${voucher} was stamped before this execution (status "${status}"), e.g. by an earlier run of this workflow or by "Execute step" on the stamping node alone. Whether it was e-mailed then is not known: the service keeps no record of e-mails and an editor run keeps nothing. If the buyer has not received it, turn on the option "${SEND_AGAIN_OPTION}" for one run.`,
		};
	return {
		reason: 'notStampedNow',
		status,
		message: `Item ${itemIndex} was not e-mailed: ${voucher} was not stamped in this execution (status "${status}"). ${sendAnyway}`,
	};
}

/** The note shown above the node's output for the items not e-mailed. */
export function notSentHint(notSent: ReadonlyArray<NotSent>): string {
	if (notSent.length === 1) return notSent[0].message;
	return `${notSent.length} items were not e-mailed because their vouchers were not stamped in this execution: ${notSent
		.slice(0, 3)
		.map((entry) => entry.message)
		.join(' ')}${notSent.length > 3 ? ' ...' : ''}`;
}
