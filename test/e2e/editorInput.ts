/** Driving n8n's editor in the e2e: a trace of the requests a page makes (the list searches and pages it asks for), waiting for the push that follows a save, and typing, picking a code from a list and choosing an option in a node's parameters. */
import type { Page, Request } from 'playwright-core';

/** A timestamped record of what the editor and n8n did during the form check, printed when it fails. */
export class Trace {
	private readonly started = Date.now();
	readonly lines: string[] = [];
	note(line: string): void {
		this.lines.push(`${((Date.now() - this.started) / 1000).toFixed(1).padStart(6)} s  ${line}`);
	}
	/** The error with the trace appended, so a failed run says what the page was waiting for. */
	wrap(error: unknown): Error {
		const failure = error instanceof Error ? error : new Error(String(error));
		const trace = `\n--- trace of the form check ---\n${this.lines.slice(-80).join('\n')}`;
		failure.message += trace;
		// The checks print an error's stack (its message as it was when thrown) or an assertion's message.
		if (failure.stack) failure.stack += trace;
		return failure;
	}
}

export const pageTokenOf = (request: Request): string | undefined => {
	try {
		return (request.postDataJSON() as { paginationToken?: string } | null)?.paginationToken;
	} catch {
		return undefined;
	}
};

/** The editor's calls to the node's list search (POST /rest/dynamic-node-parameters/resource-locator-results). */
export const LIST_SEARCH_PATH = '/dynamic-node-parameters/resource-locator-results';

export const searchFilterOf = (request: Request): string | undefined => {
	try {
		return (request.postDataJSON() as { filter?: string } | null)?.filter ?? '';
	} catch {
		return undefined;
	}
};

export interface EditorWatch {
	/** The push messages received so far (their types), in order. */
	pushTypes: string[];
	sockets: number;
}

export function watchEditor(page: Page, trace: Trace): EditorWatch {
	const watch: EditorWatch = { pushTypes: [], sockets: 0 };
	const { pushTypes } = watch;
	page.on('request', (request) => {
		if (request.url().includes(LIST_SEARCH_PATH))
			trace.note(
				`list search sent: filter "${searchFilterOf(request)}"${pageTokenOf(request) ? `, page token ${pageTokenOf(request)}` : ''}`,
			);
		else if (/\/rest\/workflows\/[^/]+\/run/.test(request.url()))
			trace.note('run requested (POST /workflows/:id/run)');
	});
	page.on('requestfinished', (request) => {
		if (!request.url().includes(LIST_SEARCH_PATH)) return;
		const timing = request.timing();
		void request.response().then(async (response) => {
			const body = (await response?.json().catch(() => undefined)) as
				{ data?: { results?: unknown[] } } | undefined;
			trace.note(
				`list search answered ${response?.status()}: filter "${searchFilterOf(request)}", ${body?.data?.results?.length ?? '?'} results in ${Math.round(timing.responseEnd)} ms`,
			);
		});
	});
	page.on('requestfailed', (request) => {
		if (request.url().includes(LIST_SEARCH_PATH))
			trace.note(`list search failed: ${request.failure()?.errorText}`);
	});
	// n8n tells the editor about executions over its push connection (a WebSocket).
	page.on('websocket', (socket) => {
		watch.sockets++;
		trace.note(`push connection opened: ${socket.url().replace(/^.*\/rest/, '/rest')}`);
		socket.on('framereceived', (frame) => {
			const type = /"type"\s*:\s*"([A-Za-z]+)"/.exec(String(frame.payload))?.[1];
			if (!type || type === 'heartbeat' || type === 'nodeExecuteAfterData') return;
			pushTypes.push(type);
			if (/^execution|^nodeExecute/.test(type)) trace.note(`push: ${type}`);
		});
		socket.on('close', () => trace.note('push connection closed'));
	});
	return watch;
}

/** Waits until n8n has pushed a message of this type to the editor after the first `after` messages. */
export async function waitForPush(
	page: Page,
	watch: EditorWatch,
	type: string,
	after: number,
	timeout: number,
): Promise<void> {
	for (
		const deadline = Date.now() + timeout;
		!watch.pushTypes.slice(after).includes(type);
		await page.waitForTimeout(100)
	) {
		if (Date.now() > deadline)
			throw new Error(`n8n did not push "${type}" to the editor within ${timeout / 1000} s`);
	}
}

