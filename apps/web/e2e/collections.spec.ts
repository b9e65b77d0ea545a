import type { Page } from '@playwright/test';
import { expect, query, signIn, test } from './support/fixtures';

// Storefront collections editor (/catalogue/collections; catalogue-admin.md §2.6, §4.2): a catalogue user
// opens it from the menu (the default collection is selected, its name locked), starts a new collection,
// activates three facets, drags them into another order, refines by a brand and a colour, flips a toggle and
// saves ('Created Collection: …'); the database holds a type 25 collection with that json. After a reload the
// collection is found again with its facets and refinements, and a second save patches it ('Updated …').

test.use({ viewport: { width: 1600, height: 1100 } });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `../../test-results/screens/collections-${name}.png`, fullPage: true });

const MUSIC = `(select id from accounts where name = 'Demo Music Co')`;

interface CollectionRow {
  id: number;
  name: string;
  collection_type_id: number;
  is_default_collection: number;
  parent_id: number | null;
  json: {
    instantsearch: {
      uiState: Record<string, { refinementList?: Record<string, string[]> }>;
      configuration: {
        refinementOrder: string[];
        hitsPerPage: number;
        refinements: { component: { attribute: string }; isEnabledCustomerBubble: boolean }[];
      };
    };
  };
}

const activeOrder = (page: Page) =>
  page
    .getByTestId('active-facets')
    .locator('[data-testid^="facet-"]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')!.replace('facet-', '')));

