/** Related vouchers (CfdiRelacionados) and fiscal legends (LeyendasFiscales), for any voucher kind. */
import type { Voucher } from '../types';
import {
	complementOf,
	VERSIONS,
	withComplement,
	withRelatedGroups,
	type FiscalLegend,
	type FiscalLegends,
	type JsonRecord,
	type RelatedGroup,
} from '../voucherShape';

export interface RelationInput {
	/** c_TipoRelacion, e.g. "01" credit note, "04" substitution, "07" advance applied. */
	tipoRelacion: string;
	/** One UUID, several separated by commas, spaces or new lines, or a list. */
	uuids: string | string[];
}

function splitUuids(uuids: string | string[]): string[] {
	const parts = Array.isArray(uuids) ? uuids : [uuids];
	// Splitting at white space leaves none around a UUID; only the empty ends of a split are dropped.
	return parts.flatMap((part) => String(part).split(/[\s,;]+/)).filter((uuid) => uuid !== '');
}

/**
 * One group per relation type, in first-appearance order, each UUID once (UUIDs compare
 * case-insensitively, as the SAT treats them).
 */
export function relatedGroups(entries: ReadonlyArray<RelationInput>): RelatedGroup[] {
	const groups = new Map<string, RelatedGroup>();
	for (const entry of entries) {
		const tipoRelacion = String(entry.tipoRelacion ?? '').trim();
		const uuids = splitUuids(entry.uuids);
		if (tipoRelacion === '' && uuids.length === 0) continue;
		const group = groups.get(tipoRelacion) ?? { tipoRelacion, cfdiRelacionado: [] };
		for (const uuid of uuids) {
			if (!group.cfdiRelacionado.some((item) => item.uuid.toUpperCase() === uuid.toUpperCase()))
				group.cfdiRelacionado.push({ uuid });
		}
		groups.set(tipoRelacion, group);
	}
	return [...groups.values()];
}

/** A copy of the voucher relating these vouchers (added after any relations it already has). */
export function withRelatedVouchers(
	voucher: Voucher,
	entries: ReadonlyArray<RelationInput>,
): Voucher {
	return withRelatedGroups(voucher as JsonRecord, relatedGroups(entries)) as Voucher;
}

export type LegendInput = FiscalLegend;

/** A copy of the voucher with these fiscal legends added to its LeyendasFiscales complement. */
export function withFiscalLegends(voucher: Voucher, legends: ReadonlyArray<LegendInput>): Voucher {
	const given = legends
		.map((legend) => {
			const out: FiscalLegend = { textoLeyenda: String(legend.textoLeyenda ?? '').trim() };
			const disposicion = String(legend.disposicionFiscal ?? '').trim();
			const norma = String(legend.norma ?? '').trim();
			// Schema order: disposicionFiscal, norma, textoLeyenda.
			return {
				...(disposicion ? { disposicionFiscal: disposicion } : {}),
				...(norma ? { norma } : {}),
				textoLeyenda: out.textoLeyenda,
			};
		})
		.filter((legend) => legend.textoLeyenda !== '' || legend.disposicionFiscal || legend.norma);
	if (given.length === 0) return voucher;
	const existing = complementOf(voucher as JsonRecord, 'legends') as
		Partial<FiscalLegends> | undefined;
	const before = Array.isArray(existing?.leyenda) ? existing.leyenda : [];
	const complement: FiscalLegends = {
		version: existing?.version ?? VERSIONS.legends,
		leyenda: [...before, ...given],
	};
	return withComplement(voucher as JsonRecord, 'legends', complement) as Voucher;
}
