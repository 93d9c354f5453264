/**
 * Voucher list and search (GET .../emisores/{id}/comprobantes): not in the spec; the query and
 * the two answer framings come from public integrations of the real service (service-facts.md).
 * `finicial` / `ffinal` are Unix seconds compared with the voucher date (the CFDI Fecha, Mexico
 * City time); newest first; `skip` / `take` page; `uuid` narrows to one voucher. `dates` writes
 * them in another zone (the list's zone is not known), for the client's tolerance of it.
 */
import type { CancellationBook } from './cancellation';
import { mexicoCityDateTime, mexicoCityEpoch } from './clock';
import type { Call, Reply } from './http';
import { isObject, queryValue, toNumber } from './modelBinding';
import { json, validationProblem } from './replies';
import type { ListDates, StoredVoucher } from './types';

/** Page size when `take` is absent (the service's default is not known). */
const DEFAULT_TAKE = 20;

export interface ListContext {
	call: Call;
	emisorId: number;
	vouchers: Iterable<StoredVoucher>;
	cancellations: CancellationBook;
	framing: 'summary' | 'array';
	maxTake: number;
	/** Members left out of each listed voucher (SandboxOptions.listOmits). */
	omits?: string[];
	/** The zone of the listed dates (SandboxOptions.listDates); Mexico City's wall clock without. */
	dates?: ListDates;
}

const HOUR_MS = 3_600_000;

interface ListQuery {
	finicial: number;
	ffinal: number;
	skip: number;
	take: number;
	uuid: string | undefined;
}

export function listVouchers(ctx: ListContext): Reply {
	const query = bindListQuery(ctx.call.searchParams);
	if ('reply' in query) return query.reply;
	const matching = [...ctx.vouchers]
		.filter(
			(stored) =>
				stored.emisorId === ctx.emisorId && stored.state === 'stamped' && stored.uuid !== null,
		)
		.map((stored) => {
			const epoch = mexicoCityEpoch(stored.fecha ?? '');
			const shifted = epoch + (ctx.dates?.offsetHours ?? 0) * HOUR_MS;
			// The date as written: the Fecha's wall clock moved by the offset.
			const fecha = Number.isNaN(epoch) ? stored.fecha : mexicoCityDateTime(shifted);
			const filtered = ctx.dates?.filterBy === 'instant' ? epoch : shifted;
			return { stored, fecha, seconds: Math.floor(filtered / 1000) };
		})
		.filter(
			({ stored, seconds }) =>
				seconds >= query.finicial &&
				seconds <= query.ffinal &&
				(query.uuid === undefined || stored.uuid === query.uuid),
		)
		.sort((a, b) => b.seconds - a.seconds || b.stored.id - a.stored.id);
	const page = matching
		.slice(query.skip, query.skip + Math.min(query.take, ctx.maxTake))
		.map(({ stored, fecha }): Record<string, unknown> => ({
			...summary(stored, ctx.cancellations),
			fecha,
		}))
		.map((listed) => {
			for (const member of ctx.omits ?? []) delete listed[member];
			return listed;
		});
	return json(
		200,
		ctx.framing === 'array'
			? page
			: { numeroComprobantes: matching.length, resumenComprobante: page },
	);
}

function summary(stored: StoredVoucher, cancellations: CancellationBook): Record<string, unknown> {
	const body = stored.body;
	const receptor = isObject(body.receptor) ? body.receptor : {};
	const status = cancellations.statusOf(stored);
	return {
		uuid: stored.uuid,
		idComprobante: stored.id,
		fecha: stored.fecha,
		estatus: status.estatus,
		subestatus: status.subestatus,
		subestatusId: status.subEstatusId,
		serie: typeof body.serie === 'string' ? body.serie : null,
		folio: typeof body.folio === 'string' ? body.folio : null,
		receptorRfc: typeof receptor.rfc === 'string' ? receptor.rfc : null,
		receptorNombre: typeof receptor.nombre === 'string' ? receptor.nombre : null,
		subtotal: toNumber(body.subTotal) ?? null,
		total: toNumber(body.total) ?? null,
		moneda: typeof body.moneda === 'string' ? body.moneda : 'MXN',
	};
}

/** ASP.NET binding of the query: long / int values, 400 problem details naming the key. */
function bindListQuery(params: URLSearchParams): ListQuery | { reply: Reply } {
	const errors: Record<string, string[]> = {};
	const integer = (key: string, fallback: number | undefined, min: number): number => {
		const raw = queryValue(params, key);
		if (raw === undefined || raw.trim() === '') {
			if (fallback === undefined) errors[key] = [`The ${key} field is required.`];
			return fallback ?? 0;
		}
		const value = Number(raw.trim());
		if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value)) {
			errors[key] = [`The value '${raw}' is not valid for ${key}.`];
			return 0;
		}
		if (value < min) errors[key] = [`The field ${key} must be ${min} or more.`];
		return value;
	};
	const finicial = integer('finicial', undefined, 0);
	const ffinal = integer('ffinal', undefined, 0);
	const skip = integer('skip', 0, 0);
	const take = integer('take', DEFAULT_TAKE, 1);
	integer('nocomprobante', 0, 0);
	integer('tipoConfirmacionId', 0, 0);
	if (!errors.finicial && !errors.ffinal && finicial > ffinal)
		errors.ffinal = ['ffinal must not be earlier than finicial.'];
	if (Object.keys(errors).length > 0) return { reply: validationProblem(errors) };
	const uuid = queryValue(params, 'uuid')?.trim().toUpperCase() || undefined;
	return { finicial, ffinal, skip, take, uuid };
}
