/**
 * Example 10's page published in a fresh n8n, as the steps that post its form set it up
 * (self-invoice, page-twice, ledger): the sale it is asked for, the CFDI, store and SMTP
 * credentials, the workflow activated, and its form URL once n8n serves it.
 */
import type { Sandbox } from '../../sandbox';
import { CFDI_CREDENTIAL_TYPE, type WorkflowJson } from '../support/examples';
import { corpusOrder, type Order } from '../support/corpusOrder';
import { exampleCredential } from '../support/sandboxCredential';
import type { N8nInstance } from './n8n';
import { activatePage, selfInvoicePage } from './selfInvoicePages';
import { shopCredentialJson, smtpCredentialJson } from './shopExamplesPhase';

/** The owner account the page and README steps set up on their n8n's first start. */
export const E2E_OWNER = {
	email: 'owner@example.com',
	firstName: 'Owner',
	lastName: 'E2E',
	password: 'E2e-password-1',
};

/** The buyer who types the page in these steps (example 1's customer e-mail). */
export const PAGE_BUYER = 'compras@robotica.example.com';

/** Example 1's order #1001 (1,508.00 paid) as the store returns it: no CFDI note yet, bought two days ago unless told. */
export function pageOrder(createdAt = new Date(Date.now() - 2 * 86_400_000).toISOString()): Order {
	return { ...corpusOrder('example-1'), note_attributes: [], created_at: createdAt };
}

/** The same sale under another order number (its id, name and number follow the number). */
export function numberedPageOrder(number: number, createdAt?: string): Order {
	return {
		...pageOrder(createdAt),
		id: 5829364210000 + number,
		name: `#${number}`,
		order_number: number,
	};
}

export interface PublishedPage {
	page: WorkflowJson;
	formUrl: string;
	/** How long n8n took to start (ms). */
	startMs: number;
}

/**
 * Imports the credentials and example 10 (stored as `id`, beside `workflows`), starts n8n, sets up
 * the owner and activates the page; `smtp` is the SMTP credential its owner alerts go through.
 */
export async function publishPage(
	n8n: N8nInstance,
	sandbox: Sandbox,
	options: {
		credential: { id: string; name: string };
		id: string;
		smtp: ReturnType<typeof smtpCredentialJson>;
		workflows?: WorkflowJson[];
	},
): Promise<PublishedPage> {
	const page = selfInvoicePage(options.credential, sandbox.shopUrl);
	await n8n.importCredentials([
		{ ...options.credential, type: CFDI_CREDENTIAL_TYPE, data: exampleCredential(sandbox) },
		shopCredentialJson(),
		options.smtp,
	]);
	await n8n.importWorkflows([{ ...page, id: options.id }, ...(options.workflows ?? [])]);
	const startMs = await n8n.start();
	await n8n.setupOwner(E2E_OWNER);
	const formUrl = await activatePage(n8n, options.id, page);
	return { page, formUrl, startMs };
}

/** Waits until n8n serves the form at `formUrl` (a production form answers 404 for a moment after activation). */
export async function formServed(formUrl: string): Promise<void> {
	for (let tries = 0; (await fetch(formUrl)).status !== 200; tries++) {
		if (tries > 30) throw new Error(`the form at ${formUrl} is not served`);
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}
