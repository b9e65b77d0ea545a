import {
  type BaseProductQuery,
  type Collection,
  type CollectionJson,
  type CollectionPatch,
  type collectionCreateSchema,
  collectionIndexName,
  DEFAULT_COLLECTION_NAME_LOCKED,
  DEFAULT_HITS_PER_PAGE,
  emptyCollectionJson,
  FACET_SHOW_MORE_LIMIT,
  type Refinement,
  type RefinementComponentType,
  SEARCH_SORTS,
  searchIndexName,
} from '@backroom/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import * as repo from './collections.repository';

// Storefront collections (catalogue-admin.md §2.6, §4.2, §5 Collections, §7 Collections). Ids in requests
// are resolved within the account before these run (http/account-refs.ts); each write is one transaction.

export const listAccountSites = (deps: AppDeps, auth: AuthContext, siteId?: number) =>
  repo.listSites(deps.db, auth.accountId, siteId);

const refinement = (
  type: RefinementComponentType,
  attribute: string,
  label: string,
  extra: Partial<Refinement['component']> = {},
): Refinement => ({
  component: {
    type,
    attribute,
    searchable: type === 'refinementList',
    showMore: type === 'refinementList' || type === 'hierarchicalMenu',
    showMoreLimit: FACET_SHOW_MORE_LIMIT,
    ...extra,
  },
  isEnabledEditor: true,
  isEnabledCustomer: true,
  isEnabledCustomerBubble: false,
  label,
  isDeselectable: true,
  isSelectionRequired: false,
});

/** The facets a site's products offer: brand, category, price, stock and each facet attribute. */
async function siteFacets(db: Db, accountId: number): Promise<Refinement[]> {
  const facets = await repo.facetAttributes(db, accountId);
  return [
    refinement('refinementList', 'brand', 'Brand'),
    refinement('hierarchicalMenu', 'category.lvl0', 'Category', {
      attributes: ['category.lvl0', 'category.lvl1', 'category.lvl2'],
    }),
    refinement('numericMenu', 'price', 'Price'),
    ...facets.map((f) => refinement('refinementList', f.name, f.name)),
  ];
}

export async function baseQueryOf(
  db: Db,
  accountId: number,
  accountSiteId: number,
): Promise<BaseProductQuery> {
  const site = await repo.findSite(db, accountId, accountSiteId);
  if (!site) throw notFound(`Account site ${accountSiteId} not found.`);
  const indexName = collectionIndexName(site.channelId);
  return {
    accountSiteId,
    channelId: site.channelId,
    indexName,
    refinements: await siteFacets(db, accountId),
    // The proxy's sort replicas (packages/shared collections/instantsearch.ts).
    sortBy: SEARCH_SORTS.map((sort) => ({
      value: searchIndexName(site.channelId, sort.suffix),
      label: sort.label,
    })),
    hitsPerPage: DEFAULT_HITS_PER_PAGE,
  };
}

export const baseProductQuery = (deps: AppDeps, auth: AuthContext, accountSiteId: number) =>
  baseQueryOf(deps.db, auth.accountId, accountSiteId);

export const searchCollections = (
  deps: AppDeps,
  auth: AuthContext,
  query: { accountSiteId: number; collectionTypeId?: number },
) => repo.searchCollections(deps.db, auth.accountId, query.accountSiteId, query.collectionTypeId);

/** A field the user can correct: 400 'validation', naming the field. */
const invalid = (field: string, message: string, full = `Invalid input. ${field}: ${message}`) =>
  new AppError(400, full, [{ field, message }], 'validation');

/** Every active facet must be one of the collection's refinements, named once. */
function checkJson(json: CollectionJson) {
  const { refinements, refinementOrder } = json.instantsearch.configuration;
  const known = new Set<string>();
  for (const r of refinements) {
    if (known.has(r.component.attribute)) {
      const message = `Facet ${r.component.attribute} is listed twice.`;
      throw invalid('json', message);
    }
    known.add(r.component.attribute);
  }
  const unknown = refinementOrder.find((a) => !known.has(a));
  const twice = refinementOrder.find((a, i) => refinementOrder.indexOf(a) !== i);
  const bad = unknown ?? twice;
  if (bad !== undefined) {
    const message = unknown
      ? `Facet ${bad} is not one of the collection's facets.`
      : `Facet ${bad} is ordered twice.`;
    throw invalid('json', message);
  }
}

/** PUT …/collection: the new collection; without json it starts with the site's facets, none active. */
export async function createCollection(
  deps: AppDeps,
  auth: AuthContext,
  body: z.output<typeof collectionCreateSchema>,
): Promise<Collection> {
  return deps.db.transaction(async (tx) => {
    const json = body.json ?? emptyCollectionJson(await baseQueryOf(tx, auth.accountId, body.accountSiteId));
    checkJson(json);
    return repo.insertCollection(tx, {
      accountId: auth.accountId,
      accountSiteId: body.accountSiteId,
      parentId: body.parentId ?? null,
      collectionTypeId: body.collectionTypeId,
      name: body.name,
      json,
      userId: auth.userId,
    });
  });
}

/** PATCH …/collection: a new name and json; the default collection keeps its name (§5). */
export async function patchCollection(
  deps: AppDeps,
  auth: AuthContext,
  body: CollectionPatch,
): Promise<Collection> {
  checkJson(body.json);
  return deps.db.transaction(async (tx) => {
    const current = await repo.lockCollection(tx, auth.accountId, body.id);
    if (!current) throw notFound(`Collection ${body.id} not found.`);
    if (current.isDefaultCollection === 1 && body.name !== current.name)
      throw invalid('name', DEFAULT_COLLECTION_NAME_LOCKED, DEFAULT_COLLECTION_NAME_LOCKED);
    return repo.updateCollection(tx, auth.accountId, body.id, {
      name: body.name,
      json: body.json,
      userId: auth.userId,
    });
  });
}
