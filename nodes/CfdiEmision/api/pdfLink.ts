/** What a PDF link's query says about its validity (Azure-style SAS: st = start, se = expiry). */
export interface PdfLink {
	url: string;
	startsAt: string | null;
	expiresAt: string | null;
}

export function describeLink(text: string): PdfLink | undefined {
	let parsed: URL;
	try {
		parsed = new URL(text);
	} catch {
		return undefined;
	}
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
	const iso = (value: string | null) => {
		if (!value) return null;
		const time = Date.parse(value);
		return Number.isNaN(time) ? null : new Date(time).toISOString();
	};
	return {
		url: text,
		startsAt: iso(parsed.searchParams.get('st')),
		expiresAt: iso(parsed.searchParams.get('se')),
	};
}
