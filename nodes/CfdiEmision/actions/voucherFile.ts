/**
 * A voucher's file (XML or PDF) as an output item carries it: `<uuid>.xml` or `<uuid>.pdf` in the
 * binary field the options name (fileFieldOf), its name and size in the JSON. XML → Download and
 * PDF → Get Link put their files on the item this one way.
 */
import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

import { fileFieldOf } from './common.fields';

const MIME_TYPES = { xml: 'application/xml', pdf: 'application/pdf' } as const;

/** The JSON members and the binary field of a voucher's file. */
export interface VoucherFile {
	members: { fileName: string; fileSize: number };
	binary: Record<string, IBinaryData>;
}

export async function voucherFile(
	ctx: IExecuteFunctions,
	options: { binaryPropertyName?: unknown },
	uuid: string,
	bytes: Buffer,
	kind: 'xml' | 'pdf',
): Promise<VoucherFile> {
	const fileName = `${uuid}.${kind}`;
	const data = await ctx.helpers.prepareBinaryData(bytes, fileName, MIME_TYPES[kind]);
	return {
		members: { fileName, fileSize: bytes.length },
		binary: { [fileFieldOf(ctx, options, kind)]: data },
	};
}
