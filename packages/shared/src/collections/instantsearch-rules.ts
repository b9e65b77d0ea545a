import type { HighlightResult } from './instantsearch';
import { SEARCH_NUMERIC_ATTRIBUTES } from './instantsearch';

// The rules of the InstantSearch protocol the search proxy follows (catalogue-admin.md §7 Collections),
// pure so that they are table-tested here and the server only turns their output into SQL.

/** A refinement: attribute and value; `negated` for Algolia's 'attribute:-value' (exclude the value). */
export interface FacetFilter {
  attribute: string;
  value: string;
  negated: boolean;
}
export type NumericOperator = '<' | '<=' | '=' | '!=' | '>=' | '>';
export interface NumericFilter {
  attribute: string;
  operator: NumericOperator;
  value: number;
}

/** Filters as Algolia takes them: every top-level entry must hold (AND); the entries of an inner array are ORed. */
export type FilterList = string | (string | string[])[];

/** Why a filter list cannot be read, for the 400 reply. */
export class FilterError extends Error {}

/** The list as groups: AND between groups, OR inside a group. A JSON string ('["a:b"]') is read as its array. */
function groups(list: FilterList | undefined, what: string): string[][] {
  if (list === undefined) return [];
  if (typeof list === 'string') {
    const trimmed = list.trim();
    if (trimmed === '') return [];
    if (trimmed.startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(trimmed);
      } catch {
        throw new FilterError(`${what}: '${list}' is not a valid list`);
      }
      const ok =
        Array.isArray(parsed) &&
        parsed.every(
          (e) => typeof e === 'string' || (Array.isArray(e) && e.every((i) => typeof i === 'string')),
        );
      if (!ok) throw new FilterError(`${what}: '${list}' is not a list of filters`);
      return groups(parsed as (string | string[])[], what);
    }
    return [[trimmed]];
  }
  return list.map((entry) => (typeof entry === 'string' ? [entry] : entry)).filter((g) => g.length > 0);
}

/**
 * facetFilters: 'attribute:value' (the first colon splits), 'attribute:-value' excludes the value and
 * 'attribute:\-value' is the value '-value' itself. AND between entries, OR inside an inner array.
 */
export function parseFacetFilters(list: FilterList | undefined, what = 'facetFilters'): FacetFilter[][] {
  return groups(list, what).map((group) =>
    group.map((entry) => {
      const colon = entry.indexOf(':');
      if (colon <= 0) throw new FilterError(`${what}: '${entry}' must be attribute:value`);
      const attribute = entry.slice(0, colon).trim();
      let value = entry.slice(colon + 1);
      let negated = false;
      if (value.startsWith('-')) {
        negated = true;
        value = value.slice(1);
      } else if (value.startsWith('\\-')) value = value.slice(1);
      return { attribute, value, negated };
    }),
  );
}

const NUMERIC = /^\s*([A-Za-z0-9_.]+)\s*(<=|>=|!=|<|>|=)\s*(-?\d+(?:\.\d+)?)\s*$/;
const RANGE = /^\s*([A-Za-z0-9_.]+)\s*:\s*(-?\d+(?:\.\d+)?)\s+TO\s+(-?\d+(?:\.\d+)?)\s*$/;

/**
 * numericFilters: 'price>=10', 'price<100', 'price=25', 'price!=25', or 'price:10 TO 100' (both ends
 * included, read as two filters that must both hold). Only SEARCH_NUMERIC_ATTRIBUTES may be named.
 */
export function parseNumericFilters(list: FilterList | undefined): NumericFilter[][] {
  const out: NumericFilter[][] = [];
  for (const group of groups(list, 'numericFilters')) {
    const parsed = group.map((entry) => {
      const range = RANGE.exec(entry);
      if (range) {
        return [
          { attribute: range[1]!, operator: '>=' as const, value: Number(range[2]) },
          { attribute: range[1]!, operator: '<=' as const, value: Number(range[3]) },
        ];
      }
      const match = NUMERIC.exec(entry);
      if (!match) throw new FilterError(`numericFilters: '${entry}' must be like price>=10`);
      return [{ attribute: match[1]!, operator: match[2] as NumericOperator, value: Number(match[3]) }];
    });
    for (const filters of parsed) {
      for (const f of filters) {
        if (!(SEARCH_NUMERIC_ATTRIBUTES as readonly string[]).includes(f.attribute)) {
          throw new FilterError(
            `numericFilters: '${f.attribute}' is not a numeric attribute (${SEARCH_NUMERIC_ATTRIBUTES.join(', ')})`,
          );
        }
      }
    }
    const [only] = parsed;
    if (parsed.length === 1 && only && only.length === 2) {
      // A lone range is two conditions that must both hold: two groups.
      out.push(only.slice(0, 1), only.slice(1));
    } else if (parsed.some((p) => p.length > 1)) {
      throw new FilterError('numericFilters: a range (a:x TO y) cannot be ORed with other filters');
    } else out.push(parsed.map((p) => p[0]!));
  }
  return out;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a query as they are matched: lower case runs of letters and digits, each once, at most 10. */
export function queryWords(query: string | undefined): string[] {
  const words = (query ?? '').toLowerCase().match(WORD) ?? [];
  return [...new Set(words)].slice(0, 10);
}

/**
 * Algolia's _highlightResult for one attribute: each word of `value` that starts with a query word has that
 * beginning wrapped in the tags (the longest query word that fits). matchLevel is 'full' when every query
 * word matched, 'partial' when some did, 'none' otherwise; matchedWords lists those that did.
 */
export function highlight(
  value: string | null,
  words: string[],
  preTag = '<em>',
  postTag = '</em>',
): HighlightResult {
  const text = value ?? '';
  // No query words (every refinement-only search): nothing to wrap, and no word of the text to look at.
  if (words.length === 0) return { value: text, matchLevel: 'none', matchedWords: [] };
  const matched = new Set<string>();
  let allCovered = text.length > 0;
  const highlighted = text.replace(WORD, (token) => {
    const lower = token.toLowerCase();
    let best = '';
    for (const word of words) if (lower.startsWith(word) && word.length > best.length) best = word;
    if (!best) {
      allCovered = false;
      return token;
    }
    for (const word of words) if (lower.startsWith(word)) matched.add(word);
    if (best.length < token.length) allCovered = false;
    return `${preTag}${token.slice(0, best.length)}${postTag}${token.slice(best.length)}`;
  });
  const matchedWords = words.filter((w) => matched.has(w));
  const matchLevel =
    matchedWords.length === 0 ? 'none' : matchedWords.length === words.length ? 'full' : 'partial';
  return {
    value: highlighted,
    matchLevel,
    matchedWords,
    ...(matchLevel === 'none' ? {} : { fullyHighlighted: allCovered }),
  };
}

/** Facet names as a request gives them ('*' for every facet the index has). */
export function requestedFacets(facets: string | string[] | undefined, all: () => string[]): string[] {
  const list = facets === undefined ? [] : typeof facets === 'string' ? [facets] : facets;
  if (list.includes('*')) return [...new Set([...all(), ...list.filter((f) => f !== '*')])];
  return [...new Set(list)];
}

/** nbPages as Algolia counts it: over the hits that can be paged through (nbHits, capped), at least 0. */
export function pageCount(nbHits: number, hitsPerPage: number): number {
  return hitsPerPage === 0 ? 0 : Math.ceil(nbHits / hitsPerPage);
}

/** The params echo of a result: the request's params as a URL query string, as Algolia gives it back. */
export function paramsString(params: Record<string, unknown>): string {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`,
    )
    .join('&');
}
