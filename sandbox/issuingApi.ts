/**
 * The issuing API at {base_url}: routing, bearer/issuer checks and the voucher state
 * machine (none → pending → stamped) with its XML, PDF and e-mail operations. Its routes are in
 * apiRoutes.ts, the binding of its requests in operationRequests.ts, the printed PDF in
 * printedVoucher.ts.
 */
import { randomBytes, randomUUID } from 'crypto';

import { type ApiRoute, type RouteDef, routeTable } from './apiRoutes';
import { BlobStorage, pdfBlobPath } from './blobStorage';
import { CancellationBook } from './cancellation';
import { buildCfdiXml } from './cfdiXml';
import { mexicoCityDateTime } from './clock';
import type { Resolution } from './dispatch';
import { PDF_NOT_READY_MESSAGE } from './faults';
import type { Call, Reply } from './http';
import { queryValue } from './modelBinding';
import { bindEmailRequest, bindVoucherRequest } from './operationRequests';
import { renderPdf } from './printedVoucher';
import { json, message, methodNotAllowed, validationProblem } from './replies';
import { SeriesLock, seriesBusyResult } from './seriesLock';
import {
	baseValidation,
	failureResult,
	pendingResult,
	stampedResult,
	stampingValidation,
} from './stamping';
import type { TokenService } from './tokenService';
import { listVouchers } from './voucherList';
import type {
	EmailRequest,
	FaultSpec,
	ResolvedSandboxOptions,
	SandboxAccount,
	SentEmail,
	StoredVoucher,
	VoucherBody,
} from './types';

/** Everything an operation needs; the caller has already passed the bearer and issuer checks. */
interface OperationContext {
	call: Call;
	account: SandboxAccount;
	emisorId: number;
	/** Second path parameter: voucher id or UUID, URL-decoded. */
	param: string;
	fault: FaultSpec | null;
}

const INT32_MAX = 2_147_483_647;
const ALREADY_STAMPED_CODE = 'FAC121';
const ALREADY_STAMPED_MESSAGE = 'El comprobante ya fue timbrado.';
const NOT_FOUND_VOUCHER = 'No se encontró el comprobante.';
const FOREIGN_ISSUER = 'The issuer does not belong to this user.';

export class IssuingApi {
	readonly vouchers = new Map<number, StoredVoucher>();
	readonly emails: SentEmail[] = [];
	readonly cancellations: CancellationBook;
	private readonly routes: RouteDef[];
	private readonly byUuid = new Map<string, number>();
	private readonly pdfs = new Map<string, Buffer>();
	private readonly sealKey = randomBytes(32);
	private nextId = 1001;
	private stamps = 0;
	readonly seriesLock = new SeriesLock(() => this.options.stampingTimeMs);

	constructor(
		private readonly options: ResolvedSandboxOptions,
		private readonly tokens: TokenService,
		private readonly blobs: BlobStorage,
	) {
		this.routes = routeTable(options.pathStyle);
		this.cancellations = new CancellationBook({
			now: options.now,
			nextBusinessDayRule: options.nextBusinessDayRule,
		});
	}

	stampCount(): number {
		return this.stamps;
	}

	resolve(call: Call): Resolution {
		const allowed: string[] = [];
		for (const def of this.routes) {
			const match = def.pattern.exec(call.pathname);
			if (!match) continue;
			if (def.method !== call.method) {
				allowed.push(def.method);
				continue;
			}
			const emisorId = Number(match[1]);
			// ASP.NET {x:int} route constraints: values outside Int32 do not match the route at all.
			const numericId = def.route === 'getVoucher' || def.route === 'updateVoucher';
			if (emisorId > INT32_MAX || (numericId && Number(match[2]) > INT32_MAX)) {
				break;
			}
			return this.handler(call, def.route, emisorId, safeDecode(match[2] ?? ''));
		}
		if (allowed.length > 0) return { route: 'unknown', reply: methodNotAllowed(allowed) };
		return { route: 'unknown', reply: { status: 404, body: '' } };
	}

	private handler(call: Call, route: ApiRoute, emisorId: number, param: string): Resolution {
		let account: SandboxAccount | undefined;
		return {
			route,
			authorize: () => {
				const check = this.tokens.verifyBearer(call.headers.authorization);
				if ('denied' in check) return check.denied;
				if (check.account.emisorId !== emisorId) return message(403, FOREIGN_ISSUER);
				account = check.account;
				return null;
			},
			perform: (fault) => {
				const ctx: OperationContext = {
					call,
					account: account as SandboxAccount,
					emisorId,
					param,
					fault,
				};
				switch (route) {
					case 'createVoucher':
						return this.create(ctx);
					case 'getVoucher':
						return this.get(ctx);
					case 'updateVoucher':
						return this.update(ctx);
					case 'downloadXml':
						return this.downloadXml(ctx);
					case 'requestPdf':
						return this.requestPdf(ctx);
					case 'getPdfLink':
						return this.getPdfLink(ctx);
					case 'sendEmail':
						return this.sendEmail(ctx);
					case 'cancelVoucher':
						return this.cancellations.cancel({
							...ctx,
							findStamped: (id, uuid) => this.stampedVoucher({ ...ctx, emisorId: id, param: uuid }),
							vouchers: this.vouchers.values(),
						});
					case 'listVouchers':
						return listVouchers({
							...ctx,
							vouchers: this.vouchers.values(),
							cancellations: this.cancellations,
							framing: this.options.listFraming,
							maxTake: this.options.maxListTake,
							omits: this.options.listOmits,
							dates: this.options.listDates,
						});
				}
			},
		};
	}

