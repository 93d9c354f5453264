import { isolateUserFolder } from '../scripts/lib/isolatedUserFolder';

/**
 * One throw-away n8n user folder for the whole jest run (n8n-core writes its settings there),
 * created before any test file and removed when jest exits.
 */
export default function globalSetup(): void {
	isolateUserFolder('cfdi-engine-');
}
