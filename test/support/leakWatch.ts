import { LoggerProxy } from 'n8n-workflow';

/**
 * Everything a user or an operator could see during a test file: node output, errors, n8n's log
 * (LoggerProxy), the console and the process's stdout/stderr. Installed once per file.
 */
export function watchEverythingSeen(): string[] {
	const seen: string[] = [];
	beforeAll(() => {
		const capture = (level: string) => (message: string, meta?: object) =>
			seen.push(`${level} ${message} ${JSON.stringify(meta ?? {})}`);
		LoggerProxy.init({
			error: capture('error'),
			warn: capture('warn'),
			info: capture('info'),
			debug: capture('debug'),
		} as never);
		for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
			jest
				.spyOn(console, method)
				.mockImplementation(
					(...args: unknown[]) => void seen.push(`console.${method} ${args.map(String).join(' ')}`),
				);
		}
		for (const stream of [process.stdout, process.stderr]) {
			const write = stream.write.bind(stream);
			jest.spyOn(stream, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
				seen.push(String(chunk));
				return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
			}) as never);
		}
	});
	afterAll(() => jest.restoreAllMocks());
	return seen;
}

/** The text with every base64 run decoded at each of its alignments (a secret quoted inside a base64 blob). */
function decodedBase64Runs(text: string): string[] {
	const runs = text.match(/[A-Za-z0-9+/_-]{12,}={0,2}/g) ?? [];
	const decoded: string[] = [];
	for (const run of runs) {
		const standard = run.replace(/-/g, '+').replace(/_/g, '/');
		for (let skip = 0; skip < 4; skip++)
			decoded.push(
				Buffer.from(standard.slice(skip), 'base64').toString('latin1'),
				Buffer.from(standard.slice(skip), 'base64').toString('utf8'),
			);
	}
	return decoded;
}

/**
 * The secrets of `values` found in `text` in any form they may travel in: as is, URL-encoded
 * (percent or form encoding), JSON-escaped, or inside a base64 blob. An oracle of its own, not
 * the node's redaction code.
 */
export function secretsFoundIn(text: string, values: string[]): string[] {
	const base64Texts = decodedBase64Runs(text);
	return values.filter((secret) => {
		const forms = new Set([
			secret,
			encodeURIComponent(secret),
			new URLSearchParams({ s: secret }).toString().slice(2),
			JSON.stringify(secret).slice(1, -1),
		]);
		return (
			[...forms].some((form) => text.includes(form)) ||
			base64Texts.some((decoded) => decoded.includes(secret))
		);
	});
}
