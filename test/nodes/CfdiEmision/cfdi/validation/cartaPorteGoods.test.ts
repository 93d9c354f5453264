/**
 * Rules of cfdi/validation/cartaPorteGoods.ts: wrong goods and vehicles of a Carta Porte 3.1 are
 * stopped, each naming its path (the cases of cartaPorte.test.ts that reach these rules).
 */
import {
	changed,
	expectOnlyError,
	type Mutable,
	type WrongCase,
} from '../../../../support/kindFixtures';
import { cartaPorteInvoice } from '../../../../support/complementInvoices';

const CP = 'complemento.cartaPorte31';

describe('Carta Porte 3.1 (given as JSON)', () => {
	const valid = cartaPorteInvoice();
	const cp = (v: Mutable) => v.complemento.cartaPorte31;
	const cases: WrongCase[] = [
		{
			name: 'numTotalMercancias miscounted',
			voucher: changed(valid, (v) => (cp(v).mercancias.numTotalMercancias = 2)),
			code: 'CARTA_PORTE_NUM_MERCANCIAS',
			path: `${CP}.mercancias.numTotalMercancias`,
		},
		{
			name: 'goods key of 6 digits',
			voucher: changed(valid, (v) => (cp(v).mercancias.mercancia[0].bienesTransp = '241127')),
			code: 'CARTA_PORTE_BIENES',
			path: `${CP}.mercancias.mercancia[0].bienesTransp`,
		},
		{
			name: 'goods weight 0',
			voucher: changed(valid, (v) => (cp(v).mercancias.mercancia[0].pesoEnKg = 0)),
			code: 'CARTA_PORTE_PESO',
			path: `${CP}.mercancias.mercancia[0].pesoEnKg`,
		},
		{
			name: 'no transport node',
			voucher: changed(valid, (v) => delete cp(v).mercancias.autotransporte),
			code: 'CARTA_PORTE_TRANSPORTE',
			path: `${CP}.mercancias`,
		},
		{
			name: 'plate with a dash',
			voucher: changed(
				valid,
				(v) => (cp(v).mercancias.autotransporte.identificacionVehicular.placaVM = '501-AAA'),
			),
			code: 'CARTA_PORTE_PLACA',
			path: `${CP}.mercancias.autotransporte.identificacionVehicular.placaVM`,
		},
	];
	it.each(cases.map((c) => [c.name, c] as const))('stops: %s', (_name, c) =>
		expectOnlyError(c.voucher, c.code, c.path),
	);
});
