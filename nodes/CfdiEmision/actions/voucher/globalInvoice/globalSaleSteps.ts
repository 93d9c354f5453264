/**
 * A sale a buyer asks to invoice after it went into a stamped global invoice. The SAT's procedure
 * (cancellation motive 04, "operación nominativa relacionada en una factura global"): stamp the
 * global invoice again without that sale (under the replacement folio, -S1), stamp the buyer's
 * invoice, and cancel the global invoice with motive 04 last, so a refused step leaves every sale
 * declared. The replacement relates nothing: a valid voucher relating the global invoice makes it
 * "no cancelable", and motive 04 takes no folioSustitucion to name it. This module reads what the global
 * invoices of the sale's period say and decides the next step; each step is found again on a re-run,
 * so a run stopped between steps goes on where it stopped. Pure: no n8n imports.
 */
import { parseElements, type XmlElement } from '../../../stampedXml/xmlElements';
import { declaringLines, isGlobalInvoice } from '../../../cfdi/globalSaleLines';
import { unixSeconds } from '../../../cfdi/mexicoTime';
import { fieldCode, fieldText } from '../../../cfdi/fieldText';

/** A global invoice of the period as listed, with what its XML says. */
export interface GlobalOnList {
	uuid: string;
	voucherId: number | null;
	/** stamped, cancelled, pendingAcceptance, pending (saved, not stamped). */
	status: string;
	statusDescription?: string | null;
	date: string | null;
	series: string | null;
	folio: string | null;
	/** The concepts' NoIdentificacion (ticket numbers), from the XML; absent when pending. */
	tickets?: string[];
	/** UUIDs it relates with TipoRelacion 04 (the vouchers it substitutes). */
	substitutes?: string[];
	/** Concepts naming a ticket that are not sale lines: whether they declare it is unknown. */
	inDoubt?: ConceptLine[];
	/** InformacionGlobal: Periodicidad, Meses, Año. */
	period?: { periodicidad: string; meses: string; anio: string };
}

export type GlobalSaleStep =
	/** No global invoice holds the sale: stamp the buyer's invoice. */
	| { kind: 'none' }
	/**
	 * A valid general-public voucher names the sale's ticket in a concept that is not a sale line (a
	 * product whose SKU equals the order number): never replaced, cancelled or stamped over.
	 */
	| { kind: 'unclear'; global: GlobalOnList; line: ConceptLine }
	/** A valid global invoice holds the sale: Fail, or replace it and cancel it with motive 04 last. */
	| { kind: 'inGlobal'; global: GlobalOnList }
	/** Its cancellation awaits the recipient, or was refused: stop with the facts. */
	| { kind: 'cancellationNotDone'; global: GlobalOnList }
	/**
	 * The global invoice holding the sale is cancelled: its replacement (step 2) is `replacement`
	 * when stamped already, to finish when pending, to stamp when absent; `others` are the sales
	 * that go into it (none: no replacement is needed).
	 */
	| {
			kind: 'replace';
			cancelled: GlobalOnList;
			replacement?: GlobalOnList;
			others: string[];
	  }
	/** The cancelled global's other sales are in another valid global invoice not related to it. */
	| { kind: 'conflict'; cancelled: GlobalOnList; holder: GlobalOnList; tickets: string[] };

function all(
	element: XmlElement | undefined,
	name: string,
	found: XmlElement[] = [],
): XmlElement[] {
	if (!element) return found;
	if (element.name === name) found.push(element);
	for (const child of element.children) all(child, name, found);
	return found;
}

/** A concept as the shop is shown it when its NoIdentificacion names a ticket. */
export interface ConceptLine {
	noIdentificacion: string;
	claveProdServ: string;
	claveUnidad: string;
	descripcion: string;
}

/** What a general-public voucher's XML says that the plan needs. */
export interface GeneralPublicXml extends Pick<GlobalOnList, 'substitutes' | 'period'> {
	/** TipoDeComprobante: I, E, P, T. */
	type: string;
	/** The sales it declares as a global invoice (its sale lines' NoIdentificacion); none for any other voucher. */
	tickets: string[];
	/** A global invoice's other concepts with a NoIdentificacion: a product's SKU, or a sale written otherwise. */
	inDoubt: ConceptLine[];
	recipientRfc?: string;
}

/**
 * A general-public voucher's XML: its type, the sales it declares as a global invoice, substituted
 * UUIDs, period; its sales by the sale-line rule (cfdi/globalSaleLines.ts declaringLines).
 */
