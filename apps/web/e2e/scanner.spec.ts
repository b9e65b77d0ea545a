import { dismissToasts, expect, signIn, test } from './support/fixtures';

test('the page-wide scanner: a fast burst of scans loses none, keeps order, and ignores keys typed in fields', async ({
  page,
}) => {
  await signIn(page, 'admin');
  // Focus the page on an empty part of the header (the start page's cards are links).
  await page.locator('body').click({ position: { x: 600, y: 20 } });
  await expect(page).toHaveURL(/\/$/);

  // Three UPC scans 30 ms apart, each typed at scanner speed. Nothing on the start page takes a UPC.
  const upcs = ['036000291452', '012345678905', '4006381333931'];
  for (const upc of upcs) {
    await page.keyboard.type(upc, { delay: 2 });
    await page.keyboard.press('Enter');
    await page.waitForTimeout(30);
  }
  // Said in words a person knows (never the parser's type names), with what was scanned, in order.
  const toasts = page.getByRole('alert').filter({ hasText: 'This screen does not take product barcodes' });
  await expect(toasts).toHaveCount(3);
  await expect(toasts).toHaveText(
    upcs.map((upc) => new RegExp(`^This screen does not take product barcodes\\s*${upc}$`)),
  );
  await expect(page.getByText(/takes a upc scan/)).toHaveCount(0);

  // Something that is no barcode at all.
  await page.keyboard.type('hello?', { delay: 2 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Unknown Scan')).toBeVisible();
  await expect(page.getByTestId('scan-flash')).toHaveText('hello?');
  await page.screenshot({ path: '../../test-results/screens/scanner-burst.png' });

  // Keys typed in a field belong to the field, not the scanner. The refusals stay until dismissed: closed first.
  await dismissToasts(page);
  await page.getByRole('link', { name: 'Accounts & Users' }).first().click();
  await page.getByRole('button', { name: 'New Account' }).click();
  const name = page.getByTestId('account-box').getByLabel('Name');
  await name.click();
  await page.keyboard.type('111122223333', { delay: 2 });
  await page.keyboard.press('Tab');
  await expect(name).toHaveValue('111122223333');
  await expect(page.getByRole('alert').filter({ hasText: '111122223333' })).toHaveCount(0, { timeout: 1000 });
});
