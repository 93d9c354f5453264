import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { noStampMessage, readStampedCfdi, type StampedCfdi } from '../stampedXml/stampedCfdi';
import { toNodeError } from '../transport/errors';
import { extractXml } from '../transport/responses';
import { callService, type RunSession } from '../transport/transport';
import { voucherXmlPath } from './paths';

/** A voucher's stamped XML as downloaded, and what it says (read once). */
export interface VoucherXml {
	xml: string;
	cfdi: StampedCfdi;
}

/** What the XML is downloaded for, in the words of its errors. */
export interface XmlPurpose {
	/** As a verb phrase: "download the XML of <uuid>". */
	action: string;
	/** What the XML should be: "voucher <uuid>", "related invoice <uuid>". */
	subject: string;
	/** What a wrong or unreadable document means for the item, and what to do. */
	consequence: string;
}

/**
 * The XML of a stamped voucher (spec 4.4): the one download path, used by XML → Download and by
 * the operations that read related invoices. The document must be a stamped CFDI whose
 * TimbreFiscalDigital UUID is the one asked for: another voucher's XML is an error, never a file
 * saved under the wrong UUID. Failures name the item and the UUID.
 */
export async function downloadVoucherXml(
	ctx: IExecuteFunctions,
	session: RunSession,
	uuid: string,
	itemIndex: number,
	purpose: Partial<XmlPurpose> = {},
): Promise<VoucherXml> {
	const {
		action = `download the XML of ${uuid}`,
		subject = `voucher ${uuid}`,
		consequence = 'No file was returned: it would have carried another document under this UUID. Nothing was changed at the service. Check the UUID and run the item again; if it repeats, report it to the provider.',
	} = purpose;
	let xml: string;
	try {
		const response = await callService(ctx, session, {
			method: 'GET',
			url: voucherXmlPath(uuid),
			qs: { tipoContenido: 'xml' },
		});
		xml = extractXml(response.body);
	} catch (error) {
		throw toNodeError(ctx, error, itemIndex, { action, readOnly: true });
	}
	const wrong = (message: string) =>
		new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: ${message}`, {
			itemIndex,
			description: consequence,
		});
	let cfdi: StampedCfdi;
	try {
		cfdi = readStampedCfdi(xml);
	} catch (error) {
		throw wrong(`the XML of ${subject} could not be read: ${(error as Error).message}`);
	}
	if (!cfdi.uuid)
		throw wrong(noStampMessage(cfdi, `the XML the service answered for ${subject}`, 'voucher'));
	if (cfdi.uuid.toUpperCase() !== uuid.toUpperCase())
		throw wrong(`the service answered the XML of ${cfdi.uuid} for ${subject}.`);
	return { xml, cfdi };
}
