/**
 * A one-page PDF 1.4 rendering of a stamped voucher, built by hand: five objects, a
 * Helvetica text page and an xref table whose byte offsets are computed, not guessed.
 */

export interface PdfContent {
	title: string;
	lines: string[];
	/** Deterministic creation date (epoch ms), so the same voucher yields the same bytes. */
	createdAt: number;
	/** Stable identifier for the trailer /ID (32 hex digits). */
	id: string;
}

export function buildPdf(content: PdfContent): Buffer {
	const ops: string[] = [
		'BT',
		'/F1 16 Tf',
		'50 742 Td',
		`(${pdfText(content.title)}) Tj`,
		'/F1 10 Tf',
		'0 -28 Td',
	];
	for (const line of content.lines.slice(0, 50)) ops.push(`(${pdfText(line)}) Tj`, '0 -14 Td');
	ops.push('ET', '0.6 w', '50 730 m 562 730 l S');
	const stream = ops.join('\n');

	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
		`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
		`<< /Title (${pdfText(content.title)}) /Producer (CFDI sandbox) /CreationDate (D:${pdfDate(content.createdAt)}Z) >>`,
	];

	// A binary comment line marks the file as binary for transfer tools (PDF 1.4 §3.4.1).
	let output = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
	const offsets: number[] = [];
	objects.forEach((body, index) => {
		offsets.push(Buffer.byteLength(output, 'latin1'));
		output += `${index + 1} 0 obj\n${body}\nendobj\n`;
	});
	const xrefAt = Buffer.byteLength(output, 'latin1');
	// Each xref entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, 2-byte EOL.
	output += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	for (const offset of offsets) output += `${String(offset).padStart(10, '0')} 00000 n \n`;
	output +=
		`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R /ID [<${content.id}> <${content.id}>] >>\n` +
		`startxref\n${xrefAt}\n%%EOF`;
	return Buffer.from(output, 'latin1');
}

/** Text for a PDF literal string: WinAnsi (latin-1) characters only, delimiters escaped. */
function pdfText(value: string): string {
	return value
		.normalize('NFC')
		.replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
		.replace(/[\\()]/g, (c) => `\\${c}`);
}

function pdfDate(epochMs: number): string {
	return new Date(epochMs).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
