/** What an n8n execution gives the e2e checks: the run JSON `n8n execute` prints, an execution as the editor reads it, a node's output items, the nodes that ran, and whether the run succeeded. */
import assert from 'node:assert/strict';

/** The run data n8n prints for `execute --rawOutput` (the fields the test reads). */
export interface ExecutionJson {
	finished?: boolean;
	status?: string;
	mode?: string;
	data: {
		resultData: {
			runData: Record<
				string,
				Array<{
					executionStatus?: string;
					error?: { message: string };
					data?: {
						main: Array<Array<{
							json: Record<string, unknown>;
							binary?: Record<string, { fileName?: string; fileSize?: string; mimeType?: string }>;
						}> | null>;
					};
				}>
			>;
			error?: { message: string; description?: string; node?: { name: string } };
			lastNodeExecuted?: string;
		};
	};
}

/**
 * The JSON `n8n execute --rawOutput` prints: n8n writes it through its logger, after the boot log
 * lines, pretty-printed from a line holding only "{" to a line holding only "}".
 */
export function extractRunJson(stdout: string): ExecutionJson {
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line === '{');
	if (start < 0)
		throw new Error(`No run JSON in the output of n8n execute:\n${stdout.slice(-2000)}`);
	const end = lines.findIndex((line, index) => index > start && line === '}');
	if (end < 0) throw new Error('The run JSON of n8n execute is not terminated');
	return JSON.parse(lines.slice(start, end + 1).join('\n')) as ExecutionJson;
}

/** An execution read through the REST API, as the editor shows it. */
export interface EditorExecution {
	executionId: string;
	status: string;
	finished: boolean;
	runData: Record<string, any[]>;
	error?: { message: string; description?: string; node?: { name: string } };
}

/** Items of a node's output in a run (`[]` when the node did not run or the output is empty). */
export function outputJson(
	run: ExecutionJson,
	node: string,
	output = 0,
): Array<Record<string, unknown>> {
	const task = run.data.resultData.runData[node]?.[0];
	return (task?.data?.main?.[output] ?? []).map((item) => item.json);
}

export function outputItems(run: ExecutionJson, node: string, output = 0) {
	return run.data.resultData.runData[node]?.[0]?.data?.main?.[output] ?? [];
}

export function ranNodes(run: ExecutionJson): string[] {
	return Object.keys(run.data.resultData.runData);
}

export function succeeded(run: ExecutionJson): void {
	const error = run.data.resultData.error;
	assert.equal(
		error,
		undefined,
		`the run failed: ${error?.message ?? ''} ${error?.description ?? ''}`,
	);
}

/** The error a failed execution shows (message and description), or '' when it did not fail. */
export function shownError(run: ExecutionJson): { message: string; description: string } {
	const error = run.data.resultData.error;
	return { message: error?.message ?? '', description: error?.description ?? '' };
}
