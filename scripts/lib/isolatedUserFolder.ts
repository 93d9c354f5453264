/**
 * n8n-core writes its instance settings to $N8N_USER_FOLDER/.n8n (the home folder by default).
 * Every run of the engine outside n8n (tests, demo, bench) gets a throw-away folder instead, and
 * removes it when the process exits, so no run leaves a folder behind.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Creates the folder (once per process), points N8N_USER_FOLDER at it; returns its path. */
export function isolateUserFolder(prefix: 'cfdi-engine-' | 'cfdi-demo-' | 'cfdi-bench-'): string {
	const current = process.env.N8N_USER_FOLDER;
	if (current?.includes(prefix)) return current;
	const folder = mkdtempSync(join(tmpdir(), prefix));
	process.env.N8N_USER_FOLDER = folder;
	process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
	// A throw-away key, so n8n-core neither prints nor saves an auto-generated one.
	process.env.N8N_ENCRYPTION_KEY ??= randomBytes(24).toString('hex');
	process.once('exit', () => removeUserFolder(folder));
	return folder;
}

export function removeUserFolder(folder: string): void {
	rmSync(folder, { recursive: true, force: true });
}
