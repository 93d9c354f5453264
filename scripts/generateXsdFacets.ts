/**
 * Generates nodes/CfdiEmision/cfdi/validation/xsdFacets.ts from the SAT's own schemas kept in
 * test/support/sat-xsd/ (cfdv40.xsd, Pagos20.xsd, tdCFDI.xsd; source and licence in the README there):
 * for every element, where it sits in the service's JSON, and for every attribute its facets
 * (length, minLength, maxLength, pattern, minInclusive, maxInclusive, fractionDigits, whiteSpace),
 * its base type, its tdCFDI type or catalog and whether it is required. The limits are read from
 * the schemas, not written by hand, so the validator enforces exactly what the SAT publishes.
 *
 *   npx tsx scripts/generateXsdFacets.ts           writes the module
 *   npx tsx scripts/generateXsdFacets.ts --check   exits 1 when the committed module is out of date
 *
 * The JSON location of an element follows the convention of cfdi/voucherShape.ts: member names are
 * the XML names in lowerCamelCase; an element that only wraps one repeated element (Conceptos,
 * Traslados, RetencionesDR) is an array under the wrapper's name; any other repeated element is an
 * array under its own name (Pago, DoctoRelacionado, CfdiRelacionados).
 */
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { generateXsdFacetsModule } from '../test/support/xsdFacets';

const ROOT = join(__dirname, '..');
const XSD_DIR = join(ROOT, 'test', 'support', 'sat-xsd');
const OUTPUT = join(ROOT, 'nodes', 'CfdiEmision', 'cfdi', 'validation', 'xsdFacets.ts');

const text = generateXsdFacetsModule((name) => readFileSync(join(XSD_DIR, name), 'utf8'));
if (process.argv.includes('--check')) {
	const current = readFileSync(OUTPUT, 'utf8');
	if (current !== text) {
		process.stderr.write(`${OUTPUT} is out of date; run npx tsx scripts/generateXsdFacets.ts\n`);
		process.exit(1);
	}
	process.stdout.write('xsdFacets.ts is up to date\n');
} else {
	writeFileSync(OUTPUT, text);
	process.stdout.write(`wrote ${OUTPUT}\n`);
}
