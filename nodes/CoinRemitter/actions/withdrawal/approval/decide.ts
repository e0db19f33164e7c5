import type { NodeTypeAndVersion } from 'n8n-workflow';

import type { ReadAnswer } from './answer';
import type { Approval } from './approvers';
import { approvalOf, isListed, samePerson } from './approvers';
import type { AskedPayout } from './askedPayout';

// What a person's answer does to the payout they were shown, before anything is recorded or sent:
// the approvers sealed at the ask, and two different people above Two People Above.

export type Decision =
	| { act: 'send'; approvals: Approval[] }
	| { act: 'askSecond'; approvals: Approval[] }
	| {
			act: 'decline';
			outcome: 'declined' | 'timedOut' | 'notAnApproval' | 'notAnApprover' | 'samePersonTwice';
			why?: string;
	  };

const NOT_NAMED =
	'the answer names no one (a link answer), and only named approvers may send this payout.';

/** What the answer `read`, given through `asker`, does to `payout`. */
export function decide(payout: AskedPayout, read: ReadAnswer, asker: NodeTypeAndVersion): Decision {
	if (read.answer !== 'approved') return { act: 'decline', outcome: read.answer };
	const approval = approvalOf(read.responder, read.respondedAt, asker.name);
	if (payout.approvers.length > 0 && !isListed(payout.approvers, read.responder))
		return {
			act: 'decline',
			outcome: 'notAnApprover',
			why: read.responder
				? `${read.responder.id} is not on the Approvers list sealed when the person was asked.`
				: NOT_NAMED,
		};
	if (payout.approvalsNeeded === 1) return { act: 'send', approvals: [approval] };
	if (!read.responder)
		return {
			act: 'decline',
			outcome: 'notAnApprover',
			why: 'the answer names no one (a link answer), and two different named people must approve this payout.',
		};
	const [first] = payout.approvals;
	if (!first) return { act: 'askSecond', approvals: [approval] };
	if (samePerson(first, approval, payout.approvers))
		return {
			act: 'decline',
			outcome: 'samePersonTwice',
			why: 'the same person approved twice, and two different people must approve this payout.',
		};
	return { act: 'send', approvals: [first, approval] };
}
