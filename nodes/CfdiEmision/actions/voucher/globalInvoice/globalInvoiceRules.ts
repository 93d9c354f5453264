/**
 * Every rule a global invoice meets, in the order Create Global Invoice applies them:
 * 1. The period exists and has started: globalPeriod.ts (`resolveGlobalPeriod`).
 * 2. The items share one set of settings, one period and distinct tickets:
 *    globalInvoiceFromSales.ts.
 * 3. Sales already documented (declared in a global invoice of an overlapping period, or invoiced
 *    to their customer) are left out: documentedSaleRules.ts.
 * 4. Each sale's amount and taxes: buildGlobalInvoice.ts.
 * 5. Before the voucher is sent, voucherInput/prepareVoucher.ts: Compute Totals, cfdi/reconcile.ts,
 *    then cfdi/validateVoucher.ts (the shared checks in order), which runs this file's
 *    `checkGlobalInvoice` (InformacionGlobal and the recipient it requires) after the related
 *    vouchers' through the kinds table (GLOBAL_INVOICE_RULES below).
 * 6. Stamped more than 24 hours after the period closed: a warning, globalPeriod.ts
 *    (`lateGlobalInvoiceWarning`).
 */
import type { KindRules } from '../../../cfdi/kindRules';
import { MESES, PERIODICIDAD } from '../../../cfdi/catalogs/informacionGlobal';
import { mexicoCityMonth } from '../../../cfdi/mexicoTime';
import { GENERIC_NATIONAL_RFC } from '../../../cfdi/rfc';
import { globalInformationOf, memberPath, PATHS, isRecord } from '../../../cfdi/voucherShape';
import { messageValue } from '../../../cfdi/validation/describe';
import { textOf, type ValidationContext } from '../../../cfdi/validation/context';
import { readCode } from '../../../cfdi/validation/members';

const GENERAL_PUBLIC_NAME = 'PUBLICO EN GENERAL';
const BIMONTHLY = '05';
const BIMONTHLY_MESES = ['13', '14', '15', '16', '17', '18'];

/** The reference year: the voucher's fecha, else today in Mexico City (the service stamps with today's date). */
function issueYear(ctx: ValidationContext): number {
	const fecha = textOf(ctx.view.root, 'fecha');
	const year = fecha && ctx.isClean('fecha') ? Number(fecha.slice(0, 4)) : NaN;
	return Number.isInteger(year) ? year : mexicoCityMonth().year;
}

function checkAnio(ctx: ValidationContext, info: Record<string, unknown>): void {
	const path = memberPath(PATHS.globalInformation, 'anio');
	const raw = info.anio;
	if (raw === undefined || raw === null || raw === '') {
		ctx.missing(path, `Add anio, the year of the sales, e.g. ${issueYear(ctx)}.`);
		return;
	}
	const year =
		typeof raw === 'number'
			? raw
			: typeof raw === 'string' && /^\d{4}$/.test(raw.trim())
				? Number(raw)
				: NaN;
	if (!Number.isInteger(year)) {
		ctx.error(
			'NUMBER_EXPECTED',
			path,
			`${path} ${messageValue(raw)} is not a year.`,
			'Use the four-digit year, e.g. 2024.',
			raw,
		);
		return;
	}
	const current = issueYear(ctx);
	if (year !== current && year !== current - 1) {
		ctx.error(
			'GLOBAL_ANIO',
			path,
			`${path} ${messageValue(raw)} is neither the year of issue (${current}) nor the previous one.`,
			`Use ${current} or ${current - 1}; a global invoice covers recent sales.`,
			raw,
		);
	}
}

/** What a concept's taxes are (impuesto, factor and rate of each line), to tell a split ticket from a repeated one. */
function taxSignature(concepto: Record<string, unknown> | undefined): string {
	const impuestos = isRecord(concepto?.impuestos) ? concepto.impuestos : {};
	const lines = ['traslados', 'retenciones'].flatMap((member) => {
		const list = impuestos[member];
		return Array.isArray(list)
			? list.map((line) =>
					isRecord(line)
						? `${member}:${String(line.impuesto)}:${String(line.tipoFactor)}:${String(line.tasaOCuota)}`
						: '',
				)
			: [];
	});
	return `${String(concepto?.objetoImp)}|${lines.sort().join(',')}`;
}

/**
 * A sale (ticket) is in a global invoice once. The SAT's guide lets one ticket span several
 * concepts when its goods carry different taxes (16 % and 0 %, say), so only a ticket repeated with
 * the same taxes is refused: that is a sale counted twice.
 */
function checkUniqueTickets(ctx: ValidationContext): void {
	const seen = new Map<string, number>();
	ctx.view.conceptos.forEach((concepto, index) => {
		const ticket = textOf(concepto, 'noIdentificacion');
		if (ticket === undefined) return;
		const key = `${ticket.trim()}|${taxSignature(concepto)}`;
		const earlier = seen.get(key);
		if (earlier === undefined) {
			seen.set(key, index);
			return;
		}
		const path = `conceptos[${index}].noIdentificacion`;
		ctx.error(
			'GLOBAL_TICKET_TWICE',
			path,
			`${path} ${messageValue(ticket)} is the ticket of conceptos[${earlier}] too, with the same taxes; a sale goes into a global invoice once.`,
			'Remove the repeated sale, or give each sale its own ticket number.',
			ticket,
		);
	});
}

