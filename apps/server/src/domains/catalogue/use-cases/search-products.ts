import { normalizeUpc, type ProductSearch } from '@backroom/shared';
import type { Db } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import type { AuthContext } from '../../auth/auth-cache';
import { productSearcher, type SearchRow, searchWordMatches } from '../product-search.repository';

/** The words of a search text, split as the database splits product words (product_search_words, 0010). */
function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
}

/**
 * The word lists to merge for a search text. A word some product has is kept as typed; any other is
 * corrected to the nearest word of the account's product names (trigram similarity over that small list).
 * The last word may be unfinished: it stands for itself and every known word it begins, and is corrected
 * only when it is neither. Null when a word matches nothing at all.
 */
async function searchTerms(db: Db, accountId: number, text: string) {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const found = await searchWordMatches(db, accountId, words);
  const last = found.length - 1;
  const whole = found.slice(0, last).map((r) => r.word);
  const { typed, word, completions } = found[last]!;
  const lastWords =
    word === typed || completions?.length ? [typed, ...(completions ?? [])] : word ? [word] : [];
  if (whole.some((w) => w === null) || lastWords.length === 0) return null;
  return { whole: whole as string[], lastWords };
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * POST search/products (§2.8): a UPC finds by barcode, a SKU-looking text by SKU prefix, anything else by
 * whole words with typo tolerance, and as a last resort by trigram similarity over the whole text. Results
 * are in SKU order, a page at a time; every way of searching walks an index in that order and stops at the
 * page's end. Images and attributes come in the same query (one round trip per search).
 */
export async function searchProducts(deps: AppDeps, auth: AuthContext, query: ProductSearch) {
  const search = productSearcher(deps.db, auth.accountId, query);
  const text = query.search.trim();
  let rows: SearchRow[] = [];
  if (!text) {
    rows = await search.all();
  } else if (/^\d{8,16}$/.test(text)) {
    rows = await search.byUpc(normalizeUpc(text));
  } else {
    // One index per way of searching (an OR of them would scan every product).
    if (/^[A-Za-z0-9][A-Za-z0-9-]*\d[A-Za-z0-9-]*$/.test(text)) rows = await search.bySkuPrefix(text);
    const terms = rows.length ? null : await searchTerms(deps.db, auth.accountId, text);
    if (terms) rows = await search.byWords(terms.whole, terms.lastWords);
    if (rows.length === 0) rows = await search.bySimilarity(text);
  }
  return rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    name: row.name,
    upc: row.upc,
    mpn: row.mpn,
    brandId: row.brand_id,
    isActive: row.is_active,
    images: row.images,
    imagesReviewedAt: isoOrNull(row.images_reviewed_at),
    imagesNextReviewAt: isoOrNull(row.images_next_review_at),
    attributes: row.attributes,
  }));
}
