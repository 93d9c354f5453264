import {
	checkCancellationRequest,
	isCancellationProblem,
} from '../../../../nodes/CfdiEmision/cfdi/cancellation';

const OLD = '5fb2822e-396d-4725-8521-cdc4bdd20ccf';
const NEW = 'A1B2C3D4-1111-4222-8333-944455556666';

describe('checkCancellationRequest', () => {
	it('normalises UUIDs to upper case and keeps the motive', () => {
		expect(
			checkCancellationRequest({
				uuid: ` ${OLD} `,
				motive: '01',
				replacementUuid: NEW.toLowerCase(),
			}),
		).toEqual({ uuid: OLD.toUpperCase(), motive: '01', replacementUuid: NEW });
		expect(checkCancellationRequest({ uuid: OLD, motive: '02', replacementUuid: '' })).toEqual({
			uuid: OLD.toUpperCase(),
			motive: '02',
			replacementUuid: '',
		});
	});

	it.each([
		[{ uuid: 'abc', motive: '02', replacementUuid: '' }, 'uuid', /not a voucher UUID/],
		[{ uuid: OLD, motive: '05', replacementUuid: '' }, 'motive', /not a SAT cancellation motive/],
		[{ uuid: OLD, motive: 2, replacementUuid: '' }, 'motive', /"2"/],
		[
			{ uuid: OLD, motive: '01', replacementUuid: '' },
			'replacementUuid',
			/needs the UUID of the replacing voucher/,
		],
		[
			{ uuid: OLD, motive: '01', replacementUuid: 'not-a-uuid' },
			'replacementUuid',
			/is not a voucher UUID/,
		],
		[
			{ uuid: OLD, motive: '01', replacementUuid: OLD.toUpperCase() },
			'replacementUuid',
			/being cancelled/,
		],
		[
			{ uuid: OLD, motive: '03', replacementUuid: NEW },
			'replacementUuid',
			/does not take a replacement UUID/,
		],
		[
			{ uuid: OLD, motive: '04', replacementUuid: NEW },
			'replacementUuid',
			/does not take a replacement UUID/,
		],
	])('refuses %j naming %s', (input, field, message) => {
		const result = checkCancellationRequest(input);
		expect(isCancellationProblem(result)).toBe(true);
		expect(result).toMatchObject({
			field,
			message: expect.stringMatching(message),
			fix: expect.any(String),
		});
	});
});
