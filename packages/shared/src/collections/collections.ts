import { z } from 'zod';
import { idSchema, text } from '../api/text';

// Storefront collections (catalogue-admin.md §2.6, §3 Collection and account site, Refinement, §4.2, §5
// Collections, §6, §7 Collections, §8, §9). A collection is a saved storefront query (its refinements,
// sort, facets) for one account site; the editor searches products through POST /api/v2/searchkit/proxy.

/** §9: "default type id 5; saved web collections use 25". */
export const COLLECTION_TYPE_DEFAULT = 5;
export const COLLECTION_TYPE_WEB = 25;
export const COLLECTION_TYPE_IDS = [COLLECTION_TYPE_DEFAULT, COLLECTION_TYPE_WEB] as const;
/** §9: "facet show-more limit 200". */
export const FACET_SHOW_MORE_LIMIT = 200;
/** §9: "results count caps at 10000 and displays '10k+'". */
export const RESULT_COUNT_CAP = 10_000;
/** §9: "250 ms delay between create and patch". */
export const CREATE_PATCH_DELAY_MS = 250;
/** §9: "default hits per page 64". */
export const DEFAULT_HITS_PER_PAGE = 64;
/** The hits-per-page choices of the results panel (the default among them). */
export const HITS_PER_PAGE_OPTIONS = [16, 32, 64, 128] as const;
/** §6, §9: "account id 6 selects default channel 593, and other accounts select 664". */
export const DEFAULT_CHANNEL_ACCOUNT_6 = 593;
export const DEFAULT_CHANNEL_OTHERS = 664;
/** §8 toasts. */
export const collectionCreatedToast = (name: string) => `Created Collection: ${name}`;
export const collectionUpdatedToast = (name: string) => `Updated Collection: ${name}`;
/** §5 Collections. */
export const DEFAULT_COLLECTION_NAME_LOCKED = "The default collection's name cannot be edited.";
/** §2.6 Results panel: the three columns, in order. */
export const COLLECTION_RESULT_COLUMNS = ['Brand', 'Name', 'Variations'] as const;
/** A collection's name: the editor's text input and the database column. */
export const COLLECTION_NAME_MAX = 120;

/** §6: the channel the editor selects first. */
export const defaultChannelId = (accountId: number) =>
  accountId === 6 ? DEFAULT_CHANNEL_ACCOUNT_6 : DEFAULT_CHANNEL_OTHERS;

/** §7: "The search index is named by the prefix vsf_product_ and the channel id". */
export const collectionIndexName = (channelId: number) => `vsf_product_${channelId}`;

/** §2.6, §9: the results count as shown: '10k+' when the count is 10000 (the cap) or more. */
export const formatResultCount = (count: number) =>
  count >= RESULT_COUNT_CAP ? '10k+' : count.toLocaleString('en-US');

/** §3 Account site. */
export const accountSiteSchema = z.object({
  id: idSchema,
  url: z.string(),
  channelId: idSchema,
  siteId: z.number().int(),
  accountId: idSchema,
  isActive: z.number().int(),
});
export type AccountSite = z.infer<typeof accountSiteSchema>;

/** GET …/account/sites?siteId={siteId}&eager={eager}: an optional site filter and eager flag. */
export const accountSitesQuerySchema = z.object({
  siteId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  eager: z.enum(['true', 'false', '1', '0']).optional(),
});

/** §3 Refinement component types. */
export const REFINEMENT_COMPONENT_TYPES = [
  'refinementList',
  'hierarchicalMenu',
  'toggleRefinement',
  'numericMenu',
] as const;
export type RefinementComponentType = (typeof REFINEMENT_COMPONENT_TYPES)[number];

const attributeName = text().trim().min(1).max(200);

/** §3 Refinement: the facet's search component and the five toggles of §2.6. */
export const refinementSchema = z.object({
  component: z.object({
    type: z.enum(REFINEMENT_COMPONENT_TYPES),
    attribute: attributeName,
    /** hierarchicalMenu: its level attributes (lvl0, lvl1, ...). */
    attributes: z.array(attributeName).max(5).optional(),
    searchable: z.boolean(),
    showMore: z.boolean(),
    showMoreLimit: z.literal(FACET_SHOW_MORE_LIMIT),
  }),
  isEnabledEditor: z.boolean(),
  isEnabledCustomer: z.boolean(),
  isEnabledCustomerBubble: z.boolean(),
  label: text().trim().min(1).max(120),
  isDeselectable: z.boolean(),
  isSelectionRequired: z.boolean(),
});
export type Refinement = z.infer<typeof refinementSchema>;

/** The five toggles of a facet (§2.6), in the panel's order, with their labels. */
export const REFINEMENT_TOGGLES = [
  { key: 'isEnabledEditor', label: 'Editor' },
  { key: 'isEnabledCustomer', label: 'Customer filter' },
  { key: 'isEnabledCustomerBubble', label: 'Bubble' },
  { key: 'isSelectionRequired', label: 'Required' },
  { key: 'isDeselectable', label: 'Deselectable' },
] as const satisfies readonly { key: keyof Refinement; label: string }[];
export type RefinementToggle = (typeof REFINEMENT_TOGGLES)[number]['key'];

