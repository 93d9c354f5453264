/** A plain client making the node's stamping calls with Node's own HTTP, for the bench's baseline. */
import { DEFAULT_ACCOUNT } from '../../sandbox';
import { vouchers, type WorkerArgs } from './workerTypes';

const account = DEFAULT_ACCOUNT;

/** POST with node:http and no keep-alive: a new connection per request, as n8n's request helper does. */
async function postWithoutKeepAlive(
	url: string,
	headers: Record<string, string>,
	body: string,
): Promise<{ esValido?: boolean; uuid?: string }> {
	const http = await import('node:http');
	return await new Promise((resolve, reject) => {
		const request = http.request(
			url,
			{
				method: 'POST',
				agent: false,
				headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
			},
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
			},
		);
		request.on('error', reject);
		request.end(body);
	});
}

/** The same calls as the node, with Node's own fetch: password grant, userinfo, then one POST per voucher. */
export async function plainStamp(
	args: WorkerArgs,
	keepAlive = true,
	uuids: string[] = [],
): Promise<number> {
	const { createHash } = await import('node:crypto');
	const form = new URLSearchParams([
		['grant_type', 'password'],
		['scope', 'offline_access openid APINegocios'],
		['username', account.username],
		['password', createHash('md5').update(account.password).digest('hex')],
		['client_id', account.clientId],
		['client_secret', account.clientSecret],
		['es_md5', 'true'],
	]);
	const token = (await (
		await fetch(`${args.authUrl}/connect/token`, { method: 'POST', body: form })
	).json()) as { access_token: string };
	const auth = { Authorization: `Bearer ${token.access_token}` };
	const info = (await (
		await fetch(`${args.authUrl}/connect/userinfo`, { headers: auth })
	).json()) as { emisorid: number };
	const vouchersUrl = `${args.baseUrl}/businessEmision/api/v1/emisores/${info.emisorid}/comprobantes`;
	const twoPhase = args.stampingMode === 'twoPhase';
	const url = `${vouchersUrl}?emitir=${!twoPhase}`;
	const queue = vouchers(args.n, args.series);
	let stamped = 0;
	const worker = async () => {
		for (let next = queue.shift(); next; next = queue.shift()) {
			const headers = { ...auth, 'Content-Type': 'application/json' };
			const body = JSON.stringify(next.voucher);
			const result = keepAlive
				? ((await (await fetch(url, { method: 'POST', headers, body })).json()) as {
						esValido?: boolean;
						uuid?: string;
					})
				: await postWithoutKeepAlive(url, headers, body);
			if (twoPhase) {
				// As the node's two-phase mode: saved pending, then stamped by id (PUT ...?emitir=true).
				const id = (result as { idComprobante?: number }).idComprobante;
				const stampedBody = JSON.stringify({ ...next.voucher, id });
				const put = (await (
					await fetch(`${vouchersUrl}/${id}?emitir=true`, {
						method: 'PUT',
						headers,
						body: stampedBody,
					})
				).json()) as { esValido?: boolean; uuid?: string };
				if (put.esValido && put.uuid) stamped++;
				if (put.uuid) uuids.push(put.uuid);
				continue;
			}
			if (result.esValido) stamped++;
			if (result.uuid) uuids.push(result.uuid);
		}
	};
	await Promise.all(Array.from({ length: args.concurrency }, worker));
	return stamped;
}
