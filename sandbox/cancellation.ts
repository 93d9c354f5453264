/**
 * Cancellation (DELETE .../comprobantes/{uuid}): not in the spec; its shape comes from public
 * integrations of the real service (service-facts.md). The SAT rules it follows: motive 01 needs
 * the UUID of the replacing voucher; most vouchers above 1,000 MXN need the recipient's acceptance
 * (RMF rule 2.7.1.35 lists the exceptions); a recipient who does not answer within three business
 * days accepts tacitly ("Plazo vencido").
 */
import { mexicoCityDateTime, isBusinessDay, mexicoCityEpoch } from './clock';
import type { Call, Reply } from './http';
import { bindJsonObject, isObject, queryValue, toNumber } from './modelBinding';
import { isJsonMediaType, json, message, unsupportedMediaType, validationProblem } from './replies';
import type { CancellationRecord, StoredVoucher, ValidationError } from './types';

const MOTIVES = ['01', '02', '03', '04'];
const UUID_PATTERN = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;
const DAY_MS = 86_400_000;
/** SAT: the recipient has three business days to answer; silence is acceptance. */
const ACCEPTANCE_BUSINESS_DAYS = 3;
/** Recipients whose vouchers never need acceptance (rule 2.7.1.35 VII and VIII). */
const GENERIC_RECIPIENTS = ['XAXX010101000', 'XEXX010101000'];
/** Voucher types cancelled without acceptance (rule 2.7.1.35 II, III, IV): payroll, credit notes, transfers. */
const TYPES_WITHOUT_ACCEPTANCE = ['N', 'E', 'T'];
const ACCEPTANCE_THRESHOLD_MXN = 1000;

export const SAT_STATUS = {
	stamped: 'Timbrado',
	inProcess: 'En proceso',
	cancelledWithoutAcceptance: 'Cancelado sin aceptación',
	cancelledWithAcceptance: 'Cancelado con aceptación',
	tacitlyAccepted: 'Plazo vencido',
	rejected: 'Solicitud rechazada',
} as const;

/** The state of a stamped voucher as the list and the cancel answers report it. */
export interface VoucherStatus {
	/** 2 stamped (valid), 3 cancelled, 4 waiting for the recipient to accept the cancellation. */
	subEstatusId: 2 | 3 | 4;
	estatus: 'Vigente' | 'Cancelado';
	subestatus: string;
}

export interface CancellationContext {
	call: Call;
	emisorId: number;
	/** The UUID from the path, URL-decoded. */
	param: string;
	/** A stamped voucher of this issuer by UUID (any letter case). */
	findStamped: (emisorId: number, uuid: string) => StoredVoucher | undefined;
	vouchers: Iterable<StoredVoucher>;
}

export class CancellationBook {
	readonly records = new Map<string, CancellationRecord>();

	constructor(private readonly options: { now: () => number; nextBusinessDayRule: boolean }) {}

	/** The request record, after applying the tacit acceptance of an unanswered request. */
	current(uuid: string): CancellationRecord | undefined {
		const record = this.records.get(uuid.toUpperCase());
		if (record?.state === 'pending') {
			const deadline = addBusinessDays(record.requestedAt, ACCEPTANCE_BUSINESS_DAYS);
			if (this.options.now() >= deadline)
				Object.assign(record, {
					state: 'cancelled',
					descripcion: SAT_STATUS.tacitlyAccepted,
					resolvedAt: deadline,
				});
		}
		return record;
	}

	statusOf(stored: StoredVoucher): VoucherStatus {
		const record = stored.uuid === null ? undefined : this.current(stored.uuid);
		if (record?.state === 'cancelled')
			return { subEstatusId: 3, estatus: 'Cancelado', subestatus: record.descripcion };
		if (record?.state === 'pending')
			return { subEstatusId: 4, estatus: 'Vigente', subestatus: record.descripcion };
		return {
			subEstatusId: 2,
			estatus: 'Vigente',
			subestatus: record?.descripcion ?? SAT_STATUS.stamped,
		};
	}

