import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForeignRequest {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
	body: string;
}

/**
 * A second loopback server standing for a host the credential does not name: it records what
 * reaches it and answers every request as a successful stamp would (its own UUID), so a client
 * that followed a redirect there would report a voucher the service never stamped.
 */
export interface ForeignHost {
	readonly url: string;
	readonly requests: ForeignRequest[];
	close(): Promise<void>;
}

export const FOREIGN_UUID = 'FFFFFFFF-0000-4000-8000-000000000001';

export async function startForeignHost(): Promise<ForeignHost> {
	const requests: ForeignRequest[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			requests.push({
				method: req.method ?? '',
				url: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			});
			const body = JSON.stringify({
				esValido: true,
				idComprobante: 9999,
				errores: null,
				uuid: FOREIGN_UUID,
				subEstatusId: 2,
				descripcion: null,
				access_token: 'foreign-token',
				emisorid: 1234,
			});
			res.writeHead(200, {
				'content-type': 'application/json; charset=utf-8',
				'content-length': Buffer.byteLength(body),
			});
			res.end(body);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
