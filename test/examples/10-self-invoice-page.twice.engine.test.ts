/**
 * Example 10, the self-invoice page (issue 39 item 4): the buyer's corrected form submitted twice
 * at once (a double click, a browser that sends again). One invoice, stamped once; the execution
 * that stamped it answers `stamped` and e-mails it; the other finds it stamped while it ran
 * (`alreadyStamped`, `stampedMeanwhile`) and does not e-mail it, although the page's E-mail node
 * sends again for an invoice stamped earlier (a buyer who asks again later gets it again).
 *
 * The order of the two stamps is explicit, not timed: the service answers the second stamp of the
 * series "series busy" (FAC119), as it does while another stamp runs, and stores nothing.
 */
import type { IDataObject } from 'n8n-workflow';

import { outputOf } from '../support/engine/engine';
import { corpusOrder } from '../support/corpusOrder';
import { runExample, storeStandIn } from '../support/kindsKit';
import { useSandboxEngine } from '../support/nodeTestKit';
import { BUYER, daysAgo, FORM_TRIGGER } from '../support/selfInvoicePage';

const kit = useSandboxEngine({ shopOrders: [] });
const shop = storeStandIn(kit);

/** A registered test RFC of the sandbox: an individual, regime 612, fiscal postal code 01160. */
const KARLA = {
	RFC: 'FUNK671228PH6',
	'Nombre o razón social': 'KARLA FUENTE NOLASCO',
	'Régimen fiscal': '612 - Personas Físicas con Actividades Empresariales y Profesionales',
	'Código postal': '01160',
};

function submission(extra: IDataObject = {}): IDataObject {
	return {
		'Número de pedido': '1001',
		'Correo electrónico': BUYER,
		'Uso del CFDI': 'G03 - Gastos en general',
		submittedAt: new Date().toISOString(),
		formMode: 'production',
		...KARLA,
		...extra,
	};
}

async function submit(form: IDataObject) {
	const run = await runExample(kit.sandbox, 'selfInvoice', FORM_TRIGGER, {
		input: form,
		shopUrl: kit.sandbox.shopUrl,
	});
	expect(run.data.resultData.error).toBeUndefined();
	return run;
}

test('the corrected form submitted twice at once: one invoice stamped once, one "stamped", one e-mail', async () => {
	shop.orders.push({ ...corpusOrder('example-1'), note_attributes: [], created_at: daysAgo(2) });
	// The first submission: a postal code the SAT refuses (nothing stored, Stamping Mode Direct).
	const refused = await submit(submission({ 'Código postal': '06000' }));
	expect(outputOf(refused, 'Facturar el pedido')[0].json.refusal).toMatchObject({
		code: 'CFDI40147',
	});
	// The corrected form, twice at once: both Duplicate Checks read the list before either stamps,
	// and the second stamp request finds the series busy (the first one's stamp is running).
	const bothChecks = kit.sandbox.holdRequests('listVouchers', 2);
	kit.sandbox.injectFault({ route: 'createVoucher', kind: 'seriesBusy', after: 1 });
	const runs = await Promise.all([submit(submission()), submit(submission())]);
	await bothChecks.arrived;

	const vouchers = [...kit.sandbox.vouchers.values()];
	expect(
		vouchers.map((voucher) => [voucher.body.folio, voucher.state, voucher.stampCount]),
	).toEqual([['1001', 'stamped', 1]]);
	const uuid = vouchers[0].uuid;
	const answers = runs
		.map((run) => {
			const [invoiced] = outputOf(run, 'Facturar el pedido');
			const [mail] = outputOf(run, 'Enviar por correo');
			return [invoiced.json.status, invoiced.json.uuid, mail?.json.sent];
		})
		.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
	expect(answers).toEqual([
		['alreadyStamped', uuid, false],
		['stamped', uuid, true],
	]);
	// Exactly one e-mail reached the service, to the buyer.
	expect(kit.sandbox.emails).toHaveLength(1);
	expect(JSON.stringify(kit.sandbox.emails[0].body)).toContain(BUYER);
	// Both buyers' pages say the invoice is ready and was issued now: neither claims a second e-mail.
	for (const run of runs)
		expect(
			outputOf(run, 'Página: factura enviada').map((item) => [
				item.json.completionTitle,
				item.json.completionMessage,
			]),
		).toEqual([
			[
				'Tu factura está lista',
				`Emitimos tu factura (folio fiscal ${uuid}) y la enviamos a ${BUYER}.`,
			],
		]);
});