	resolve(uuid: string, answer: 'accepted' | 'rejected'): CancellationRecord {
		const record = this.current(uuid);
		if (!record || record.state !== 'pending') {
			throw new Error(
				`resolveCancellation: ${uuid} has no cancellation waiting for acceptance (${record ? record.state : 'none requested'})`,
			);
		}
		record.state = answer === 'accepted' ? 'cancelled' : 'rejected';
		record.descripcion =
			answer === 'accepted' ? SAT_STATUS.cancelledWithAcceptance : SAT_STATUS.rejected;
		record.resolvedAt = this.options.now();
		return record;
	}

	/** DELETE .../comprobantes/{uuid} with `{ motivo, folioSustitucion }` as JSON body (or, like one client, as query). */
	cancel(ctx: CancellationContext): Reply {
		const bound = bindCancelRequest(ctx.call);
		if ('reply' in bound) return bound.reply;
		const stored = ctx.findStamped(ctx.emisorId, ctx.param.trim());
		if (!stored || stored.uuid === null) return message(404, 'No se encontró el comprobante.');

		// Asking again while cancelled or waiting reports the state; nothing new is requested.
		const existing = this.current(stored.uuid);
		if (existing && existing.state !== 'rejected') {
			existing.askedAgain += 1;
			return json(200, cancelResult(stored, this.statusOf(stored)));
		}

		const errors = this.requestErrors(ctx, stored, bound.motivo, bound.folioSustitucion);
		if (errors.length > 0) {
			return json(200, {
				esValido: false,
				idComprobante: stored.id,
				errores: errors,
				uuid: stored.uuid,
				subEstatusId: this.statusOf(stored).subEstatusId,
				descripcion: errors.map((e) => `${e.codigo}: ${e.mensaje}`).join(' | '),
			});
		}
		const now = this.options.now();
		const immediate = !this.needsAcceptance(stored, now);
		this.records.set(stored.uuid, {
			uuid: stored.uuid,
			emisorId: stored.emisorId,
			motivo: bound.motivo,
			folioSustitucion: bound.folioSustitucion ? bound.folioSustitucion.toUpperCase() : null,
			state: immediate ? 'cancelled' : 'pending',
			descripcion: immediate ? SAT_STATUS.cancelledWithoutAcceptance : SAT_STATUS.inProcess,
			requestedAt: now,
			resolvedAt: immediate ? now : null,
			askedAgain: 0,
		});
		return json(200, cancelResult(stored, this.statusOf(stored)));
	}

	private requestErrors(
		ctx: CancellationContext,
		stored: StoredVoucher,
		motivo: string,
		folio: string,
	): ValidationError[] {
		if (!MOTIVES.includes(motivo)) {
			return [
				{
					codigo: 'FAC201',
					mensaje: `El motivo de cancelación "${motivo}" no es válido; use 01, 02, 03 o 04.`,
				},
			];
		}
		const replacementUuid = folio.toUpperCase();
		let replacement: StoredVoucher | undefined;
		if (motivo === '01') {
			if (folio === '')
				return [
					{
						codigo: 'FAC202',
						mensaje:
							'El motivo 01 requiere el folio de sustitución (UUID del comprobante que sustituye).',
					},
				];
			replacement = UUID_PATTERN.test(replacementUuid)
				? ctx.findStamped(ctx.emisorId, replacementUuid)
				: undefined;
			if (
				!replacement ||
				replacementUuid === stored.uuid ||
				this.statusOf(replacement).subEstatusId === 3
			) {
				return [
					{
						codigo: 'FAC204',
						mensaje: `El folio de sustitución ${folio} no es un comprobante vigente del emisor.`,
					},
				];
			}
		} else if (folio !== '') {
			return [
				{ codigo: 'FAC203', mensaje: 'El folio de sustitución solo se admite con el motivo 01.' },
			];
		} else if (motivo === '04' && !isObject(stored.body.informacionGlobal)) {
			// Motive 04 cancels a global invoice that holds a sale its buyer now invoices nominatively.
			return [
				{
					codigo: 'FAC206',
					mensaje:
						'El motivo 04 (operación nominativa relacionada en una factura global) solo aplica a un CFDI global.',
				},
			];
		}
		// SAT "No cancelable": a valid voucher of the issuer still refers to this one (a payment receipt,
		// a credit note). The replacement named in the request is the expected exception.
		const uuid = stored.uuid as string;
		for (const other of ctx.vouchers) {
			if (
				other === stored ||
				other === replacement ||
				other.emisorId !== stored.emisorId ||
				other.state !== 'stamped'
			)
				continue;
			if (this.statusOf(other).subEstatusId === 3) continue;
			if (JSON.stringify(other.body).toUpperCase().includes(uuid)) {
				return [
					{
						codigo: 'FAC205',
						mensaje: `No cancelable: el comprobante ${other.uuid} tiene relacionado este CFDI y sigue vigente.`,
					},
				];
			}
		}
		return [];
	}