/** InformacionGlobal ranges, the recipient a global invoice needs, and the node a general-public voucher needs. */
export function checkGlobalInvoice(ctx: ValidationContext): void {
	const { root, receptor } = ctx.view;
	const raw = globalInformationOf(root);
	const rfc = textOf(receptor, 'rfc');
	const nombre = textOf(receptor, 'nombre');
	const tipo = ctx.isClean('tipoDeComprobante') ? ctx.view.tipo : undefined;

	if (raw === undefined || raw === null) {
		// The SAT asks for InformacionGlobal whenever the recipient is the general public by name.
		if (
			rfc === GENERIC_NATIONAL_RFC &&
			nombre?.trim() === GENERAL_PUBLIC_NAME &&
			(tipo === 'I' || tipo === 'E') &&
			ctx.isClean('receptor.rfc', 'receptor.nombre')
		) {
			ctx.missing(
				PATHS.globalInformation,
				'Add informacionGlobal { periodicidad, meses, anio } for a global invoice (e.g. { periodicidad: "04", meses: "05", anio: 2024 } for May 2024), or name the customer in receptor.nombre if this is one sale.',
				'GLOBAL_INFORMATION',
				`${PATHS.globalInformation} is missing; a voucher to ${messageValue(GENERIC_NATIONAL_RFC)} named ${messageValue(GENERAL_PUBLIC_NAME)} is a global invoice.`,
			);
		}
		return;
	}
	if (!isRecord(raw)) {
		ctx.error(
			'OBJECT_EXPECTED',
			PATHS.globalInformation,
			`${PATHS.globalInformation} ${messageValue(raw)} is not an object.`,
			'Send { periodicidad, meses, anio }.',
			raw,
		);
		return;
	}
	const base = PATHS.globalInformation;
	const periodicidad = readCode(
		ctx,
		raw,
		'periodicidad',
		base,
		PERIODICIDAD,
		'c_Periodicidad',
		'GLOBAL_PERIODICIDAD',
		'Add periodicidad: "01" daily, "02" weekly, "03" fortnightly, "04" monthly or "05" bimonthly.',
	);
	const meses = readCode(
		ctx,
		raw,
		'meses',
		base,
		MESES,
		'c_Meses',
		'GLOBAL_MESES',
		'Add meses: "01"-"12" for the month, or "13"-"18" for a bimonthly period.',
	);
	const mesesPath = memberPath(base, 'meses');
	if (periodicidad && meses && ctx.isClean(mesesPath)) {
		if (periodicidad === BIMONTHLY && !BIMONTHLY_MESES.includes(meses)) {
			ctx.error(
				'GLOBAL_MESES',
				mesesPath,
				`${mesesPath} ${messageValue(meses)} is a single month, but periodicidad "05" is bimonthly.`,
				'Use "13" (January-February), "14", "15", "16", "17" or "18" (November-December).',
				meses,
			);
		} else if (periodicidad !== BIMONTHLY && BIMONTHLY_MESES.includes(meses)) {
			ctx.error(
				'GLOBAL_MESES',
				mesesPath,
				`${mesesPath} ${messageValue(meses)} is a bimonthly period, allowed only with periodicidad "05".`,
				'Use the month "01"-"12", or periodicidad "05".',
				meses,
			);
		}
	}
	checkAnio(ctx, raw);
	checkUniqueTickets(ctx);

	if (tipo !== undefined && tipo !== 'I' && tipo !== 'E') {
		ctx.error(
			'GLOBAL_TIPO',
			'tipoDeComprobante',
			`tipoDeComprobante ${messageValue(tipo)} cannot carry ${PATHS.globalInformation}.`,
			'A global invoice is of type "I" (or "E" for its credit notes); remove informacionGlobal otherwise.',
			tipo,
		);
		return;
	}
	if (rfc !== undefined && rfc !== GENERIC_NATIONAL_RFC && ctx.isClean('receptor.rfc')) {
		ctx.error(
			'GLOBAL_RECIPIENT',
			'receptor.rfc',
			`receptor.rfc ${messageValue(rfc)} cannot receive a global invoice (${PATHS.globalInformation} is present).`,
			`Use ${messageValue(GENERIC_NATIONAL_RFC)} with nombre ${messageValue(GENERAL_PUBLIC_NAME)}, or remove informacionGlobal for an invoice to a named customer.`,
			rfc,
		);
	}
}

/**
 * What the global invoice hands the shared totals and checks (KindRules), which import no kind:
 * nothing to complete after Compute Totals, and the InformacionGlobal checks, run after the
 * related vouchers' as when the kernel dispatched them, so the findings keep their order.
 */
export const GLOBAL_INVOICE_RULES: KindRules = {
	// Its totals are the shared ones: one concept per sale, no complement.
	complete: (voucher) => voucher,
	checks: [],
	checksAfterRelated: [checkGlobalInvoice],
};