test('build, save, reload and update a collection with two refinements and reordered facets', async ({
  page,
}) => {
  const [site] = await query<{ id: number; channel_id: number; url: string }>(
    `select id, channel_id, url from account_sites where account_id = ${MUSIC}`,
  );
  const index = `vsf_product_${site!.channel_id}`;

  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Collections', exact: true }).click();
  await expect(page).toHaveURL(/\/catalogue\/collections$/);

  // §4.2: the default collection is selected and its name cannot be edited.
  await expect(page.getByTestId('collection-site')).toHaveValue(site!.url);
  await expect(page.getByTestId('collection-picker')).toHaveValue('Demo Music Storefront (default)');
  await expect(page.getByTestId('collection-name')).toBeDisabled();
  await expect(page.getByTestId('results-table').locator('tbody tr').first()).toBeVisible();
  await shot(page, '1-default');

  // A new collection: editable name, every facet inactive.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByTestId('collection-picker')).toHaveValue('New Collection (not saved)');
  await page.getByTestId('collection-name').fill('E2E Guitar Picks');
  await page.getByRole('button', { name: /Show inactive facets/ }).click();
  for (const label of ['Brand', 'Category', 'Color'])
    await page.getByRole('button', { name: `Activate ${label}`, exact: true }).click();
  expect(await activeOrder(page)).toEqual(['brand', 'category.lvl0', 'Color']);

  // Drag Color onto Brand, the top place (a pointer drag through dnd-kit).
  const from = (await page.getByTestId('drag-Color').boundingBox())!;
  await page.getByTestId('drag-brand').scrollIntoViewIfNeeded();
  const to = (await page.getByTestId('drag-brand').boundingBox())!;
  const start = (await page.getByTestId('drag-Color').boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 - 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 5, { steps: 20 });
  await page.mouse.up();
  expect(from.y).toBeGreaterThan(to.y);
  await expect.poll(() => activeOrder(page)).toEqual(['Color', 'brand', 'category.lvl0']);

  // Two refinements: the first brand and the first colour offered.
  const count = async () => (await page.getByTestId('result-count').innerText()).replace(/ results$/, '');
  const before = await count();
  const brandItem = page.getByTestId('widget-brand').locator('.ais-RefinementList-item').first();
  const brand = (await brandItem.locator('.ais-RefinementList-labelText').innerText()).trim();
  await brandItem.locator('input[type=checkbox]').check();
  await expect(page.locator('.ais-CurrentRefinements-categoryLabel', { hasText: brand })).toBeVisible();
  const colorItem = page.getByTestId('widget-Color').locator('.ais-RefinementList-item').first();
  const color = (await colorItem.locator('.ais-RefinementList-labelText').innerText()).trim();
  await colorItem.locator('input[type=checkbox]').check();
  await expect(page.locator('.ais-CurrentRefinements-categoryLabel', { hasText: color })).toBeVisible();
  // The hits are the refined ones: every row shown is of that brand (a big demo brand may still count '10k+').
  await expect
    .poll(async () => {
      const brands = await page
        .getByTestId('results-table')
        .locator('tbody tr td:first-child')
        .allInnerTexts();
      return brands.length > 0 && brands.every((b) => b.trim() === brand);
    })
    .toBe(true);
  if (before !== '10k+') await expect.poll(count).not.toBe(before);
  // Bubble on for Brand.
  await page.getByTestId('facet-brand').getByLabel('Bubble').check();
  // 'Show more' says why it cannot be used (issue 19 §2), and the keyboard reaches it: the demo's brands are
  // all shown in the first ten.
  const brandMore = page.getByTestId('widget-brand').getByRole('button', { name: 'Show more' });
  await expect(brandMore).toHaveAttribute('aria-disabled', 'true');
  await expect(brandMore).toHaveAccessibleDescription(/^All \d+ values are shown$/);
  await brandMore.focus();
  await expect(brandMore).toBeFocused();
  await shot(page, '2-built');
  // While a facet's values are searched the list is the matches: clearing the search gives the rest back.
  const colorSearch = page.getByTestId('widget-Color').getByRole('searchbox', { name: 'Search Color' });
  await colorSearch.fill('sunb');
  await expect(page.getByTestId('widget-Color').locator('.ais-RefinementList-labelText')).toHaveText([
    'Sunburst',
  ]);
  await expect(
    page.getByTestId('widget-Color').getByRole('button', { name: 'Show more' }),
  ).toHaveAccessibleDescription('Clear the search to show more values');
  await colorSearch.fill('');
  await expect(
    page.getByTestId('widget-Color').locator('.ais-RefinementList-labelText', { hasText: color }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Created Collection: E2E Guitar Picks')).toBeVisible();
  await expect(page.getByTestId('collection-picker')).toHaveValue('E2E Guitar Picks');

  const rows = await query<CollectionRow>(
    `select id, name, collection_type_id, is_default_collection, parent_id, json from collections
     where account_id = ${MUSIC} and name = 'E2E Guitar Picks'`,
  );
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  expect(row).toMatchObject({ collection_type_id: 25, is_default_collection: 0, parent_id: null });
  const { configuration, uiState } = row.json.instantsearch;
  expect(configuration.refinementOrder).toEqual(['Color', 'brand', 'category.lvl0']);
  expect(configuration.hitsPerPage).toBe(64);
  expect(
    configuration.refinements.find((r) => r.component.attribute === 'brand')?.isEnabledCustomerBubble,
  ).toBe(true);
  expect(uiState[index]?.refinementList).toEqual({ brand: [brand], Color: [color] });

  // Reload: found again with its facets and refinements.
  await page.reload();
  await expect(page.getByTestId('collection-picker')).toHaveValue('Demo Music Storefront (default)');
  await page.getByTestId('collection-picker').click();
  await page.getByRole('option', { name: 'E2E Guitar Picks', exact: true }).click();
  await expect(page.getByTestId('collection-name')).toHaveValue('E2E Guitar Picks');
  await expect(page.getByTestId('collection-name')).toBeEnabled();
  await expect.poll(() => activeOrder(page)).toEqual(['Color', 'brand', 'category.lvl0']);
  await expect(page.locator('.ais-CurrentRefinements-categoryLabel', { hasText: brand })).toBeVisible();
  await expect(page.locator('.ais-CurrentRefinements-categoryLabel', { hasText: color })).toBeVisible();
  await expect(page.getByTestId('facet-brand').getByLabel('Bubble')).toBeChecked();
  await shot(page, '3-reloaded');

  // An existing collection is patched: 'Updated Collection: …', same row.
  await page.getByTestId('collection-name').fill('E2E Guitar Picks 2');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Updated Collection: E2E Guitar Picks 2')).toBeVisible();
  const [updated] = await query<CollectionRow>(`select id, name from collections where id = ${row.id}`);
  expect(updated!.name).toBe('E2E Guitar Picks 2');
  await shot(page, '4-updated');
});
