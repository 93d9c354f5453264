import { notStampedNow } from '../../../../nodes/CfdiEmision/execution/stampedThisRun';

const UUID = '5fb2822e-396d-4725-8521-cdc4bdd20ccf';

describe('whether an item is e-mailed: its voucher stamped in this execution (issue 32 item 3)', () => {
	it.each([
		['no status', { uuid: UUID }],
		['an empty status', { uuid: UUID, status: '' }],
		['a status that is not text', { uuid: UUID, status: 2 }],
		['stamped now', { uuid: UUID, status: 'stamped' }],
		['stamped now with a twin', { uuid: UUID, status: 'stampedTwin' }],
		['skipped upstream without a voucher (the item loop passes it on)', { status: 'skipped' }],
	])('sent: %s', (_case, json) => {
		expect(notStampedNow(json, 0)).toBeUndefined();
	});

	it.each([
		['alreadyStamped', { uuid: UUID, status: 'alreadyStamped' }, 'stampedEarlier'],
		['pending', { status: 'pending', voucherId: 7 }, 'notStampedNow'],
		['alreadyPending', { status: 'alreadyPending' }, 'notStampedNow'],
		['cancelled', { uuid: UUID, status: 'cancelled' }, 'notStampedNow'],
		['skipped with a UUID', { uuid: UUID, status: 'skipped' }, 'notStampedNow'],
	])('not sent: %s', (_case, json, reason) => {
		const notSent = notStampedNow(json, 3);
		expect(notSent).toMatchObject({ reason, status: json.status });
		expect(notSent?.message).toMatch(/^Item 3 was not e-mailed: /);
		expect(notSent?.message).toContain('"Send Again for Vouchers Stamped Earlier"');
		if ('uuid' in json) expect(notSent?.message).toContain(UUID.toUpperCase());
	});
});

describe('a voucher another execution stamped while this one ran (issue 39 item 4)', () => {
	const meanwhile = { uuid: UUID, status: 'alreadyStamped', stampedMeanwhile: true };

	it.each([
		['the option off', false],
		['"Send Again for Vouchers Stamped Earlier" on', true],
	])('never sent, %s: the execution that stamped it sends it', (_case, sendAgain) => {
		const notSent = notStampedNow(meanwhile, 1, sendAgain);
		expect(notSent).toMatchObject({ reason: 'stampedMeanwhile', status: 'alreadyStamped' });
		expect(notSent?.message).toBe(
			`Item 1 was not e-mailed: voucher ${UUID.toUpperCase()} was stamped by another execution while this one ran (the same request delivered twice at once); that execution answered "stamped" and e-mails it. "Send Again for Vouchers Stamped Earlier" does not apply to it: one stamp, one e-mail.`,
		);
	});

	it.each([
		['alreadyStamped without the mark', { uuid: UUID, status: 'alreadyStamped' }],
		[
			'the mark on anything but alreadyStamped',
			{ uuid: UUID, status: 'cancelled', stampedMeanwhile: true },
		],
		['the mark as text', { uuid: UUID, status: 'alreadyStamped', stampedMeanwhile: 'true' }],
	])('with the option on, sent: %s', (_case, json) => {
		expect(notStampedNow(json, 0, true)).toBeUndefined();
	});
});
