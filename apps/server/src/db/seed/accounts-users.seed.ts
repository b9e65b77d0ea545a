import { randomBytes } from 'node:crypto';
import type { RoleCode } from '@backroom/shared';
import { hashSecret } from '../../domains/auth/password';
import type { Db } from '../client';
import { accounts, memberships, userRoles, users } from '../schema';
import type { SeedContext } from './seed-context';

export const DEMO_PIN = '1234';

/** The demo logins printed at start-up and listed in README.md. */
export const DEMO_USERS: {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  roles: RoleCode[] | 'all';
  accounts: ('music' | 'outlet')[];
}[] = [
  {
    email: 'admin@backroom.local',
    password: 'backroom-admin',
    firstName: 'Ada',
    lastName: 'Admin',
    roles: 'all',
    accounts: ['music', 'outlet'],
  },
  {
    email: 'manager@backroom.local',
    password: 'backroom-manager',
    firstName: 'Morgan',
    lastName: 'Manager',
    roles: ['storeManager'],
    accounts: ['music'],
  },
  {
    email: 'sales@backroom.local',
    password: 'backroom-sales',
    firstName: 'Sam',
    lastName: 'Sales',
    roles: ['salesperson'],
    accounts: ['music'],
  },
  {
    email: 'warehouse@backroom.local',
    password: 'backroom-warehouse',
    firstName: 'Wes',
    lastName: 'Warehouse',
    roles: ['warehouseStaff'],
    accounts: ['music'],
  },
  {
    email: 'outlet@backroom.local',
    password: 'backroom-outlet',
    firstName: 'Olive',
    lastName: 'Outlet',
    roles: ['admin'],
    accounts: ['outlet'],
  },
];

async function insertUser(
  db: Db,
  ctx: SeedContext,
  user: { email: string; password: string; pin: string; firstName: string; lastName: string },
  roleIds: number[],
  accountIds: number[],
) {
  const [passwordHash, pinHash] = await Promise.all([
    hashSecret(user.password, ctx.passwordHashing),
    hashSecret(user.pin, ctx.passwordHashing),
  ]);
  const [row] = await db
    .insert(users)
    .values({ email: user.email, firstName: user.firstName, lastName: user.lastName, passwordHash, pinHash })
    .returning({ id: users.id });
  await db.insert(memberships).values(accountIds.map((accountId) => ({ userId: row!.id, accountId })));
  if (roleIds.length)
    await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row!.id, roleId })));
  return row!.id;
}

/** Demo accounts "Demo Music Co" and "Demo Outlet" with a user for each role. */
export async function seedAccountsAndUsers(db: Db, ctx: SeedContext): Promise<void> {
  const [music] = await db
    .insert(accounts)
    .values({ name: 'Demo Music Co', utcOffset: '-06:00' })
    .returning();
  const [outlet] = await db.insert(accounts).values({ name: 'Demo Outlet', utcOffset: '-05:00' }).returning();
  ctx.accounts.music = music!.id;
  ctx.accounts.outlet = outlet!.id;
  const allRoles = [...ctx.roleIds.values()];
  for (const demo of DEMO_USERS) {
    const roleIds = demo.roles === 'all' ? allRoles : demo.roles.map((code) => ctx.roleIds.get(code)!);
    const id = await insertUser(
      db,
      ctx,
      { ...demo, pin: DEMO_PIN },
      roleIds,
      demo.accounts.map((a) => ctx.accounts[a]!),
    );
    ctx.users[demo.email] = id;
  }
}

/** With DEMO_DATA=0: one account and one admin with a random password, printed once. */
export async function seedFirstAdmin(db: Db, ctx: SeedContext): Promise<{ email: string; password: string }> {
  const [account] = await db.insert(accounts).values({ name: 'My Company' }).returning();
  const password = randomBytes(12).toString('base64url');
  const email = 'admin@backroom.local';
  await insertUser(
    db,
    ctx,
    {
      email,
      password,
      pin: String(1000 + (randomBytes(2).readUInt16BE() % 9000)),
      firstName: 'Admin',
      lastName: 'User',
    },
    [ctx.roleIds.get('admin')!],
    [account!.id],
  );
  return { email, password };
}
