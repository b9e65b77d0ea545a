import { z } from 'zod';
import { idParam, idSchema, intSchema, MAX_INT, text } from '../api/text';
import { emailSchema, passwordSchema, pinSchema } from '../auth/auth.schemas';

/** The specs send memberships as "ids above 0"; we take plain ids or `{id}` objects. */
const idRef = z.union([idSchema, z.object({ id: idSchema })]);
export const idRefListSchema = z.array(idRef).max(500);
export function refIds(refs: ReadonlyArray<number | { id: number }>): number[] {
  return [...new Set(refs.map((ref) => (typeof ref === 'number' ? ref : ref.id)))];
}

const nameSchema = (label: string) =>
  text().trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

/** PUT /api/backroom/user/admin — create (needs adminUserAccess). */
export const userCreateSchema = z.object({
  id: z.number().int().max(0).optional(),
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: emailSchema,
  pinPasscode: pinSchema,
  password: passwordSchema,
  accounts: idRefListSchema.min(1, 'Choose at least one account'),
  roles: idRefListSchema,
});

/**
 * PATCH /api/backroom/user/admin/{id} — update; PIN and password change only when sent. Changing one's own
 * PIN or password needs `currentPassword` too (beyond the spec's payload: a borrowed session must not be
 * enough to take the account over).
 */
export const userUpdateSchema = z.object({
  /** Ignored: the path names the user. */
  id: intSchema(-MAX_INT).optional(),
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: emailSchema,
  pinPasscode: pinSchema.optional(),
  password: passwordSchema.optional(),
  currentPassword: text().min(1, 'Enter your current password').max(200).optional(),
  accounts: idRefListSchema.optional(),
  roles: idRefListSchema.optional(),
});

export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/**
 * A user as the admin screen sees it: never a hash. `accounts` are only those of the user's accounts the
 * caller belongs to too (an account admin learns nothing of other accounts); `inReach` says whether the
 * caller may act on the user (isWithinReach: they hold no account or role the caller lacks).
 */
export const userSummarySchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  accounts: z.array(z.object({ id: z.number() })),
  roles: z.array(z.object({ id: z.number() })),
  inReach: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const roleSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  permissionGroups: z.array(z.string()),
});
export type Role = z.infer<typeof roleSchema>;

export const idParamSchema = z.object({ id: idParam });
