import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseScan } from '@backroom/shared';

/**
 * Quick-login badges `//QL{userId}/{checksum}//` (orders-warehouse.md §Scanner input). The checksum is an
 * HMAC of the user id with the server secret, so a badge cannot be made up from a user id alone.
 * Upper-case hex keeps it typeable by any keyboard-wedge scanner.
 */
export function badgeChecksum(userId: number, secret: string): string {
  return createHmac('sha256', secret)
    .update(`quick-login:${userId}`)
    .digest('hex')
    .slice(0, 16)
    .toUpperCase();
}

export function badgeFor(userId: number, secret: string): string {
  return `//QL${userId}/${badgeChecksum(userId, secret)}//`;
}

/** The user id a badge stands for, or null when it is not a genuine badge. */
export function verifyBadge(text: string, secret: string): number | null {
  const scan = parseScan(text);
  if (scan.type !== 'quickLogin') return null;
  const expected = Buffer.from(badgeChecksum(scan.userId, secret));
  const given = Buffer.from(scan.checksum.toUpperCase());
  return expected.length === given.length && timingSafeEqual(expected, given) ? scan.userId : null;
}
