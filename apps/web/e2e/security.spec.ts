import { expect, signIn, test } from './support/fixtures';

/**
 * The Content-Security-Policy the server sends (no inline script, nothing framed) must not break a screen:
 * every main screen is opened and the browser must report no policy violation.
 */
test('every main screen works under the Content-Security-Policy, with no violation reported', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  const first = await page.goto('/login');
  const csp = first!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(first!.headers()['x-content-type-options']).toBe('nosniff');

  await signIn(page, 'admin');
  for (const [url, heading] of [
    ['/warehouse', /Warehouses/],
    ['/warehouse/printers', /Printers/],
    ['/warehouse/print-queue', /Print Queue/],
    ['/orders', /Orders/],
    ['/orders/outbox', /Outbox/],
    ['/POS/new', /Point of Sale|POS/],
    ['/catalogue/brand', /Brand Products/],
    ['/tools/universal', /SEO/],
    ['/admin/accounts-users', /Accounts & Users/],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  }
  await page.screenshot({ path: '../../test-results/screens/csp-accounts-users.png' });
  expect(violations).toEqual([]);
});