	private create(ctx: OperationContext): Reply {
		const bound = bindVoucherRequest(ctx.call);
		if ('reply' in bound) return bound.reply;
		const { voucher, emitir, noCalcularFecha } = bound;

		const baseErrors = baseValidation(voucher, ctx.account);
		if (baseErrors.length > 0) return json(200, failureResult(baseErrors, 0));

		if (!emitir || !stampAllowed(ctx.fault))
			return json(200, pendingResult(this.store(ctx.emisorId, voucher).id));

		const stampErrors = stampingValidation(voucher, { noCalcularFecha });
		if (stampErrors.length > 0) return json(200, failureResult(stampErrors, 0));
		const slot = this.seriesLock.take(ctx.emisorId, voucher);
		if (!slot) return json(200, seriesBusyResult(0));
		const stored = this.store(ctx.emisorId, voucher);
		this.stamp(stored, ctx.account, noCalcularFecha);
		return { ...json(200, stampedResult(stored)), delayMs: slot.holdMs };
	}

	private get(ctx: OperationContext): Reply {
		const stored = this.ownVoucher(ctx);
		if (!stored) return message(404, NOT_FOUND_VOUCHER);
		if (this.options.getVoucherShape === 'bodyOnly')
			return json(200, { id: stored.id, ...stored.body });
		return json(200, {
			id: stored.id,
			...stored.body,
			esValido: stored.state === 'stamped',
			subEstatusId: stored.state === 'stamped' ? 2 : 0,
			uuid: stored.uuid,
		});
	}

	private update(ctx: OperationContext): Reply {
		const id = Number(ctx.param);
		const bound = bindVoucherRequest(ctx.call, id);
		if ('reply' in bound) return bound.reply;
		const { voucher, emitir, noCalcularFecha } = bound;

		const stored = this.ownVoucher(ctx);
		if (!stored) return message(404, NOT_FOUND_VOUCHER);
		if (stored.state === 'stamped') {
			// A stamped voucher cannot change. With the body-only shape the refusal is as terse as a PAC's: code and text.
			const alreadyStamped = [{ codigo: ALREADY_STAMPED_CODE, mensaje: ALREADY_STAMPED_MESSAGE }];
			if (this.options.getVoucherShape === 'bodyOnly')
				return json(200, { ...failureResult(alreadyStamped, id), uuid: null, subEstatusId: null });
			return json(200, failureResult(alreadyStamped, id, stored.uuid, 2));
		}

		const baseErrors = baseValidation(voucher, ctx.account);
		if (baseErrors.length > 0) return json(200, failureResult(baseErrors, id));

		if (!emitir || !stampAllowed(ctx.fault)) {
			stored.body = voucher;
			return json(200, pendingResult(id));
		}
		// A voucher that fails stamping stays pending with its previous body.
		const stampErrors = stampingValidation(voucher, { noCalcularFecha });
		if (stampErrors.length > 0) return json(200, failureResult(stampErrors, id));
		const slot = this.seriesLock.take(ctx.emisorId, voucher);
		if (!slot) return json(200, seriesBusyResult(id));
		stored.body = voucher;
		this.stamp(stored, ctx.account, noCalcularFecha);
		return { ...json(200, stampedResult(stored)), delayMs: slot.holdMs };
	}

	private downloadXml(ctx: OperationContext): Reply {
		const tipo = queryValue(ctx.call.searchParams, 'tipoContenido');
		if (tipo === undefined || tipo.toLowerCase() !== 'xml') {
			return validationProblem({
				tipoContenido: [`The value '${tipo ?? ''}' is not valid for tipoContenido. Use 'xml'.`],
			});
		}
		const stored = this.stampedVoucher(ctx);
		if (!stored || stored.xml === null) return message(404, NOT_FOUND_VOUCHER);
		if (this.options.xmlFraming === 'json-string') return json(200, stored.xml);
		return {
			status: 200,
			headers: { 'content-type': 'application/xml; charset=utf-8' },
			body: stored.xml,
		};
	}

