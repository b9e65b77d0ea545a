/** What a user holds: the accounts they are a member of and the roles they have, by id. */
export interface HeldAccess {
  accounts: readonly number[];
  roles: readonly number[];
}

/**
 * Nobody acts on another user (edits them, resets their password, prints or regenerates their badge, reads
 * their sign-ins) who holds an account or a role the actor lacks: acting on them would hand the actor that
 * access (sign in as them). Acting on oneself is always within reach.
 */
export function isWithinReach(actor: HeldAccess, target: HeldAccess): boolean {
  const accounts = new Set(actor.accounts);
  const roles = new Set(actor.roles);
  return target.accounts.every((id) => accounts.has(id)) && target.roles.every((id) => roles.has(id));
}
