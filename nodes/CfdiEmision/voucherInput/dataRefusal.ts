/**
 * The structured part of a refusal of the voucher's data, beside the error's English words, so a
 * workflow (a self-invoice page, a list of fixes for a clerk) can act on each problem without
 * reading the message: where it is (the form's label and the JSON path), which rule (the SAT's
 * code where there is one, the node's stable code otherwise), the value, the fix, and who refused
 * it: the node's own checks before sending (nothing sent) or the service.
 * Pure: no n8n imports.
 */
import { RECIPIENT_FIXES, recipientProblems } from '../cfdi/recipientData';
import type { Finding } from '../cfdi/types';
import { formLabel } from './formLabels';

export interface DataProblem {
	/** The form's name for the field ("Recipient RFC"), null when the form has none. */
	field: string | null;
	/** The JSON path in the voucher ("receptor.rfc"), null when the refusal names no member. */
	path: string | null;
	/** The SAT's code (CFDI40147) or the provider's (FAC112), or the node's own (RFC_PATTERN). */
	code: string;
	/** The value refused, when known. */
	value?: unknown;
	/** What is wrong, as the check or the service said it. */
	message: string;
	/** What to do about it. */
	fix: string;
}

export type RefusedBy = 'localCheck' | 'service';

/** The first problem, flat for a simple mapping, and every problem in `problems`. */
export interface DataRefusal extends DataProblem {
	/** localCheck: found before sending, nothing was sent. service: the service refused what it got. */
	by: RefusedBy;
	/** Whether the voucher reached the service (false for every local check). */
	sent: boolean;
	problems: DataProblem[];
}

type Voucher = Record<string, unknown>;

/** The value at a path such as "receptor.rfc" or "conceptos[1].claveUnidad"; undefined when absent. */
export function valueAt(voucher: Voucher, path: string): unknown {
	let here: unknown = voucher;
	for (const part of path.split(/\.|(?=\[)/)) {
		if (here === null || typeof here !== 'object') return undefined;
		const index = /^\[(\d+)\]$/.exec(part);
		here = index ? (Array.isArray(here) ? here : [])[Number(index[1])] : (here as Voucher)[part];
	}
	return here;
}

function refusal(by: RefusedBy, problems: DataProblem[]): DataRefusal | undefined {
	if (!problems.length) return undefined;
	return { by, sent: by === 'service', ...problems[0], problems };
}

/** The node's findings (validation) as a refusal: nothing was sent. */
export function localRefusal(findings: Finding[], voucher: Voucher = {}): DataRefusal | undefined {
	return refusal(
		'localCheck',
		findings.map((finding) => ({
			field: finding.path ? (formLabel(finding.path, voucher) ?? null) : null,
			path: finding.path || null,
			code: finding.code,
			...(finding.value !== undefined
				? { value: finding.value }
				: finding.path && valueAt(voucher, finding.path) !== undefined
					? { value: valueAt(voucher, finding.path) }
					: {}),
			message: finding.message,
			fix: finding.fix,
		})),
	);
}

const SERVICE_FIX =
	"Look the code up (CFDI40xxx codes are the SAT's CFDI 4.0 rules, FACxxx the provider's), correct the voucher and send it again.";

/**
 * The service's errores as a refusal: a refusal of the recipient's data is placed on its field
 * (the SAT's code ranges, or the attribute its words name); any other code keeps its words with no
 * field. The values are the body's, when the caller has it.
 */
export function serviceRefusal(
	errores: ReadonlyArray<{ codigo: string; mensaje: string }>,
	voucher?: Voucher,
): DataRefusal | undefined {
	const problems = errores.map(({ codigo, mensaje }): DataProblem => {
		const [recipient] = recipientProblems([{ codigo, mensaje }]);
		const path = recipient?.path ?? null;
		const value = path && voucher ? valueAt(voucher, path) : undefined;
		return {
			field: path ? (formLabel(path) ?? null) : null,
			path,
			code: codigo,
			...(value !== undefined ? { value } : {}),
			message: mensaje,
			fix: recipient ? RECIPIENT_FIXES[recipient.field] : SERVICE_FIX,
		};
	});
	return refusal('service', problems);
}

/** The refusal with each problem's value read from the body that was sent (the service's answer has none). */
export function withValues(refused: DataRefusal, voucher: Voucher): DataRefusal {
	const problems = refused.problems.map((problem) => {
		if (problem.value !== undefined || !problem.path) return problem;
		const value = valueAt(voucher, problem.path);
		return value === undefined ? problem : { ...problem, value };
	});
	return { ...refused, ...problems[0], problems };
}

/** The stable code of a total that cannot meet its source's money to the cent (cfdi/reconcile.ts). */
export const TOTALS_DIFFER = 'TOTALS_DIFFER';

/**
 * A reconciliation refusal as a problem: the source's figure (its input member and where it comes
 * from) against the voucher's total. `from` names a node field ("Expected Total") or a member of
 * the source ("the order's total_price"): only the first is a field of the form.
 */
export function totalsProblem(
	refused: { field: string; message: string; fix: string },
	money: { amount: string; from: string; field?: string },
): DataProblem {
	return {
		field: /^the\b/i.test(money.from) ? null : money.from,
		path: money.field || refused.field || null,
		code: TOTALS_DIFFER,
		value: money.amount,
		message: refused.message,
		fix: refused.fix,
	};
}

/** Problems found before sending (validation findings, a total that differs) as one refusal. */
export function localProblemsRefusal(problems: DataProblem[]): DataRefusal | undefined {
	return refusal('localCheck', problems);
}