export async function fillText(page: Page, name: string, value: string, nth = 0): Promise<void> {
	const input = page
		.getByTestId(`parameter-input-${name}`)
		.nth(nth)
		.locator('input, textarea')
		.first();
	await input.click();
	await input.fill(value);
	// Leave the field so the editor commits the value.
	await input.press('Tab');
}

/**
 * A code picker (version 1.1's product and unit codes): search the embedded catalog, take the code's entry.
 *
 * How n8n's resource locator searches (the same in 2.8.4 and 2.41.1): opening the list loads its
 * first page with an empty filter; typing in its search box asks the node's listSearch 1 s after the
 * last keystroke; the answer is cached under a key made of the filter AND every other parameter of
 * the node, and the list shows the answer cached under the key of the moment. So the check waits
 * for real events: the request for the typed code (a run on n8n 2.8.4 under load showed the code
 * in the box over the unfiltered first page, and no request for it in 120 s: the list had reset its
 * filter to empty after the typing began), its answer, then the entry (a parameter committed after
 * that answer moves the key and leaves the list loading without asking again). Where one of them
 * does not come, it types the code again, as a user would, which asks again.
 */
export async function pickCode(
	page: Page,
	trace: Trace,
	name: string,
	code: string,
	nth = 0,
): Promise<void> {
	const picker = page.getByTestId(`resource-locator-${name}`).nth(nth);
	await picker.scrollIntoViewIfNeeded();
	await picker.getByTestId('rlc-input').first().click();
	// n8n 2.8.4 opens the list in a popper outside the field: its search box and its "code - name" entries.
	const search = page.getByPlaceholder('Search...').filter({ visible: true }).last();
	const entry = page
		.getByTestId('rlc-item')
		.filter({ visible: true, hasText: `${code} - ` })
		.first();
	for (let attempt = 1; ; attempt++) {
		const sent = page.waitForRequest(
			(request) => request.url().includes(LIST_SEARCH_PATH) && searchFilterOf(request) === code,
			{ timeout: 15_000 },
		);
		const answered = page.waitForResponse(
			(response) =>
				response.url().includes(LIST_SEARCH_PATH) && searchFilterOf(response.request()) === code,
			{ timeout: 120_000 },
		);
		answered.catch(() => undefined);
		await search.fill('');
		await search.fill(code);
		trace.note(`${name}[${nth}]: typed "${code}" into the list's search (try ${attempt})`);
		// The list asks 1 s after the last keystroke. When the list opened after the typing had
		// started, opening it reset the list's filter to empty (the box still shows the code) and
		// nothing is asked: seen on n8n 2.8.4 under load. Typing again asks.
		const asked = await sent.then(
			() => true,
			() => false,
		);
		if (!asked) {
			trace.note(`${name}[${nth}]: no list search for "${code}" was sent within 15 s`);
			if (attempt === 3)
				throw new Error(`the ${name} list of line ${nth + 1} never searched for "${code}"`);
			continue;
		}
		await answered;
		try {
			await entry.waitFor({ timeout: 15_000 });
			break;
		} catch (error) {
			const shown = await page.getByTestId('rlc-item').filter({ visible: true }).allInnerTexts();
			trace.note(
				`${name}[${nth}]: answered, but the list shows ${shown.length} entries (${shown.slice(0, 3).join(' | ')}) and no "${code} - "`,
			);
			if (attempt === 3) throw error;
		}
	}
	await entry.click();
	// The field now shows the picked entry (its cached name starts with the code).
	const shows = async () =>
		(
			await picker
				.locator('input')
				.evaluateAll((inputs) =>
					inputs.map((input) => String((input as unknown as { value: string }).value)),
				)
		).some((value) => value.startsWith(code));
	for (const deadline = Date.now() + 60_000; !(await shows()); await page.waitForTimeout(100)) {
		if (Date.now() > deadline)
			throw new Error(
				`the ${name} field of line ${nth + 1} does not show ${code} after picking it`,
			);
	}
	trace.note(`${name}[${nth}]: picked ${code}`);
}

export async function choose(page: Page, name: string, option: string, nth = 0): Promise<void> {
	await page.getByTestId(`parameter-input-${name}`).nth(nth).click();
	await page
		.getByRole('option', {
			name: new RegExp(`^\\s*${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
		})
		.last()
		.click();
}
