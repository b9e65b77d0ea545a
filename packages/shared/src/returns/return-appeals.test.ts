import { describe, expect, it } from 'vitest';
import {
  APPEAL_STATUS,
  APPEAL_STATUSES,
  appealMoveProblem,
  appealStatusOptions,
  appealUpdateSchema,
  canMoveAppeal,
} from './return-appeals';

const S = APPEAL_STATUS;

describe('appeal statuses and transitions (designed: docs/returns.md, The appeal)', () => {
  it('lists the statuses in order', () => {
    expect(APPEAL_STATUSES.map((s) => `${s.id} ${s.name}`)).toEqual([
      '1 Open',
      '5 Submitted',
      '10 Under Review',
      '15 Approved',
      '20 Partially Approved',
      '25 Denied',
      '30 Closed',
    ]);
  });

  it.each([
    [S.open, S.submitted, true],
    [S.open, S.closed, true],
    [S.open, S.approved, false],
    [S.open, S.underReview, false],
    [S.submitted, S.underReview, true],
    [S.submitted, S.approved, true],
    [S.submitted, S.denied, true],
    [S.submitted, S.open, false],
    [S.underReview, S.partiallyApproved, true],
    [S.underReview, S.submitted, false],
    [S.approved, S.closed, false],
    [S.approved, S.denied, false],
    [S.approved, S.approved, true],
    [S.denied, S.submitted, true],
    [S.denied, S.approved, false],
    [S.partiallyApproved, S.submitted, true],
    [S.closed, S.open, true],
    [S.closed, S.submitted, false],
    [S.open, 99, false],
    [99, S.open, false],
  ])('%i → %i allowed: %s', (from, to, allowed) => {
    expect(canMoveAppeal(from, to)).toBe(allowed);
  });

  it('says why a move is refused and what is allowed instead', () => {
    expect(appealMoveProblem(S.open, S.approved)).toBe(
      'An appeal that is Open cannot become Approved; it can become Submitted, Closed.',
    );
    expect(appealMoveProblem(S.approved, S.denied)).toBe('An appeal that is Approved cannot become Denied.');
    expect(appealMoveProblem(S.open, 7)).toBe('7 is not an appeal status.');
    expect(appealMoveProblem(S.open, S.submitted)).toBeNull();
  });

  it('offers the current status and where it may go', () => {
    expect(appealStatusOptions(S.open).map((s) => s.name)).toEqual(['Open', 'Submitted', 'Closed']);
    expect(appealStatusOptions(S.approved).map((s) => s.name)).toEqual(['Approved']);
  });

  it('takes amounts from 0.00 with cents at most; null clears one', () => {
    const ok = (body: object) => appealUpdateSchema.safeParse({ inboundReturnId: 1, ...body }).success;
    expect(ok({ claimAmountDollar: 0 })).toBe(true);
    expect(ok({ claimAmountDollar: 49.99, reimbursementAmountDollar: 30 })).toBe(true);
    expect(ok({ reimbursementAmountDollar: null })).toBe(true);
    expect(ok({ claimAmountDollar: -0.01 })).toBe(false);
    expect(ok({ claimAmountDollar: 1.234 })).toBe(false);
    expect(ok({ reimbursementAmountDollar: 10_000_000.01 })).toBe(false);
  });
});
