import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The known-device cookie: which users have signed in on this browser, each entry `{userId}.{mac}` signed
 * with the server secret. A known device is exempt from the per-user sign-in slow-down (login-limiter.ts),
 * so someone guessing a user's password from elsewhere never keeps that user out of their usual browser.
 * It is no credential: it only decides whether a sign-in attempt may be slowed.
 */
export const KNOWN_DEVICE_COOKIE = 'backroom_device';
const MAX_USERS_PER_DEVICE = 20;

const macOf = (userId: number, secret: string) =>
  createHmac('sha256', secret).update(`known-device:${userId}`).digest('base64url').slice(0, 22);

function entries(cookie: string | undefined): string[] {
  return (cookie ?? '').split('~').filter((entry) => /^\d{1,10}\.[\w-]{22}$/.test(entry));
}

export function isKnownDevice(cookie: string | undefined, userId: number, secret: string): boolean {
  const expected = Buffer.from(`${userId}.${macOf(userId, secret)}`);
  return entries(cookie).some((entry) => {
    const given = Buffer.from(entry);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The cookie with this user added (most recent first, at most 20 users a browser). */
export function addKnownDevice(cookie: string | undefined, userId: number, secret: string): string {
  const entry = `${userId}.${macOf(userId, secret)}`;
  return [entry, ...entries(cookie).filter((e) => e !== entry)].slice(0, MAX_USERS_PER_DEVICE).join('~');
}
