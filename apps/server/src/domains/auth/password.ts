import argon2 from 'argon2';

/** argon2id. 'fast' exists only so test suites that create many users stay quick; production uses 'strong'. */
const OPTIONS = {
  strong: { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  fast: { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;

export function hashSecret(secret: string, cost: 'strong' | 'fast'): Promise<string> {
  return argon2.hash(secret, OPTIONS[cost]);
}

export async function verifySecret(hash: string | null | undefined, secret: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, secret);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so a wrong e-mail takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function dummyVerify(secret: string, cost: 'strong' | 'fast'): Promise<boolean> {
  dummyHash ??= hashSecret('not-a-real-password', cost);
  return dummyHash.then((hash) => verifySecret(hash, secret)).then(() => false);
}
