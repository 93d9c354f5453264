import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A storage host serving one large "PDF" (a PDF header, then zeros) in 64 KB chunks with
 * back-pressure, counting the bytes it managed to send before the client went away.
 */
export interface BigPdfHost {
	readonly url: string;
	/** Bytes written into the socket so far (what the client accepted, plus socket buffers). */
	sent(): number;
	close(): Promise<void>;
}

export async function startBigPdfHost(
	totalBytes: number,
	options: { announceLength: boolean },
): Promise<BigPdfHost> {
	let sent = 0;
	const chunk = Buffer.alloc(64 * 1024);
	const server = http.createServer((req, res) => {
		res.writeHead(200, {
			'content-type': 'application/pdf',
			...(options.announceLength ? { 'content-length': String(totalBytes) } : {}),
		});
		let written = 0;
		let gone = false;
		res.on('close', () => (gone = true));
		const pump = () => {
			while (!gone && written < totalBytes) {
				const piece =
					written === 0
						? Buffer.concat([Buffer.from('%PDF-1.4\n'), chunk]).subarray(
								0,
								Math.min(chunk.length, totalBytes),
							)
						: chunk.subarray(0, Math.min(chunk.length, totalBytes - written));
				written += piece.length;
				sent += piece.length;
				if (!res.write(piece)) return void res.once('drain', pump);
			}
			if (!gone) res.end();
		};
		pump();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/cfdi-pdfs/big.pdf`,
		sent: () => sent,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
