import { describe, expect, it } from 'vitest';
import { isStoreManager, mayGrantAccess } from './roles';

describe('role checks', () => {
  it.each([
    [['storeManager'], true],
    [['admin'], true],
    [['salesperson', 'orderSupport'], false],
    [[], false],
  ])('roles %j are a store manager: %s', (codes, expected) => {
    expect(isStoreManager({ roles: codes.map((code) => ({ code })) })).toBe(expected);
  });

  it('grants access only with adminUserAccess', () => {
    expect(mayGrantAccess({ permissionGroups: ['adminUserAccess', 'orders'] })).toBe(true);
    expect(mayGrantAccess({ permissionGroups: ['orders', 'orderRefunds'] })).toBe(false);
  });
});
