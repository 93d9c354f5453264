/**
 * Example 10's self-invoice page as its engine tests drive it: the buyer, their order and what they
 * type into the form, the page run on a submission (its title and message as the buyer reads them),
 * the link back to the form, and the vouchers the sandbox stamped.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Sandbox } from '../../sandbox';
import { loadExample } from './examples';
import { outputOf } from './engine/engine';
import { corpusOrder } from './corpusOrder';
import { runExample } from './kindsKit';

export const BUYER = 'compras@robotica.example.com';
export const daysAgo = (days: number) =>
	new Date(Date.now() - days * 86_400_000).toISOString().replace(/\.\d+Z$/, '-00:00');

/** Example 1's order #1001 (1,508.00 paid), placed two days ago, without note attributes. */
export function order(extra: IDataObject = {}): IDataObject {
	return { ...corpusOrder('example-1'), note_attributes: [], created_at: daysAgo(2), ...extra };
}

/** What the buyer types (the form's labels as n8n's Form Trigger outputs them). */
export function submission(extra: IDataObject = {}): IDataObject {
	return {
		'Número de pedido': '1001',
		'Correo electrónico': BUYER,
		RFC: 'URE180429TM6',
		'Nombre o razón social': 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
		'Régimen fiscal': '601 - General de Ley Personas Morales',
		'Uso del CFDI': 'G03 - Gastos en general',
		'Código postal': '65000',
		submittedAt: new Date().toISOString(),
		formMode: 'production',
		...extra,
	};
}

/** The page's Form Trigger, where a submission starts the workflow. */
export const FORM_TRIGGER = loadExample('selfInvoice').nodes.find(
	(node) => node.type === 'n8n-nodes-base.formTrigger',
)!.name;

/**
 * The page of `kit`'s sandbox. `submit` runs it on a submission; `failed` is the run's error when
 * the workflow marked it failed for the owner (Stop and Error after the buyer's page), which is the
 * only way it may fail.
 */
export function selfInvoicePage(kit: { sandbox: Sandbox }) {
	async function submit(form: IDataObject = submission()) {
		const run = await runExample(kit.sandbox, 'selfInvoice', FORM_TRIGGER, {
			input: form,
			shopUrl: kit.sandbox.shopUrl,
		});
		const error = run.data.resultData.error;
		if (error)
			expect(['Marcar la ejecución como fallida', 'Marcar: la tienda rechazó']).toContain(
				(error as { node?: { name: string } }).node?.name,
			);
		const page = (name: string) => outputOf(run, name).map((item) => item.json);
		const shown = [...page('Página: factura enviada'), ...page('Página: no se pudo facturar')];
		expect(shown).toHaveLength(1);
		const { completionTitle, completionMessage } = shown[0] as Record<string, string>;
		return {
			run,
			page: { completionTitle, completionMessage },
			failed: error?.message,
		};
	}
	const stamped = () =>
		[...kit.sandbox.vouchers.values()].filter((voucher) => voucher.stampCount > 0);
	return { submit, stamped };
}

/** The link back to the form with what the buyer typed (n8n's form fills a field from its label's query parameter). */
export function correctionLink(form: IDataObject): string {
	const query = [
		'Número de pedido',
		'Correo electrónico',
		'RFC',
		'Nombre o razón social',
		'Régimen fiscal',
		'Uso del CFDI',
		'Código postal',
	]
		.map((field) => `${encodeURIComponent(field)}=${encodeURIComponent(String(form[field]))}`)
		.join('&');
	return `\n\n<a href="../form/solicita-tu-factura?${query}">Corregir mis datos</a>`;
}
