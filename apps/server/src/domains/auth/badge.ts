import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseScan } from '@backroom/shared';

/**
 * Quick-login badges `//QL{userId}/{checksum}//` (orders-warehouse.md §Scanner input). The checksum is an
 * HMAC, with the server secret, of the user id and the user's own badge secret: a badge cannot be made up
 * from a user id, and regenerating the user's badge secret voids every badge printed before.
 * Upper-case hex keeps it typeable by any keyboard-wedge scanner.
 */
export function badgeChecksum(userId: number, badgeSecret: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`quick-login:${userId}:${badgeSecret}`)
    .digest('hex')
    .slice(0, 16)
    .toUpperCase();
}

export function badgeFor(user: { id: number; badgeSecret: string }, secret: string): string {
  return `//QL${user.id}/${badgeChecksum(user.id, user.badgeSecret, secret)}//`;
}

/** A new badge secret for a user (32 hex digits, as the column's default makes). */
export function newBadgeSecret(): string {
  return randomBytes(16).toString('hex');
}

/** The user id a scanned text claims to be a badge of, before its checksum is checked. */
export function badgeUserId(text: string): { userId: number; checksum: string } | null {
  const scan = parseScan(text);
  return scan.type === 'quickLogin' ? { userId: scan.userId, checksum: scan.checksum } : null;
}

/** True when the badge's checksum is the one this user's current badge secret gives. */
export function verifyBadge(
  claimed: { userId: number; checksum: string },
  user: { id: number; badgeSecret: string },
  secret: string,
): boolean {
  const expected = Buffer.from(badgeChecksum(user.id, user.badgeSecret, secret));
  const given = Buffer.from(claimed.checksum.toUpperCase());
  return claimed.userId === user.id && expected.length === given.length && timingSafeEqual(expected, given);
}
