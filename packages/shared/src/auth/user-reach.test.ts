import { describe, expect, it } from 'vitest';
import { isWithinReach } from './user-reach';

describe('isWithinReach', () => {
  const admin = { accounts: [1, 2], roles: [1, 2, 3] };
  it.each([
    ['a user with less', { accounts: [1], roles: [2] }, true],
    ['a user with the same', { accounts: [1, 2], roles: [1, 2, 3] }, true],
    ['a user with no roles', { accounts: [2], roles: [] }, true],
    ['a member of another account', { accounts: [1, 3], roles: [2] }, false],
    ['a holder of another role', { accounts: [1], roles: [2, 4] }, false],
  ])('%s: %s', (_name, target, expected) => {
    expect(isWithinReach(admin, target)).toBe(expected);
  });
});
