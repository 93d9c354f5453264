/**
 * Issue 39 item 4: one stamp, one "stamped", one e-mail. The same approval delivered twice (a
 * webhook sent again, a queue that redelivers): Voucher → Update of a pending voucher with Stamp
 * on, then E-mail → Send. The service stamps the voucher once; the delivery whose PUT finds it
 * stamped already ("ya fue timbrado") did not stamp it and answers alreadyStamped, so only the
 * delivery that stamped e-mails the buyer. Delivered one after the other and both at once (the
 * sandbox takes one request at a time: whichever PUT comes second finds the voucher stamped), in
 * both GET shapes (the refusal carries the UUID, or only its code and text) and node versions.
 */
import type { IConnections, INode, IRun } from 'n8n-workflow';

import type { GetVoucherShape } from '../../../../sandbox';
import { buyerEmailNode, cfdiNode, outputOf } from '../../../support/engine/engine';
import { routes } from '../../../support/sandboxCredential';
import { invoiceVoucher } from '../../../support/vouchers';
import { createParams, useSandboxEngine } from '../../../support/nodeTestKit';

const voucher = () => invoiceVoucher({ serie: 'F', folio: '5150' });

/** The approval's workflow: Update (Stamp on) of the pending voucher, then E-mail → Send, options at their defaults. */
function approval(id: number, typeVersion: number): { nodes: INode[]; connections: IConnections } {
	const nodes = [
		cfdiNode(
			'Approve',
			{ ...createParams(voucher()), operation: 'update', voucherId: id, duplicateCheck: 'off' },
			{ typeVersion },
		),
		buyerEmailNode(typeVersion),
	];
	return {
		nodes,
		connections: { Approve: { main: [[{ node: 'E-mail', type: 'main', index: 0 }]] } },
	};
}

describe.each([['bodyWithState'], ['bodyOnly']] as Array<[GetVoucherShape]>)(
	'GET shape %s',
	(shape) => {
		const kit = useSandboxEngine({ getVoucherShape: shape });

		async function pendingVoucher(typeVersion: number): Promise<number> {
			const { error } = await kit.engine.runNode(
				createParams(voucher(), { stamp: false, duplicateCheck: 'off' }),
				[{}],
				{ typeVersion },
			);
			expect(error).toBeUndefined();
			const [stored] = [...kit.sandbox.vouchers.values()];
			expect(stored.state).toBe('pending');
			return stored.id;
		}

		/** What a user notices of the two deliveries: each one's status and e-mail, the e-mails sent, the stamps. */
		function noticed(runs: IRun[]) {
			for (const run of runs) expect(run.data.resultData.error).toBeUndefined();
			const [stored] = [...kit.sandbox.vouchers.values()];
			return {
				deliveries: runs
					.map((run) => {
						const [approved] = outputOf(run, 'Approve');
						const [mail] = outputOf(run, 'E-mail');
						return [approved.json.status, approved.json.uuid, mail.json.sent];
					})
					.sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
				emails: routes(kit.sandbox, 'sendEmail').length,
				vouchers: kit.sandbox.vouchers.size,
				stampCount: stored.stampCount,
				uuid: stored.uuid,
			};
		}

		const expected = (uuid: string | null) => ({
			deliveries: [
				['alreadyStamped', uuid, false],
				['stamped', uuid, true],
			],
			emails: 1,
			vouchers: 1,
			stampCount: 1,
			uuid,
		});

		test.each([[1], [1.1]])(
			'version %s, delivered twice in a row: one stamp, one "stamped", one e-mail',
			async (typeVersion) => {
				const { nodes, connections } = approval(await pendingVoucher(typeVersion), typeVersion);
				const runs: IRun[] = [];
				for (let time = 0; time < 2; time++)
					runs.push(await kit.engine.runWorkflow(nodes, connections, [{ json: {} }]));
				const seen = noticed(runs);
				expect(seen).toEqual(expected(seen.uuid));
				// The second delivery says why no e-mail went out.
				const [second] = outputOf(runs[1], 'E-mail');
				expect(second.json.notSent).toMatchObject({ reason: 'stampedEarlier' });
			},
		);

		test.each([[1], [1.1]])(
			'version %s, delivered twice at once: one stamp, one "stamped", one e-mail',
			async (typeVersion) => {
				const { nodes, connections } = approval(await pendingVoucher(typeVersion), typeVersion);
				const runs = await Promise.all([
					kit.engine.runWorkflow(nodes, connections, [{ json: {} }]),
					kit.engine.runWorkflow(nodes, connections, [{ json: {} }]),
				]);
				const seen = noticed(runs);
				expect(seen).toEqual(expected(seen.uuid));
				// Both PUTs reached the service: the second was answered "already stamped".
				expect(routes(kit.sandbox, 'updateVoucher').map((put) => put.codes ?? [])).toEqual([
					[],
					['FAC121'],
				]);
			},
		);
	},
);