	/** RMF rule 2.7.1.35: the cases cancelled at once; everything else waits for the recipient. */
	private needsAcceptance(stored: StoredVoucher, now: number): boolean {
		const body = stored.body;
		const tipo = typeof body.tipoDeComprobante === 'string' ? body.tipoDeComprobante : 'I';
		if (TYPES_WITHOUT_ACCEPTANCE.includes(tipo)) return false;
		const receptor = isObject(body.receptor) ? body.receptor : {};
		if (typeof receptor.rfc === 'string' && GENERIC_RECIPIENTS.includes(receptor.rfc.toUpperCase()))
			return false;
		// Rule I excludes payment receipts, whose total is always 0.
		if (tipo !== 'P' && totalInMxn(body) <= ACCEPTANCE_THRESHOLD_MXN) return false;
		if (
			this.options.nextBusinessDayRule &&
			stored.stampedAt !== null &&
			now <= endOfNextBusinessDay(stored.stampedAt)
		)
			return false;
		return true;
	}
}

function cancelResult(stored: StoredVoucher, status: VoucherStatus): Record<string, unknown> {
	return {
		esValido: true,
		idComprobante: stored.id,
		errores: null,
		uuid: stored.uuid,
		subEstatusId: status.subEstatusId,
		descripcion: status.subestatus,
	};
}

function bindCancelRequest(
	call: Call,
): { motivo: string; folioSustitucion: string } | { reply: Reply } {
	let fields: Record<string, unknown>;
	if (call.body.trim() === '') {
		fields = {
			motivo: queryValue(call.searchParams, 'motivo'),
			folioSustitucion: queryValue(call.searchParams, 'folioSustitucion'),
		};
	} else {
		if (!isJsonMediaType(call.headers['content-type'])) return { reply: unsupportedMediaType() };
		const bound = bindJsonObject(call.body, 'SolicitudCancelacion');
		if ('errors' in bound) return { reply: validationProblem(bound.errors) };
		fields = bound.value;
	}
	const errors: Record<string, string[]> = {};
	for (const field of ['motivo', 'folioSustitucion']) {
		const value = fields[field];
		if (value !== undefined && value !== null && typeof value !== 'string') {
			errors[`$.${field}`] = [
				`The JSON value could not be converted to System.String. Path: $.${field}`,
			];
		}
	}
	if (!errors['$.motivo'] && (typeof fields.motivo !== 'string' || fields.motivo.trim() === ''))
		errors.motivo = ['The motivo field is required.'];
	if (Object.keys(errors).length > 0) return { reply: validationProblem(errors) };
	return {
		motivo: (fields.motivo as string).trim(),
		folioSustitucion:
			typeof fields.folioSustitucion === 'string' ? fields.folioSustitucion.trim() : '',
	};
}

/** The voucher total in pesos: foreign-currency totals times their exchange rate. */
function totalInMxn(body: Record<string, unknown>): number {
	const total = toNumber(body.total) ?? 0;
	const moneda = typeof body.moneda === 'string' ? body.moneda : 'MXN';
	return moneda === 'MXN' || moneda === 'XXX' ? total : total * (toNumber(body.tipoCambio) ?? 1);
}

/** The same wall-clock time `days` business days later (Mexico City calendar). */
function addBusinessDays(epochMs: number, days: number): number {
	let at = epochMs;
	for (let counted = 0; counted < days;) {
		at += DAY_MS;
		if (isBusinessDay(at)) counted += 1;
	}
	return at;
}

/** 23:59:59 Mexico City time of the first business day after the given instant. */
function endOfNextBusinessDay(epochMs: number): number {
	const next = addBusinessDays(epochMs, 1);
	return mexicoCityEpoch(`${mexicoCityDateTime(next).slice(0, 10)}T23:59:59`);
}
