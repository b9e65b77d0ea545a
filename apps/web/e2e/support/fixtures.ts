import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { e2eDatabaseUrl, e2ePort } from './database-url.mjs';

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

/** Closes every toast shown, as a user closes the errors that stay until dismissed before going on. */
export async function dismissToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  // A toast slides out when closed and the next one moves up: a click may miss one that is leaving, so the
  // closing is retried until none is left.
  await expect(async () => {
    if ((await close.count()) > 0) await close.first().click({ timeout: 2_000 });
    expect(await close.count()).toBe(0);
  }).toPass({ timeout: 30_000 });
}

/**
 * A keyboard-wedge scan typed outside any field, as the scanner sends it: every key and the closing Enter in one
 * burst (one task of the page). Playwright's own typing sends a key at a time, and on a loaded machine a gap
 * past the scanner's idle time (500 ms) cut the scan: its tail alone was then scanned ('1' chose a box on the
 * packing station instead of being refused).
 */
export async function scanBurst(page: Page, text: string) {
  await page.evaluate((keys) => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (const key of [...keys, 'Enter'])
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, text);
}

/** Picks an option of a Mantine Select found by its test id. */
export async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * Every page keeps its success toasts up four times as long (see TIME_SCALE_GLOBAL in src/lib/notify.ts): a
 * loaded machine can starve the test for longer than a 2.5-3.5 s toast lasts, and the test would then miss a
 * toast the user saw. Texts, roles and the three-toast limit are unchanged; four times (10-14 s) rather than
 * more, so lingering toasts do not sit over the controls a test clicks next.
 */
export const test = base.extend({
  // This worker's own server (playwright.config.ts starts one per worker).
  baseURL: async ({ baseURL }, use) => {
    const url = new URL(baseURL ?? 'http://localhost');
    url.port = String(e2ePort());
    await use(url.origin);
  },
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      (globalThis as Record<string, unknown>).__BACKROOM_TOAST_TIME_SCALE__ = 4;
    });
    await use(page);
  },
});
export { expect };
