import { CANCELLATION_MOTIVE } from './catalogs/cancellationMotive';
import { findEntry } from './catalogs/lookup';
import { fieldText } from './fieldText';

/** The SAT folio fiscal (UUID) in any letter case. */
export const FOLIO_FISCAL_PATTERN =
	/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CancellationRequest {
	/** Upper case, as the SAT writes it. */
	uuid: string;
	motive: string;
	/** The UUID of the replacing voucher (motive 01 only), upper case; '' otherwise. */
	replacementUuid: string;
}

export interface CancellationProblem {
	field: 'uuid' | 'motive' | 'replacementUuid';
	message: string;
	fix: string;
}

/**
 * Checks a cancellation before anything is sent: a well-formed UUID, a motive of the SAT catalog,
 * and the replacement UUID that motive 01 requires and the other motives refuse.
 */
export function checkCancellationRequest(input: {
	uuid: unknown;
	motive: unknown;
	replacementUuid: unknown;
}): CancellationRequest | CancellationProblem {
	const uuid = fieldText(input.uuid);
	if (!FOLIO_FISCAL_PATTERN.test(uuid)) {
		return {
			field: 'uuid',
			message: `UUID "${uuid}" is not a voucher UUID.`,
			fix: 'Use the 36-character UUID (folio fiscal) of the stamped voucher to cancel.',
		};
	}
	const motive = fieldText(input.motive);
	const entry = findEntry(CANCELLATION_MOTIVE, motive);
	if (!entry) {
		return {
			field: 'motive',
			message: `Motive "${motive}" is not a SAT cancellation motive.`,
			fix: `Use one of ${CANCELLATION_MOTIVE.map((m) => `${m.code} (${m.description})`).join(', ')}.`,
		};
	}
	const replacementUuid = fieldText(input.replacementUuid);
	if (entry.requiresFolioSustitucion) {
		if (!replacementUuid) {
			return {
				field: 'replacementUuid',
				message: `Motive ${motive} needs the UUID of the replacing voucher.`,
				fix: 'Stamp the corrected voucher first and enter its UUID in "Replacement UUID", or use motive 02 if there is no replacement.',
			};
		}
		if (!FOLIO_FISCAL_PATTERN.test(replacementUuid)) {
			return {
				field: 'replacementUuid',
				message: `Replacement UUID "${replacementUuid}" is not a voucher UUID.`,
				fix: 'Use the 36-character UUID (folio fiscal) of the stamped replacing voucher.',
			};
		}
		if (replacementUuid.toUpperCase() === uuid.toUpperCase()) {
			return {
				field: 'replacementUuid',
				message: 'The replacement UUID is the UUID of the voucher being cancelled.',
				fix: 'Enter the UUID of the new voucher that replaces this one.',
			};
		}
	} else if (replacementUuid) {
		return {
			field: 'replacementUuid',
			message: `Motive ${motive} does not take a replacement UUID.`,
			fix: 'Leave "Replacement UUID" empty, or use motive 01 (issued with errors, with a replacement voucher).',
		};
	}
	return {
		uuid: uuid.toUpperCase(),
		motive,
		replacementUuid: entry.requiresFolioSustitucion ? replacementUuid.toUpperCase() : '',
	};
}

export function isCancellationProblem(
	value: CancellationRequest | CancellationProblem,
): value is CancellationProblem {
	return 'field' in value;
}
