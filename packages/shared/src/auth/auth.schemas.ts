import { z } from 'zod';
import { idSchema, text } from '../api/text';
import { PERMISSION_GROUPS } from './permissions';

export const emailSchema = text()
  .trim()
  .toLowerCase()
  .max(254, 'E-mail must be at most 254 characters')
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));

export const passwordSchema = text()
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');

export const pinSchema = text().regex(/^\d{4,12}$/, 'PIN must be 4 to 12 digits');

/**
 * One login call, three ways in: e-mail + password, e-mail + PIN, or a scanned badge alone.
 * One object (not a union) so that a bad field is reported by name.
 */
export const loginRequestSchema = z
  .strictObject({
    email: emailSchema.optional(),
    password: text().min(1, 'Enter your password').max(200).optional(),
    pin: text().min(1, 'Enter your PIN').max(12).optional(),
    badge: text().min(1).max(200).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.badge !== undefined) {
      if (value.email !== undefined || value.password !== undefined || value.pin !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['badge'], message: 'Sign in with a badge alone' });
      }
      return;
    }
    if (value.email === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Required' });
    if ((value.password === undefined) === (value.pin === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter a password or a PIN' });
    }
  });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const switchAccountRequestSchema = z.strictObject({ accountId: idSchema });

export const sessionUserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const meSchema = z.object({
  user: sessionUserSchema,
  roles: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  permissionGroups: z.array(z.enum(PERMISSION_GROUPS)),
  adminUserAccess: z.boolean(),
  accounts: z.array(z.object({ id: z.number(), name: z.string(), utcOffset: z.string() })),
  currentAccount: z.object({ id: z.number(), name: z.string(), utcOffset: z.string() }),
});
export type Me = z.infer<typeof meSchema>;

export const badgeSchema = z.object({ userId: z.number(), badge: z.string() });

/** GET /api/v1/backroom/user/{id}/logins: one sign-in attempt of the user. */
export const loginEventSchema = z.object({
  id: z.number(),
  method: z.enum(['password', 'pin', 'badge']),
  succeeded: z.union([z.literal(0), z.literal(1)]),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type LoginEvent = z.infer<typeof loginEventSchema>;