	private requestPdf(ctx: OperationContext): Reply {
		if (ctx.call.body.length > 0) {
			return validationProblem({
				'': ['This request does not accept a body; send Content-Length: 0.'],
			});
		}
		const stored = this.stampedVoucher(ctx);
		if (!stored || stored.uuid === null) return message(404, NOT_FOUND_VOUCHER);
		// Generation starts once; asking again does not restart it.
		if (stored.pdfRequestedAt === null) {
			const now = this.options.now();
			stored.pdfRequestedAt = now;
			const pdf = this.pdfs.get(stored.uuid) as Buffer;
			this.blobs.put(
				pdfBlobPath(stored.emisorId, stored.uuid),
				pdf,
				'application/pdf',
				now + this.options.pdfReadyAfterMs,
			);
		}
		return json(200, 1);
	}

	private getPdfLink(ctx: OperationContext): Reply {
		const stored = this.stampedVoucher(ctx);
		if (!stored || stored.uuid === null) return message(404, NOT_FOUND_VOUCHER);
		const now = this.options.now();
		const lifetimeMs = this.options.pdfLinkLifetimeSeconds * 1000;
		const path = pdfBlobPath(stored.emisorId, stored.uuid);
		let link: string;
		if (ctx.fault?.kind === 'expiredLink') {
			// Correctly signed, but its window closed a minute ago.
			link = this.blobs.signedUrl(path, now - lifetimeMs - 60_000, now - 60_000);
		} else {
			const ready =
				stored.pdfRequestedAt !== null &&
				now - stored.pdfRequestedAt >= this.options.pdfReadyAfterMs;
			if (!ready) return message(404, PDF_NOT_READY_MESSAGE);
			link = this.blobs.signedUrl(path, now, now + lifetimeMs);
		}
		switch (this.options.pdfLinkFraming) {
			case 'raw':
				return {
					status: 200,
					headers: { 'content-type': 'text/plain; charset=utf-8' },
					body: link,
				};
			case 'double-json-string':
				return {
					status: 200,
					headers: { 'content-type': 'application/json; charset=utf-8' },
					body: JSON.stringify(JSON.stringify(link)),
				};
			default:
				return json(200, link);
		}
	}

	private sendEmail(ctx: OperationContext): Reply {
		const bound = bindEmailRequest(ctx.call);
		if ('reply' in bound) return bound.reply;
		const { body, uuid } = bound;

		const stored = this.stampedVoucher({ ...ctx, param: uuid });
		if (!stored) return message(404, NOT_FOUND_VOUCHER);
		this.emails.push({
			emisorId: ctx.emisorId,
			body: body as EmailRequest,
			at: this.options.now(),
		});
		return json(200, true);
	}

	private store(emisorId: number, body: VoucherBody): StoredVoucher {
		const stored: StoredVoucher = {
			id: this.nextId++,
			emisorId,
			state: 'pending',
			body,
			uuid: null,
			xml: null,
			stampCount: 0,
			pdfRequestedAt: null,
			createdAt: this.options.now(),
			stampedAt: null,
			fecha: null,
		};
		this.vouchers.set(stored.id, stored);
		return stored;
	}

	/** Stamping: UUID, XML and PDF are produced once, here, so later downloads are byte-stable. */
	private stamp(stored: StoredVoucher, account: SandboxAccount, noCalcularFecha: boolean): void {
		const now = this.options.now();
		const uuid = randomUUID().toUpperCase();
		const fechaTimbrado = mexicoCityDateTime(now);
		const fecha = noCalcularFecha ? String(stored.body.fecha) : fechaTimbrado;
		stored.xml = buildCfdiXml(stored.body, account, {
			uuid,
			fecha,
			fechaTimbrado,
			sealKey: this.sealKey,
		});
		stored.uuid = uuid;
		stored.state = 'stamped';
		stored.stampedAt = now;
		stored.fecha = fecha;
		stored.stampCount += 1;
		this.stamps += 1;
		this.byUuid.set(uuid, stored.id);
		this.pdfs.set(uuid, renderPdf(stored.body, account, uuid, fecha, fechaTimbrado, now));
	}

	private ownVoucher(ctx: OperationContext): StoredVoucher | undefined {
		const stored = this.vouchers.get(Number(ctx.param));
		return stored && stored.emisorId === ctx.emisorId ? stored : undefined;
	}

	/** A stamped voucher of this issuer by UUID, case-insensitively. */
	private stampedVoucher(ctx: OperationContext): StoredVoucher | undefined {
		const id = this.byUuid.get(ctx.param.trim().toUpperCase());
		const stored = id === undefined ? undefined : this.vouchers.get(id);
		return stored && stored.emisorId === ctx.emisorId && stored.state === 'stamped'
			? stored
			: undefined;
	}
}

function stampAllowed(fault: FaultSpec | null): boolean {
	return !(fault?.kind === 'storeThen500' && fault.stamp === false);
}

function safeDecode(value: string): string {
	try {
		return decodeURIComponent(value);
	} catch {
		return value;
	}
}
