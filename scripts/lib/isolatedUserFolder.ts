/**
 * n8n-core writes its instance settings to $N8N_USER_FOLDER/.n8n (the home folder by default).
 * Import this module before anything that loads n8n-core, so a demo run leaves the home folder alone.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (!process.env.N8N_USER_FOLDER?.includes('cfdi-demo-')) {
	process.env.N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'cfdi-demo-'));
}
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
// A throw-away key, so n8n-core neither prints nor saves an auto-generated one.
process.env.N8N_ENCRYPTION_KEY ??= randomBytes(24).toString('hex');

export const demoUserFolder = process.env.N8N_USER_FOLDER;
