import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('DATABASE_POOL_SIZE', () => {
  it('is left to the database client when unset or empty', () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: ' ' }).databasePoolSize).toBeUndefined();
  });

  it.each([
    ['1', 1],
    ['6', 6],
    ['200', 200],
  ])('reads %s as %i connections', (value, size) => {
    expect(loadConfig({ DATABASE_POOL_SIZE: value }).databasePoolSize).toBe(size);
  });

  it.each(['0', '-2', '2.5', 'six', '201'])('stops the start on %j, naming the setting', (value) => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).toThrow(
      `DATABASE_POOL_SIZE must be a whole number from 1 to 200, not "${value}".`,
    );
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no forwarded header when unset', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).trustProxy).toBe(false);
  });

  it('reads the proxies it names', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
    ]);
  });

  it.each([
    'true',
    '*',
    'proxy.local',
  ])('refuses %j, which would trust anyone or nobody knows whom', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY lists proxy addresses/);
  });
});
