/**
 * A stand-in mailbox for the e2e: a small SMTP server on 127.0.0.1 (node:net, no dependency) that
 * n8n's own Send Email node delivers to through an SMTP credential pointing at its port. It speaks
 * what nodemailer needs (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), offers no STARTTLS and no
 * AUTH (STARTTLS is refused if asked), and records each message's envelope, headers and body.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface MailMessage {
	/** The envelope: MAIL FROM and each RCPT TO, as sent (without the angle brackets). */
	from: string;
	to: string[];
	/** Header names in lower case, folded lines joined, encoded words decoded. */
	headers: Record<string, string>;
	subject: string;
	/** The body decoded (quoted-printable or base64) as UTF-8 text. */
	text: string;
	raw: string;
}

const HOST = 'mailbox.e2e.invalid';

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) as text. */
function decodeWords(value: string): string {
	return value
		.replace(/\?=\s+=\?/g, '?==?')
		.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset, kind: string, data: string) =>
			kind.toUpperCase() === 'B'
				? Buffer.from(data, 'base64').toString('utf8')
				: decodeQuotedPrintable(data.replace(/_/g, ' ')),
		);
}

function decodeQuotedPrintable(text: string): string {
	const bytes = Buffer.from(text.replace(/=\r?\n/g, ''), 'latin1').toString('latin1');
	return Buffer.from(
		bytes.replace(/=([0-9A-Fa-f]{2})/g, (_all, hex: string) =>
			String.fromCharCode(parseInt(hex, 16)),
		),
		'latin1',
	).toString('utf8');
}

/** A single-part message's headers and decoded body (a multipart body is kept as sent). */
export function parseMessage(raw: string): Pick<MailMessage, 'headers' | 'subject' | 'text'> {
	const split = raw.indexOf('\r\n\r\n');
	const head = split < 0 ? raw : raw.slice(0, split);
	const body = split < 0 ? '' : raw.slice(split + 4);
	const headers: Record<string, string> = {};
	for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
		const colon = line.indexOf(':');
		if (colon > 0)
			headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
	}
	for (const name of Object.keys(headers)) headers[name] = decodeWords(headers[name]);
	const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
	const text =
		encoding === 'quoted-printable'
			? decodeQuotedPrintable(body)
			: encoding === 'base64'
				? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
				: Buffer.from(body, 'latin1').toString('utf8');
	return { headers, subject: headers.subject ?? '', text };
}

export class SmtpMailbox {
	readonly messages: MailMessage[] = [];
	/** Every command received, in order (for a failure's message). */
	readonly commands: string[] = [];
	private readonly sockets = new Set<Socket>();

	private constructor(
		private readonly server: Server,
		readonly port: number,
	) {}

	static async start(): Promise<SmtpMailbox> {
		let mailbox: SmtpMailbox | undefined;
		const server = createServer((socket) => mailbox!.serve(socket));
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(0, '127.0.0.1', resolve);
		});
		mailbox = new SmtpMailbox(server, (server.address() as AddressInfo).port);
		return mailbox;
	}

	/** Waits until `count` messages arrived (or `timeoutMs` passed), then returns them all. */
	async waitForMessages(count: number, timeoutMs = 30_000): Promise<MailMessage[]> {
		for (const deadline = Date.now() + timeoutMs; this.messages.length < count;) {
			if (Date.now() > deadline)
				throw new Error(
					`the mailbox holds ${this.messages.length} message(s), not ${count}, after ${timeoutMs / 1000} s; commands: ${this.commands.join(' | ') || 'none'}`,
				);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		return this.messages;
	}

	async close(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	private serve(socket: Socket): void {
		this.sockets.add(socket);
		socket.on('close', () => this.sockets.delete(socket));
		socket.on('error', () => undefined);
		const reply = (line: string) => socket.write(`${line}\r\n`);
		let envelope: { from: string; to: string[] } | undefined;
		let data: string[] | undefined;
		let pending = '';
		reply(`220 ${HOST} ESMTP stand-in`);
		// latin1 keeps each byte as one character; the body is decoded as UTF-8 once it is whole.
		socket.on('data', (chunk: Buffer) => {
			pending += chunk.toString('latin1');
			for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
				const line = pending.slice(0, end);
				pending = pending.slice(end + 2);
				if (data) {
					if (line !== '.') {
						data.push(line.startsWith('..') ? line.slice(1) : line);
						continue;
					}
					const raw = data.join('\r\n');
					data = undefined;
					this.messages.push({ ...envelope!, ...parseMessage(raw), raw });
					envelope = undefined;
					reply(`250 2.0.0 queued as ${this.messages.length}`);
					continue;
				}
				this.commands.push(line);
				const verb = line.split(' ')[0].toUpperCase();
				const address = () => /<([^>]*)>/.exec(line)?.[1] ?? line.replace(/^[^:]*:\s*/, '');
				if (verb === 'EHLO') {
					// No STARTTLS and no AUTH offered: the e2e's SMTP credential sends in plain text.
					reply(`250-${HOST}`);
					reply('250-8BITMIME');
					reply('250 SIZE 10485760');
				} else if (verb === 'HELO') reply(`250 ${HOST}`);
				else if (verb === 'STARTTLS') reply('454 4.7.0 TLS not available');
				else if (verb === 'MAIL') {
					envelope = { from: address(), to: [] };
					reply('250 2.1.0 OK');
				} else if (verb === 'RCPT') {
					if (!envelope) reply('503 5.5.1 MAIL first');
					else {
						envelope.to.push(address());
						reply('250 2.1.5 OK');
					}
				} else if (verb === 'DATA') {
					if (!envelope?.to.length) reply('503 5.5.1 RCPT first');
					else {
						data = [];
						reply('354 End data with <CR><LF>.<CR><LF>');
					}
				} else if (verb === 'RSET') {
					envelope = undefined;
					reply('250 2.0.0 OK');
				} else if (verb === 'NOOP') reply('250 2.0.0 OK');
				else if (verb === 'QUIT') {
					reply('221 2.0.0 Bye');
					socket.end();
				} else reply('502 5.5.2 Command not implemented');
			}
		});
	}
}
