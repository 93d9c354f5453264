/**
 * Test data put into the sandbox directly over HTTP (not through n8n): vouchers saved as pending
 * "earlier", for the scheduled example to stamp.
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_ACCOUNT, type Sandbox } from '../../sandbox';
import { invoiceVoucher } from '../support/vouchers';

export { invoiceVoucher };

export const MISSING_VOUCHER_ID = 999999;

async function token(sandbox: Sandbox): Promise<string> {
	const account = DEFAULT_ACCOUNT;
	const response = await fetch(`${sandbox.authUrl}/connect/token`, {
		method: 'POST',
		body: new URLSearchParams({
			grant_type: 'password',
			username: account.username,
			password: createHash('md5').update(account.password).digest('hex'),
			es_md5: 'true',
			client_id: account.clientId,
			client_secret: account.clientSecret,
			scope: 'offline_access openid APINegocios',
		}),
	});
	if (!response.ok) throw new Error(`Seeding: token request failed with HTTP ${response.status}`);
	return ((await response.json()) as { access_token: string }).access_token;
}

/** Saves each voucher (emitir=false, or emitir=true for `stamp`), returns the idComprobante of each. */
export async function saveVouchers(
	sandbox: Sandbox,
	vouchers: Array<{ body: IDataObject; stamp?: boolean }>,
): Promise<number[]> {
	const bearer = await token(sandbox);
	const ids: number[] = [];
	for (const { body, stamp } of vouchers) {
		const response = await fetch(
			`${sandbox.baseUrl}/businessEmision/api/v1/emisores/${DEFAULT_ACCOUNT.emisorId}/comprobantes?emitir=${stamp ? 'true' : 'false'}`,
			{
				method: 'POST',
				headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
				body: JSON.stringify(body),
			},
		);
		const result = (await response.json()) as { idComprobante: number; errores: unknown };
		if (!response.ok || !result.idComprobante || result.errores)
			throw new Error(
				`Seeding: saving a voucher failed: HTTP ${response.status} ${JSON.stringify(result)}`,
			);
		ids.push(result.idComprobante);
	}
	return ids;
}

/** Cancels each stamped voucher with motive 02 over HTTP, the recipient accepting where SAT asks it. */
export async function cancelVouchers(sandbox: Sandbox, uuids: string[]): Promise<void> {
	const bearer = await token(sandbox);
	for (const uuid of uuids) {
		const response = await fetch(
			`${sandbox.baseUrl}/businessEmision/api/v1/emisores/${DEFAULT_ACCOUNT.emisorId}/comprobantes/${uuid}`,
			{
				method: 'DELETE',
				headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
				body: JSON.stringify({ motivo: '02' }),
			},
		);
		if (!response.ok)
			throw new Error(`Seeding: cancelling ${uuid} failed: HTTP ${response.status}`);
		if (sandbox.cancellations.get(uuid)?.state === 'pending')
			sandbox.resolveCancellation(uuid, 'accepted');
		if (sandbox.cancellations.get(uuid)?.state !== 'cancelled')
			throw new Error(`Seeding: ${uuid} is not cancelled`);
	}
}

/**
 * What Voucher > Get Many reads: the service's voucher list (GET .../comprobantes) over every date,
 * newest first, at most `take` entries.
 */
export async function listedVouchers(sandbox: Sandbox, take = 100): Promise<IDataObject[]> {
	const bearer = await token(sandbox);
	const query = new URLSearchParams({
		finicial: '0',
		ffinal: String(Math.floor(Date.now() / 1000) + 86_400),
		take: String(take),
	});
	const response = await fetch(
		`${sandbox.baseUrl}/businessEmision/api/v1/emisores/${DEFAULT_ACCOUNT.emisorId}/comprobantes?${query}`,
		{ headers: { authorization: `Bearer ${bearer}` } },
	);
	if (!response.ok) throw new Error(`Listing vouchers failed: HTTP ${response.status}`);
	const body = (await response.json()) as IDataObject[] | { resumenComprobante: IDataObject[] };
	return Array.isArray(body) ? body : body.resumenComprobante;
}

/**
 * The rows of pending_vouchers for the scheduled example: two good pending vouchers, one whose
 * totals the service refuses to stamp, one already stamped elsewhere, and an id that does not exist.
 */
export async function seedPendingVouchers(sandbox: Sandbox): Promise<{
	rows: Array<{ voucherId: number; status: string; uuid: string; lastError: string }>;
	good: number[];
	badTotals: number;
	alreadyStamped: number;
}> {
	const [goodA, badTotals, goodB, alreadyStamped] = await saveVouchers(sandbox, [
		{ body: invoiceVoucher() },
		{ body: invoiceVoucher({ subTotal: 999 }) },
		{ body: invoiceVoucher({ serie: 'B' }) },
		{ body: invoiceVoucher({ serie: 'F' }), stamp: true },
	]);
	const ids = [goodA, badTotals, goodB, alreadyStamped, MISSING_VOUCHER_ID];
	return {
		rows: ids.map((voucherId) => ({ voucherId, status: 'pending', uuid: '', lastError: '' })),
		good: [goodA, goodB],
		badTotals,
		alreadyStamped,
	};
}
