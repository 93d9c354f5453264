/** Named checks with node:assert: every check runs, failures are listed at the end. */
import { AssertionError } from 'node:assert';

export interface CheckResult {
	group: string;
	name: string;
	ok: boolean;
	message?: string;
}

export class Checks {
	readonly results: CheckResult[] = [];
	private group = '';

	section(title: string): void {
		this.group = title;
		console.log(`\n${title}`);
	}

	/** Runs one check; a thrown error (an assertion or anything else) fails it without stopping the others. */
	async check(name: string, body: () => unknown): Promise<boolean> {
		try {
			await body();
			this.results.push({ group: this.group, name, ok: true });
			console.log(`  ✓ ${name}`);
			return true;
		} catch (error) {
			const message =
				error instanceof AssertionError ? error.message : ((error as Error).stack ?? String(error));
			this.results.push({ group: this.group, name, ok: false, message });
			console.log(`  ✗ ${name}\n${indent(message, '      ')}`);
			return false;
		}
	}

	/** Records a failure that prevents the checks of a whole step. */
	fail(name: string, error: unknown): void {
		const message = (error as Error).stack ?? String(error);
		this.results.push({ group: this.group, name, ok: false, message });
		console.log(`  ✗ ${name}\n${indent(message, '      ')}`);
	}

	get failures(): CheckResult[] {
		return this.results.filter((result) => !result.ok);
	}

	/** Prints the tally and the failed checks; the exit code of the run. */
	summary(): number {
		const failures = this.failures;
		console.log(
			`\n${this.results.length - failures.length} of ${this.results.length} checks passed.`,
		);
		if (!failures.length) return 0;
		console.log('Failed:');
		for (const failure of failures) console.log(`  - [${failure.group}] ${failure.name}`);
		return 1;
	}
}

/** Runs an e2e script's main and exits with its code (1 when it throws). */
export function runMain(main: () => Promise<number>): void {
	main().then(
		(code) => process.exit(code),
		(error: Error) => {
			console.error(error.stack ?? error.message);
			process.exit(1);
		},
	);
}

function indent(text: string, prefix: string): string {
	return text
		.split('\n')
		.slice(0, 40)
		.map((line) => prefix + line)
		.join('\n');
}
