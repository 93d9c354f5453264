/**
 * Settling an unclear stamp with this voucher's facts only (issue 27 item 4), through n8n-core's
 * engine against the sandbox: a redirect during a stamp is never its answer, and a read-back that
 * answers another voucher is no evidence about this one.
 */
import type { IDataObject } from 'n8n-workflow';

import { account } from '../../../support/sandboxCredential';
import { invoiceVoucher } from '../../../support/vouchers';
import { namesThisVoucher } from '../../../../nodes/CfdiEmision/stamping/stampPending';
import { createParams, useSandboxEngine } from '../../../support/nodeTestKit';

const kit = useSandboxEngine();
const apiRoot = `/businessEmision/api/v1/emisores/${account.emisorId}`;

/** Another sale's voucher, stamped first: the one a wrong answer would name. */
async function otherStampedVoucher(): Promise<{ id: number; uuid: string }> {
	const { items } = await kit.engine.runNode(
		createParams(invoiceVoucher({ folio: 'OTHER-1' }), { duplicateCheck: 'off' }),
		[{}],
	);
	return { id: Number(items[0].json.idComprobante), uuid: String(items[0].json.uuid) };
}

const thisSale = () => createParams(invoiceVoucher({ folio: 'MINE-1' }), { duplicateCheck: 'off' });

describe('a stamp settles with its own voucher only', () => {
	test("a 303 from the stamp to another voucher's GET is not the answer: this voucher is read back and stamped itself", async () => {
		const other = await otherStampedVoucher();
		kit.sandbox.injectFault({
			route: 'updateVoucher',
			kind: 'redirect',
			status: 303,
			location: `${apiRoot}/comprobantes/${other.id}`,
		});
		const { items, error } = await kit.engine.runNode(thisSale(), [{}]);
		expect(error).toBeUndefined();
		const json = items[0].json as IDataObject;
		expect(json.uuid).not.toBe(other.uuid);
		const mine = [...kit.sandbox.vouchers.values()].find(
			(voucher) => voucher.body.folio === 'MINE-1',
		);
		expect(mine?.state).toBe('stamped');
		expect(json).toMatchObject({ status: 'stamped', uuid: mine?.uuid, idComprobante: mine?.id });
	});

	test('a direct stamp answered with a 303: unclear, the error says the voucher may be stamped, not stamped with the other UUID', async () => {
		const other = await otherStampedVoucher();
		kit.sandbox.injectFault({
			route: 'createVoucher',
			kind: 'redirect',
			status: 303,
			location: `${apiRoot}/comprobantes/${other.id}`,
		});
		const { items, error } = await kit.engine.runNode(
			createParams(invoiceVoucher({ folio: 'MINE-1' }), {
				duplicateCheck: 'off',
				stampingMode: 'direct',
			}),
			[{}],
		);
		expect(items).toEqual([]);
		expect(error?.message).toContain('redirect (HTTP 303)');
		expect(error?.message).not.toContain(other.uuid);
	});

	test("a read-back redirected to another voucher's body is no evidence: this voucher stays to be stamped and is", async () => {
		const other = await otherStampedVoucher();
		kit.sandbox.injectFault({ route: 'updateVoucher', kind: 'status', status: 503 });
		kit.sandbox.injectFault({
			route: 'getVoucher',
			kind: 'redirect',
			status: 302,
			location: `${apiRoot}/comprobantes/${other.id}`,
		});
		const { items, error } = await kit.engine.runNode(thisSale(), [{}]);
		expect(error).toBeUndefined();
		const mine = [...kit.sandbox.vouchers.values()].find(
			(voucher) => voucher.body.folio === 'MINE-1',
		);
		expect(items[0].json).toMatchObject({ status: 'stamped', uuid: mine?.uuid });
		expect(items[0].json.uuid).not.toBe(other.uuid);
	});
});

describe('namesThisVoucher', () => {
	const body = { serie: 'A', folio: 'MINE-1' };
	test.each([
		[{ id: 7 }, true],
		[{ idComprobante: 7, serie: 'a', folio: 'mine-1' }, true],
		[{ id: 8 }, false],
		[{ voucherId: 7, series: 'B', folio: 'MINE-1' }, false],
		[{ id: 7, folio: 'OTHER' }, false],
		[{ serie: 'A', folio: 'MINE-1' }, true],
		[{ folio: 'MINE-1' }, false],
		[{}, false],
	])('%p: %p', (found, names) => {
		expect(namesThisVoucher(found, 7, body)).toBe(names);
	});
	test('without an id or a folio sent, nothing names it', () => {
		expect(namesThisVoucher({ serie: 'A' }, 7, { serie: 'A' })).toBe(false);
	});
});
