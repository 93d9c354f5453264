/**
 * The examples a shop imports as they are (issue 41 item 5): no CFDI node types an issuer or a place
 * of issue and no sample voucher names one, so the credential's Issuer fields give them (the engine
 * and e2e runs of the examples use a credential with the sandbox's issuer: exampleCredential).
 */
import { CFDI_NODE_TYPE, EXAMPLE_FILES, loadExample, type ExampleName } from '../support/examples';
import { SANDBOX_ISSUER } from '../support/sandboxCredential';

const ISSUER_PARAMETERS = ['emisorRfc', 'emisorNombre', 'emisorRegimenFiscal', 'lugarExpedicion'];
const CHECKED = Object.keys(EXAMPLE_FILES) as ExampleName[];

test.each(CHECKED)('%s: the issuer and place of issue are left to the credential', (name) => {
	const typed: string[] = [];
	for (const node of loadExample(name).nodes) {
		if (node.type === CFDI_NODE_TYPE) {
			for (const parameter of ISSUER_PARAMETERS)
				if (parameter in node.parameters) typed.push(`"${node.name}" ${parameter}`);
		}
		const code = String(node.parameters.jsCode ?? '');
		for (const value of [SANDBOX_ISSUER.issuerRfc, SANDBOX_ISSUER.issuerName])
			if (code.includes(value)) typed.push(`"${node.name}" code names ${value}`);
	}
	expect(typed).toEqual([]);
});