export function readGlobalXml(xml: string): GeneralPublicXml {
	const root = parseElements(xml.replace(/^\uFEFF/, ''));
	const type = fieldCode(root?.attrs.TipoDeComprobante);
	const substitutes = all(root, 'CfdiRelacionados')
		.filter((group) => fieldText(group.attrs.TipoRelacion) === '04')
		.flatMap((group) =>
			all(group, 'CfdiRelacionado').map((one) => fieldText(one.attrs.UUID).toUpperCase()),
		)
		.filter(Boolean);
	const info = all(root, 'InformacionGlobal')[0];
	const receptor = all(root, 'Receptor')[0];
	const lines = isGlobalInvoice({ tipoDeComprobante: type, informacionGlobal: info })
		? all(root, 'Concepto').map((concepto): ConceptLine => ({
				noIdentificacion: fieldText(concepto.attrs.NoIdentificacion),
				claveProdServ: fieldText(concepto.attrs.ClaveProdServ),
				claveUnidad: fieldCode(concepto.attrs.ClaveUnidad),
				descripcion: fieldText(concepto.attrs.Descripcion),
			}))
		: [];
	const declaring = declaringLines(lines);
	return {
		type,
		tickets: declaring.map((line) => line.noIdentificacion),
		inDoubt: lines.filter((line) => line.noIdentificacion !== '' && !declaring.includes(line)),
		substitutes,
		...(info
			? {
					period: {
						periodicidad: fieldText(info.attrs.Periodicidad),
						meses: fieldText(info.attrs.Meses),
						anio: fieldText(info.attrs['Año'] ?? info.attrs.Anio),
					},
				}
			: {}),
		...(receptor ? { recipientRfc: fieldText(receptor.attrs.Rfc) } : {}),
	};
}

/** A general-public voucher as the service lists it: no voucher type (that is in its XML). */
export type ListedGeneralPublic = Pick<GlobalOnList, 'date' | 'series' | 'folio'>;

/** The order whose sale is looked for: its ticket, and its own voucher's series and folio. */
export interface OwnSale {
	ticket: string;
	serie: string;
	folio: string;
}

/** Slack for a CFDI Fecha written on a clock west of Mexico City's (Mexico is UTC−5 to UTC−8). */
const DATE_SLACK_SECONDS = 86_400;

/**
 * Whether a listed general-public voucher could hold a sale made at `since`: a global invoice takes
 * sales made before it, so one dated before the sale (less a day's slack for the time zone) cannot.
 * No date on either side: it could.
 */
export function couldHoldSale(listed: ListedGeneralPublic, since: string | undefined): boolean {
	const sale = since ? unixSeconds(since) : null;
	const dated = listed.date ? unixSeconds(listed.date) : null;
	if (sale === null || dated === null) return true;
	return dated >= sale - DATE_SLACK_SECONDS;
}

const isOwnVoucher = (listed: ListedGeneralPublic, own: OwnSale) =>
	fieldText(listed.folio) !== '' &&
	fieldText(listed.folio) === fieldText(own.folio) &&
	fieldCode(listed.series) === fieldCode(own.serie);

/**
 * The sales a stamped general-public voucher declares: the order's own invoice to the general public
 * (Without Tax Data: type I, the order's series and folio) the sale alone, whatever its concepts; a
 * global invoice its tickets; a credit note, a payment receipt or another order's invoice none, even
 * when a concept names the ticket.
 */
export function salesDeclared(
	read: GeneralPublicXml,
	listed: ListedGeneralPublic,
	own?: OwnSale,
): string[] {
	if (read.type !== 'I') return [];
	return own && isOwnVoucher(listed, own) ? [own.ticket] : read.tickets;
}

/**
 * The concepts of a general-public voucher that name a ticket but may not declare it (see
 * readGlobalXml); none for the order's own invoice, which declares the sale whatever its concepts.
 */
export function linesInDoubt(
	read: GeneralPublicXml,
	listed: ListedGeneralPublic,
	own?: OwnSale,
): ConceptLine[] {
	if (read.type !== 'I' || (own && isOwnVoucher(listed, own))) return [];
	return read.inDoubt;
}

/** The folio of a global invoice's replacement: -S1 after the original's, then -S2, -S3 ... */
export function replacementFolio(folio: string | null): string {
	const base = fieldText(folio) || 'G';
	const numbered = /^(.*)-S(\d+)$/.exec(base);
	return numbered ? `${numbered[1]}-S${Number(numbered[2]) + 1}` : `${base}-S1`;
}

const valid = (global: GlobalOnList) =>
	global.status === 'stamped' || global.status === 'pendingAcceptance';

/**
 * The replacement of global invoice `replaced` among `globals`: a live one relating it with
 * TipoRelacion 04 (as stamped before the cancellation came last), else a live or pending one under
 * its replacement folio and series. It relates nothing now: a valid voucher relating the global
 * invoice makes it "no cancelable", and motive 04 cannot name a replacement (folioSustitucion).
 */
export function replacementOf(
	replaced: GlobalOnList,
	globals: GlobalOnList[],
): GlobalOnList | undefined {
	const uuid = replaced.uuid.toUpperCase();
	const folio = replacementFolio(replaced.folio);
	return (
		globals.find(
			(global) => global.status !== 'cancelled' && (global.substitutes ?? []).includes(uuid),
		) ??
		globals.find(
			(global) =>
				global.status !== 'cancelled' &&
				fieldText(global.folio) === folio &&
				fieldText(global.series).toUpperCase() === fieldText(replaced.series).toUpperCase(),
		)
	);
}

