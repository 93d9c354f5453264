/**
 * A voucher's file on the output item (actions/voucherFile.ts): named `<uuid>.xml` or `<uuid>.pdf`
 * with its MIME type, its size in the JSON, in the binary field the options name or the version's
 * default (`data` in version 1, `xml`/`pdf` from 1.1). The XML Download and PDF Get Link engine tests
 * run it through n8n's engine; here each case is read off what n8n's prepareBinaryData is handed.
 */
import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

import { voucherFile } from '../../../../nodes/CfdiEmision/actions/voucherFile';

const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';

/** The context's two members voucherFile uses; prepareBinaryData records what it was handed. */
function contextOf(typeVersion: number) {
	const handed: Array<{ bytes: Buffer; fileName?: string; mimeType?: string }> = [];
	const ctx = {
		getNode: () => ({ typeVersion }),
		helpers: {
			prepareBinaryData: async (bytes: Buffer, fileName?: string, mimeType?: string) => {
				handed.push({ bytes, fileName, mimeType });
				return { data: bytes.toString('base64'), fileName, mimeType } as IBinaryData;
			},
		},
	} as unknown as IExecuteFunctions;
	return { ctx, handed };
}

describe('voucherFile', () => {
	test.each([
		[1, 'xml', 'data', 'application/xml'],
		[1.1, 'xml', 'xml', 'application/xml'],
		[1, 'pdf', 'data', 'application/pdf'],
		[1.1, 'pdf', 'pdf', 'application/pdf'],
	] as const)(
		'version %s, %s: <uuid> and its kind as the name, in the version’s default field %s, typed %s',
		async (version, kind, field, mimeType) => {
			const { ctx, handed } = contextOf(version);
			const bytes = Buffer.from(kind === 'xml' ? '<cfdi:Comprobante/>' : '%PDF-1.7');
			const file = await voucherFile(ctx, {}, UUID, bytes, kind);
			expect(file.members).toEqual({ fileName: `${UUID}.${kind}`, fileSize: bytes.length });
			expect(Object.keys(file.binary)).toEqual([field]);
			expect(handed).toEqual([{ bytes, fileName: `${UUID}.${kind}`, mimeType }]);
			expect(file.binary[field].data).toBe(bytes.toString('base64'));
		},
	);

	test('Put Output File in Field names the binary field (trimmed); blank falls back to the default', async () => {
		const { ctx } = contextOf(1.1);
		const bytes = Buffer.from('<x/>');
		expect(
			Object.keys(
				(await voucherFile(ctx, { binaryPropertyName: ' factura ' }, UUID, bytes, 'xml')).binary,
			),
		).toEqual(['factura']);
		expect(
			Object.keys(
				(await voucherFile(ctx, { binaryPropertyName: '   ' }, UUID, bytes, 'xml')).binary,
			),
		).toEqual(['xml']);
	});

	test('the size is the bytes’ length, not the characters’ (a multi-byte name in the XML)', async () => {
		const { ctx } = contextOf(1.1);
		const bytes = Buffer.from('<cfdi:Receptor Nombre="MARÍA PÉREZ"/>', 'utf8');
		const file = await voucherFile(ctx, {}, UUID, bytes, 'xml');
		expect(file.members.fileSize).toBe(bytes.length);
		expect(file.members.fileSize).toBeGreaterThan(bytes.toString('utf8').length);
	});
});