/** What InstantSearch keeps of one index: the query and refinements a collection saves. */
export const indexUiStateSchema = z
  .object({
    query: text().max(500).optional(),
    refinementList: z.record(text().max(200), z.array(text().max(500)).max(500)).optional(),
    hierarchicalMenu: z.record(text().max(200), z.array(text().max(500)).max(10)).optional(),
    toggle: z.record(text().max(200), z.boolean()).optional(),
    numericMenu: z.record(text().max(200), text().max(100)).optional(),
    sortBy: text().max(200).optional(),
    hitsPerPage: z.number().int().positive().max(1000).optional(),
    page: z.number().int().min(0).max(10_000).optional(),
  })
  .loose();
export type IndexUiState = z.infer<typeof indexUiStateSchema>;

/** §3: "The json has an instantsearch section with uiState and configuration". */
export const collectionJsonSchema = z.object({
  instantsearch: z.object({
    uiState: z.record(text().max(200), indexUiStateSchema),
    configuration: z.object({
      /** Every facet of the collection, active or not, keyed in refinementOrder by component.attribute. */
      refinements: z.array(refinementSchema).max(200),
      /** The active facets' attributes, in the order the editor dragged them. */
      refinementOrder: z.array(attributeName).max(200),
      sortBy: text().max(200),
      hitsPerPage: z.number().int().positive().max(1000),
    }),
  }),
});
export type CollectionJson = z.infer<typeof collectionJsonSchema>;

/**
 * The saved json as replies carry it: each index's state with the keys the editor's widgets read (search box,
 * refinement list, hierarchical menu, toggle, numeric menu, sort, hits per page, page) and no others.
 */
const collectionJsonReplySchema = collectionJsonSchema.extend({
  instantsearch: collectionJsonSchema.shape.instantsearch.extend({
    uiState: z.record(z.string(), indexUiStateSchema.strip()),
  }),
});

/** §3 Collection. */
export const collectionSchema = z.object({
  id: idSchema,
  accountSiteId: idSchema,
  accountId: idSchema,
  parentId: idSchema.nullable(),
  collectionTypeId: z.number().int(),
  name: z.string(),
  isDefaultCollection: z.number().int(),
  json: collectionJsonReplySchema,
  modifiedAt: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;

const collectionName = text().trim().min(1, 'Enter a name').max(COLLECTION_NAME_MAX);
// A literal list (not a refine) so the OpenAPI document says which values it takes.
const collectionTypeId = z.literal(COLLECTION_TYPE_IDS, {
  error: `Collection type must be ${COLLECTION_TYPE_IDS.join(' or ')}`,
});

/** POST …/collection/search: a site's collections of one type. */
export const collectionSearchSchema = z.object({
  accountSiteId: idSchema,
  collectionTypeId: collectionTypeId.optional(),
});

/** PUT …/collection: a new collection (a duplicate names its source as parentId). */
export const collectionCreateSchema = z.object({
  accountSiteId: idSchema,
  parentId: idSchema.nullish(),
  collectionTypeId: collectionTypeId.default(COLLECTION_TYPE_DEFAULT),
  name: collectionName,
  json: collectionJsonSchema.optional(),
});
export type CollectionCreate = z.input<typeof collectionCreateSchema>;

/** PATCH …/collection: "a collection object (id, name, json)". */
export const collectionPatchSchema = z.object({
  id: idSchema,
  name: collectionName,
  json: collectionJsonSchema,
});
export type CollectionPatch = z.infer<typeof collectionPatchSchema>;

/** GET …/collection/{accountSiteId}/baseProductQuery: the site's index and every facet it offers. */
export const baseProductQuerySchema = z.object({
  accountSiteId: idSchema,
  channelId: idSchema,
  indexName: z.string(),
  /** Every facet the site's products can be refined by, as a new collection starts it (all inactive). */
  refinements: z.array(refinementSchema),
  /** The sort choices: the index itself (relevance) and its replicas. */
  sortBy: z.array(z.object({ value: z.string(), label: z.string() })),
  hitsPerPage: z.number().int(),
});
export type BaseProductQuery = z.infer<typeof baseProductQuerySchema>;

const envelope = <T extends z.ZodType>(item: T) =>
  z.object({ code: z.number(), data: z.array(item), error: z.null() });
export const accountSitesReplySchema = envelope(accountSiteSchema);
export const collectionsReplySchema = envelope(collectionSchema);
export const baseProductQueryReplySchema = envelope(baseProductQuerySchema);

/** The configuration a collection starts with on a site: the base query's facets, none active. */
export function emptyCollectionJson(base: BaseProductQuery): CollectionJson {
  return {
    instantsearch: {
      uiState: { [base.indexName]: {} },
      configuration: {
        refinements: base.refinements,
        refinementOrder: [],
        sortBy: base.indexName,
        hitsPerPage: base.hitsPerPage,
      },
    },
  };
}
