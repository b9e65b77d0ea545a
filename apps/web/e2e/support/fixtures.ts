import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { e2eDatabaseUrl } from './database-url.mjs';

export const DEMO = {
  admin: { email: 'admin@backroom.local', password: 'backroom-admin' },
  manager: { email: 'manager@backroom.local', password: 'backroom-manager' },
  sales: { email: 'sales@backroom.local', password: 'backroom-sales' },
  warehouse: { email: 'warehouse@backroom.local', password: 'backroom-warehouse' },
  outlet: { email: 'outlet@backroom.local', password: 'backroom-outlet' },
} as const;

/** Reads the database the server under test writes to. */
export async function query<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl(process.env.DATABASE_URL!) });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

export async function signIn(page: Page, who: keyof typeof DEMO) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(DEMO[who].email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO[who].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
}

/** Picks an option of a Mantine Select found by its test id. */
export async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

export const test = base;
export { expect };
