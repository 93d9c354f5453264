import { CfdiEmision } from '../../../nodes/CfdiEmision/CfdiEmision.node';
import { CfdiEmisionTrigger } from '../../../nodes/CfdiEmisionTrigger/CfdiEmisionTrigger.node';

describe('the descriptions n8n shows in its node panel', () => {
	it('each reads as the app, never as "this trigger"', () => {
		const action = new CfdiEmision().description.description;
		const trigger = new CfdiEmisionTrigger().description.description;
		expect(action).not.toMatch(/trigger/i);
		expect(trigger).not.toMatch(/this trigger/i);
		expect(trigger.startsWith(action)).toBe(true);
		expect(trigger).toMatch(/start a workflow when a voucher is stamped/);
	});
});
