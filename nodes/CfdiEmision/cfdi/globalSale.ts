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
import { parseElements, type XmlElement } from './kinds/xmlElements';
import { GENERIC_NATIONAL_RFC } from './rfc';
import { fieldText } from './fieldText';

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
	/** InformacionGlobal: Periodicidad, Meses, Año. */
	period?: { periodicidad: string; meses: string; anio: string };
}

export type GlobalSaleStep =
	/** No global invoice holds the sale: stamp the buyer's invoice. */
	| { kind: 'none' }
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

/** What a global invoice's XML says that the plan needs: tickets, substituted UUIDs, period. */
export function readGlobalXml(xml: string): Pick<
	GlobalOnList,
	'tickets' | 'substitutes' | 'period'
> & {
	recipientRfc?: string;
} {
	const root = parseElements(xml.replace(/^\uFEFF/, ''));
	const tickets = all(root, 'Concepto')
		.map((concepto) => fieldText(concepto.attrs.NoIdentificacion))
		.filter(Boolean);
	const substitutes = all(root, 'CfdiRelacionados')
		.filter((group) => fieldText(group.attrs.TipoRelacion) === '04')
		.flatMap((group) =>
			all(group, 'CfdiRelacionado').map((one) => fieldText(one.attrs.UUID).toUpperCase()),
		)
		.filter(Boolean);
	const info = all(root, 'InformacionGlobal')[0];
	const receptor = all(root, 'Receptor')[0];
	return {
		tickets,
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

/** Whether a listed voucher is to the general public (a global invoice is). */
export const toGeneralPublic = (rfc: unknown): boolean =>
	fieldText(rfc).toUpperCase() === GENERIC_NATIONAL_RFC;

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
export function describePeriod(global: GlobalOnList): string {
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
