// n8n-core writes its instance settings under $N8N_USER_FOLDER/.n8n: keep that out of the home folder.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (!process.env.N8N_USER_FOLDER?.includes('cfdi-engine-')) {
	process.env.N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'cfdi-engine-'));
}
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