/**
 * The next step for the sale `ticket`, from the global invoices of its period (oldest first).
 * `refusedCancellation`: the UUID whose motive-04 cancellation this run was refused (still valid).
 */
export function nextGlobalSaleStep(ticket: string, globals: GlobalOnList[]): GlobalSaleStep {
	const wanted = fieldText(ticket);
	// A possible declaration stops everything: replacing or cancelling on it, or stamping the buyer's
	// invoice beside it, could misattribute another sale's voucher or declare the sale twice.
	for (const global of globals.filter(valid)) {
		const line = (global.inDoubt ?? []).find((one) => one.noIdentificacion === wanted);
		if (line) return { kind: 'unclear', global, line };
	}
	const holding = globals.filter((global) => (global.tickets ?? []).includes(wanted));
	const awaiting = holding.find((global) => global.status === 'pendingAcceptance');
	if (awaiting) return { kind: 'cancellationNotDone', global: awaiting };
	const stamped = holding.find((global) => global.status === 'stamped');
	if (stamped) return { kind: 'inGlobal', global: stamped };
	// The newest cancelled global holding the sale: its replacement is step 2.
	const cancelled = [...holding].reverse().find((global) => global.status === 'cancelled');
	if (!cancelled) return { kind: 'none' };
	const others = (cancelled.tickets ?? []).filter((other) => other !== wanted);
	const replacement = replacementOf(cancelled, globals);
	if (!replacement && others.length) {
		// Another valid global invoice already holds the cancelled one's sales: never count them twice.
		const holder = globals.find(
			(global) =>
				global !== cancelled &&
				valid(global) &&
				(global.tickets ?? []).some((other) => others.includes(other)),
		);
		if (holder)
			return {
				kind: 'conflict',
				cancelled,
				holder,
				tickets: others.filter((other) => (holder.tickets ?? []).includes(other)),
			};
	}
	return { kind: 'replace', cancelled, ...(replacement ? { replacement } : {}), others };
}

/** "monthly 2026-10" from InformacionGlobal, else the voucher's date. */
export function describeListedPeriod(global: GlobalOnList): string {
	const names: Record<string, string> = {
		'01': 'daily',
		'02': 'weekly',
		'03': 'fortnightly',
		'04': 'monthly',
		'05': 'bimonthly',
	};
	if (global.period)
		return `${names[global.period.periodicidad] ?? `periodicity ${global.period.periodicidad}`} ${global.period.anio}-${global.period.meses}`;
	return `dated ${fieldText(global.date) || 'unknown'}`;
}

/** A general-public voucher as the output names it. */
export const globalFacts = (global: GlobalOnList) => ({
	uuid: global.uuid,
	voucherId: global.voucherId,
	status: global.status,
	serie: global.series,
	folio: global.folio,
	period: describeListedPeriod(global),
});

const seriesFolio = (global: GlobalOnList) =>
	[fieldText(global.series), fieldText(global.folio)].filter(Boolean).join('-') || 'no folio';

/**
 * What the shop is told when a voucher may declare the sale (an `unclear` step): the voucher, the
 * concept, what to check, and how to go on; `buyerStamped`: the buyer's invoice is already stamped
 * (an earlier run). No setting of Input Mode Order lets the order through beside that voucher.
 */
export function describeUnclear(
	ticket: string,
	global: GlobalOnList,
	line: ConceptLine,
	buyerStamped = false,
) {
	const voucher = `general-public voucher ${global.uuid} (${seriesFolio(global)}, ${describeListedPeriod(global)})`;
	const concept = `its concept NoIdentificacion ${line.noIdentificacion} (ClaveProdServ ${line.claveProdServ || 'none'}, ClaveUnidad ${line.claveUnidad || 'none'}, "${line.descripcion}")`;
	const message = `Sale ${ticket} may be declared in ${voucher}: ${concept} names the sale, but it is not a global invoice's sale line (ClaveProdServ 01010101, ClaveUnidad ACT), so whether that voucher declares the sale is unknown`;
	const ifNot = buyerStamped
		? 'nothing is left to do'
		: `issue the buyer's invoice with Voucher → Create, Input Mode Fields or Line Items (they look for no global invoice), folio ${ticket}; no setting of Input Mode Order lets this request through while that voucher is valid`;
	const ifSo = buyerStamped
		? 'replace it by hand: stamp it again without that concept, then cancel it with Voucher → Cancel, motive 04'
		: "replace it by hand: stamp it again without that concept, stamp the buyer's invoice, then cancel it with Voucher → Cancel, motive 04";
	const fix = `${buyerStamped ? "The buyer's invoice is stamped; nothing was replaced or cancelled." : 'Nothing was stamped, replaced or cancelled.'} Check that voucher. If it does not declare sale ${ticket} (another order's invoice to the general public, with a product whose SKU equals this order number), ${ifNot}. If it does (a global invoice written otherwise), ${ifSo}.`;
	return { message, fix, inDoubt: { ...globalFacts(global), concept: { ...line } } };
}
