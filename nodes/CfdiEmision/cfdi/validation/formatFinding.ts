import type { Finding } from '../types';

/**
 * One line for a user, naming the item: `Item 3: receptor.usoCFDI "G01" is not allowed for
 * regimenFiscalReceptor "616". Use "S01" or "G02".` The index is printed as given.
 */
export function formatFinding(finding: Finding, itemIndex: number): string {
	return `Item ${itemIndex}: ${finding.message} ${finding.fix}`.trim();
}
