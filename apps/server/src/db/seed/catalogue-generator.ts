import { gtinCheckDigit, normalizeUpc, PRODUCT_TYPE_BUNDLE } from '@backroom/shared';
import type { Db } from '../client';
import {
  attributes,
  barcodePool,
  brands,
  bundleItems,
  categories,
  categoryAttributes,
  packaging,
  productAttributes,
  products,
  siteCategories,
  siteCategoryMatches,
  vendorProducts,
  vendors,
} from '../schema';

/** A small deterministic PRNG (mulberry32): the same seed always makes the same catalogue. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}

const BRANDS = [
  { name: 'Fender', alias: 'FEN', prefix: '88597' },
  { name: 'Gibson', alias: 'GIB', prefix: '71110' },
  { name: 'Ibanez', alias: 'IBZ', prefix: '49572' },
  { name: 'Boss', alias: 'BOS', prefix: '76145' },
  { name: 'Yamaha', alias: 'YAM', prefix: '49578' },
  { name: 'Shure', alias: 'SHU', prefix: '04240' },
  { name: 'Ernie Ball', alias: 'EB', prefix: '74953' },
  { name: 'Zildjian', alias: 'ZIL', prefix: '64262' },
  { name: 'Marshall', alias: 'MAR', prefix: '50306' },
  { name: 'Roland', alias: 'ROL', prefix: '76146' },
];

/** Top level > second level > leaves, with the words product names are made of. */
const TREE: { name: string; children: { name: string; leaves: { name: string; noun: string }[] }[] }[] = [
  {
    name: 'Guitars',
    children: [
      {
        name: 'Electric Guitars',
        leaves: [
          { name: 'Solid Body', noun: 'Electric Guitar' },
          { name: 'Hollow Body', noun: 'Hollow Body Guitar' },
        ],
      },
      {
        name: 'Acoustic Guitars',
        leaves: [
          { name: 'Dreadnought', noun: 'Dreadnought Acoustic' },
          { name: 'Concert', noun: 'Concert Acoustic' },
        ],
      },
    ],
  },
  {
    name: 'Bass',
    children: [
      {
        name: 'Electric Bass',
        leaves: [
          { name: '4-String', noun: 'Bass Guitar' },
          { name: '5-String', noun: '5-String Bass' },
        ],
      },
    ],
  },
  {
    name: 'Amplifiers',
    children: [
      {
        name: 'Guitar Amplifiers',
        leaves: [
          { name: 'Combo Amps', noun: 'Combo Amplifier' },
          { name: 'Amp Heads', noun: 'Amplifier Head' },
        ],
      },
    ],
  },
  {
    name: 'Effects',
    children: [
      {
        name: 'Pedals',
        leaves: [
          { name: 'Overdrive', noun: 'Overdrive Pedal' },
          { name: 'Delay', noun: 'Delay Pedal' },
          { name: 'Reverb', noun: 'Reverb Pedal' },
          { name: 'Fuzz', noun: 'Fuzz Pedal' },
        ],
      },
    ],
  },
  {
    name: 'Keyboards',
    children: [
      {
        name: 'Digital Pianos',
        leaves: [
          { name: 'Console Pianos', noun: 'Console Digital Piano' },
          { name: 'Stage Pianos', noun: 'Stage Piano' },
        ],
      },
    ],
  },
  {
    name: 'Drums',
    children: [
      {
        name: 'Cymbals',
        leaves: [
          { name: 'Crash Cymbals', noun: 'Crash Cymbal' },
          { name: 'Ride Cymbals', noun: 'Ride Cymbal' },
        ],
      },
    ],
  },
  {
    name: 'Accessories',
    children: [
      {
        name: 'Strings',
        leaves: [
          { name: 'Electric Strings', noun: 'Electric Strings' },
          { name: 'Acoustic Strings', noun: 'Acoustic Strings' },
        ],
      },
      {
        name: 'Cables',
        leaves: [
          { name: 'Instrument Cables', noun: 'Instrument Cable' },
          { name: 'XLR Cables', noun: 'XLR Cable' },
        ],
      },
    ],
  },
  {
    name: 'Live Sound',
    children: [
      {
        name: 'Microphones',
        leaves: [
          { name: 'Dynamic Microphones', noun: 'Dynamic Microphone' },
          { name: 'Condenser Microphones', noun: 'Condenser Microphone' },
        ],
      },
    ],
  },
];

export const SERIES = [
  'Player',
  'Standard',
  'Deluxe',
  'Vintage',
  'Pro',
  'Studio',
  'Custom',
  'Classic',
  'Modern',
  'Artist',
  'Select',
  'Performer',
];
export const MODELS = [
  'Nova',
  'Atlas',
  'Vega',
  'Orion',
  'Comet',
  'Zephyr',
  'Falcon',
  'Summit',
  'Echo',
  'Pulse',
  'Drift',
  'Ember',
  'Harbor',
  'Canyon',
];
export const COLORS = [
  { name: 'Sunburst', code: 'SB' },
  { name: 'Black', code: 'BK' },
  { name: 'Olympic White', code: 'OW' },
  { name: 'Cherry', code: 'CH' },
  { name: 'Sonic Blue', code: 'BL' },
  { name: 'Natural', code: 'NT' },
];

const ATTRIBUTES = [
  {
    name: 'Color',
    isVariant: 1,
    isFacet: 1,
    isListRestricted: 1,
    lists: [{ list: 'Default', options: COLORS.map((c) => c.name), maxValues: 1 }],
  },
  {
    name: 'Body Wood',
    isVariant: 0,
    isFacet: 1,
    isListRestricted: 1,
    lists: [{ list: 'Default', options: ['Alder', 'Ash', 'Mahogany', 'Basswood', 'Maple'], maxValues: 1 }],
  },
  {
    name: 'Pickup Configuration',
    isVariant: 0,
    isFacet: 1,
    isListRestricted: 1,
    lists: [{ list: 'Default', options: ['SSS', 'HSS', 'HH', 'P90'], maxValues: 1 }],
  },
  {
    name: 'Finish',
    isVariant: 0,
    isFacet: 1,
    isListRestricted: 1,
    lists: [{ list: 'Default', options: ['Gloss', 'Satin', 'Matte', 'Relic'], maxValues: 1 }],
  },
  {
    name: 'Body Type',
    isVariant: 0,
    isFacet: 1,
    isListRestricted: 1,
    lists: [{ list: 'Default', options: ['Solid Body', 'Hollow Body', 'Semi-Hollow'], maxValues: 1 }],
  },
  {
    name: 'Features',
    isVariant: 0,
    isFacet: 0,
    isListRestricted: 0,
    lists: [
      {
        list: 'Default',
        options: ['Gig Bag Included', 'Locking Tuners', 'Coil Split', 'True Bypass', 'Battery Powered'],
        maxValues: 0,
      },
    ],
  },
  {
    name: 'Connectivity',
    isVariant: 0,
    isFacet: 1,
    isListRestricted: 1,
    lists: [{ list: 'Default', options: ['1/4"', 'XLR', 'USB', 'MIDI', 'Bluetooth'], maxValues: 2 }],
  },
  {
    name: 'Country of Origin',
    isVariant: 0,
    isFacet: 1,
    isListRestricted: 1,
    lists: [{ list: 'Default', options: ['USA', 'Mexico', 'Japan', 'Indonesia', 'China'], maxValues: 1 }],
  },
];

export interface CatalogueOptions {
  accountId: number;
  products: number;
  seed?: number;
  /** Attributes, vendors, site categories and the barcode pool: off for the million-product benchmark. */
  withDetails?: boolean;
}

export interface GeneratedCatalogue {
  brandIds: number[];
  productIds: number[];
}

/** A valid GTIN-12 from a brand prefix and a running number. */
function upcFor(prefix: string, n: number): string {
  const body = `${prefix}${String(n % 1_000_000).padStart(6, '0')}`.slice(0, 11);
  return `${body}${gtinCheckDigit(body)}`;
}

/**
 * Makes a music-gear catalogue for an account: brands, a three-level category tree, families of siblings
 * (one parent, a product per colour), prices with some verified MAPs that differ, some inactive products,
 * and (withDetails) attributes, vendors with costs, marketplace categories and a barcode pool.
 */
export async function generateCatalogue(db: Db, options: CatalogueOptions): Promise<GeneratedCatalogue> {
  const random = prng(options.seed ?? 42);
  const { accountId } = options;
  const brandRows = await db
    .insert(brands)
    .values(BRANDS.map(({ name, alias }) => ({ accountId, name, alias })))
    .returning();

  const leaves: { id: number; noun: string; top: string; name: string }[] = [];
  for (const top of TREE) {
    const [topRow] = await db
      .insert(categories)
      .values({ accountId, name: top.name, depth: 1, path: top.name })
      .returning();
    for (const mid of top.children) {
      const midPath = `${top.name} > ${mid.name}`;
      const [midRow] = await db
        .insert(categories)
        .values({ accountId, name: mid.name, parentId: topRow!.id, depth: 2, path: midPath })
        .returning();
      const leafRows = await db
        .insert(categories)
        .values(
          mid.leaves.map((leaf) => ({
            accountId,
            name: leaf.name,
            parentId: midRow!.id,
            depth: 3,
            path: `${midPath} > ${leaf.name}`,
          })),
        )
        .returning();
      leafRows.forEach((row, i) => {
        leaves.push({ id: row.id, noun: mid.leaves[i]!.noun, top: top.name, name: mid.leaves[i]!.name });
      });
    }
  }

  // Families: a parent and one sibling per colour, until the product count is reached.
  type NewProduct = typeof products.$inferInsert;
  const rows: (NewProduct & { family: number; colorIndex: number })[] = [];
  let family = 0;
  let serial = 0;
  while (rows.length < options.products) {
    family++;
    const brand = brandRows[family % brandRows.length]!;
    const brandDef = BRANDS[family % BRANDS.length]!;
    const leaf = random.pick(leaves);
    const model = `${random.pick(MODELS)} ${random.pick(SERIES)}`;
    const base = Math.round((random.int(15, 2500) + random.next()) * 100) / 100;
    const colours = leaf.top === 'Guitars' || leaf.top === 'Bass' ? random.int(2, 4) : 1;
    for (let c = 0; c < colours && rows.length < options.products; c++) {
      serial++;
      const colour = COLORS[(family + c) % COLORS.length]!;
      const upc = upcFor(brandDef.prefix, serial);
      const map = Math.round(base * 1.3 * 100) / 100;
      rows.push({
        family,
        colorIndex: c,
        accountId,
        sku: `${brand.alias}-${String(family).padStart(5, '0')}${colours > 1 ? `-${colour.code}` : ''}`,
        name: `${brand.name} ${model} ${leaf.noun}${colours > 1 ? `, ${colour.name}` : ''}`,
        brandId: brand.id,
        categoryId: random.chance(0.03) ? null : leaf.id,
        isActive: random.chance(0.08) ? 0 : 1,
        upc,
        normalizedUpc: normalizeUpc(upc),
        mpn: `${brand.alias}${random.int(1000, 99999)}`,
        priceCost: base.toFixed(2),
        priceMAP: map.toFixed(2),
        verifiedPriceMAP: random.chance(0.05)
          ? (map + random.int(5, 60)).toFixed(2)
          : random.chance(0.5)
            ? map.toFixed(2)
            : '0',
        priceSale: (map * 1.05).toFixed(2),
        pricingStrategyId: random.pick([1, 5, 10]),
        purchasingStatusId: random.pick([1, 1, 1, 3, 5]),
        harmonizedCode: leaf.top === 'Guitars' ? '920290' : null,
        productWeightOunce: String(random.int(4, 640)),
        productLengthInch: String(random.int(2, 48)),
        productWidthInch: String(random.int(2, 20)),
        productHeightInch: String(random.int(1, 12)),
      });
    }
  }

  const productIds: number[] = [];
  const familyParent = new Map<number, number>();
  const chunk = 1000;
  for (let i = 0; i < rows.length; i += chunk) {
    const inserted = await db
      .insert(products)
      .values(rows.slice(i, i + chunk).map(({ family: _f, colorIndex: _c, ...row }) => row))
      .returning({ id: products.id });
    productIds.push(...inserted.map((r) => r.id));
  }
  // Siblings point at the first product of their family.
  const updates: [number, number][] = [];
  rows.forEach((row, i) => {
    const id = productIds[i]!;
    if (row.colorIndex === 0) familyParent.set(row.family, id);
    else updates.push([id, familyParent.get(row.family)!]);
  });
  for (let i = 0; i < updates.length; i += chunk) {
    const part = updates.slice(i, i + chunk);
    await db.execute(
      `update products p set parent_product_id = v.parent from (values ${part.map(([id, parent]) => `(${id}, ${parent})`).join(',')}) as v(id, parent) where p.id = v.id`,
    );
  }

  if (options.withDetails !== false) {
    await addDetails(db, accountId, rows, productIds, leaves, random);
    await addBundles(db, rows, productIds);
  }
  return { brandIds: brandRows.map((b) => b.id), productIds };
}

/** Bundles get GTINs of their own (85009…), apart from the brands' ranges and the barcode pool (85001…). */
const bundleUpc = (n: number) => {
  const body = `85009${String(n).padStart(6, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};

/** A few bundles (type PRODUCT_TYPE_BUNDLE), each of three products of one brand, for the editor's cards. */
async function addBundles(
  db: Db,
  rows: {
    accountId: number;
    sku: string;
    name: string;
    brandId?: number | null;
    categoryId?: number | null;
  }[],
  productIds: number[],
) {
  for (let b = 0; b < 10 && (b + 1) * 40 < rows.length; b++) {
    const members = [b * 40, b * 40 + 1, b * 40 + 7].filter(
      (i) => rows[i]!.brandId === rows[b * 40]!.brandId,
    );
    const first = rows[b * 40]!;
    const [bundle] = await db
      .insert(products)
      .values({
        accountId: first.accountId,
        sku: `${first.sku.split('-')[0]}-BNDL-${String(b + 1).padStart(2, '0')}`,
        name: `${first.name} Bundle`,
        brandId: first.brandId,
        categoryId: first.categoryId ?? null,
        typeId: PRODUCT_TYPE_BUNDLE,
        upc: bundleUpc(b),
        normalizedUpc: normalizeUpc(bundleUpc(b)),
        priceCost: '0',
      })
      .returning({ id: products.id });
    await db.insert(bundleItems).values(
      members.map((i, n) => ({
        productId: bundle!.id,
        itemProductId: productIds[i]!,
        quantity: n === 0 ? 1 : 2,
        isIncludedInMSRP: n !== 2,
      })),
    );
  }
}

async function addDetails(
  db: Db,
  accountId: number,
  rows: { family: number; colorIndex: number; categoryId?: number | null; name: string }[],
  productIds: number[],
  leaves: { id: number; top: string; name: string }[],
  random: ReturnType<typeof prng>,
) {
  const attributeRows = await db
    .insert(attributes)
    .values(ATTRIBUTES.map(({ lists, ...a }) => ({ ...a, accountId, lists: { options: lists } })))
    .returning();
  const byName = new Map(attributeRows.map((a) => [a.name, a]));
  await db.insert(categoryAttributes).values(
    leaves.flatMap((leaf) => [
      { categoryId: leaf.id, attributeId: byName.get('Color')!.id, isRequired: 1 },
      { categoryId: leaf.id, attributeId: byName.get('Country of Origin')!.id, isRequired: 0 },
      ...(leaf.top === 'Guitars' || leaf.top === 'Bass'
        ? [
            { categoryId: leaf.id, attributeId: byName.get('Body Wood')!.id, isRequired: 1 },
            { categoryId: leaf.id, attributeId: byName.get('Pickup Configuration')!.id, isRequired: 0 },
          ]
        : []),
    ]),
  );

  const values: (typeof productAttributes.$inferInsert)[] = [];
  const leafOf = new Map(leaves.map((leaf) => [leaf.id, leaf]));
  rows.forEach((row, i) => {
    const productId = productIds[i]!;
    // Guitar and bass facets for the storefront collections editor (catalogue-admin.md §2.6). They are drawn
    // from the product's place in the list, not from `random`, so every other generated value stays as it
    // was; about a third of the guitars keep no Body Wood (the editor tests add one).
    const leaf = row.categoryId ? leafOf.get(row.categoryId) : undefined;
    if (leaf && (leaf.top === 'Guitars' || leaf.top === 'Bass')) {
      // Whole families together; brands come round every 10 families, so each brand gets every value.
      const { family } = row;
      if (family % 3 !== 0) {
        values.push({
          productId,
          attributeId: byName.get('Body Wood')!.id,
          valueJSON: {
            Default: [['Alder', 'Ash', 'Mahogany', 'Basswood', 'Maple'][Math.floor(family / 10) % 5]!],
          },
        });
      }
      values.push({
        productId,
        attributeId: byName.get('Finish')!.id,
        valueJSON: { Default: [['Gloss', 'Satin', 'Matte', 'Relic'][(i * 7) % 4]!] },
      });
      values.push({
        productId,
        attributeId: byName.get('Body Type')!.id,
        valueJSON: {
          Default: [
            ['Hollow Body', 'Dreadnought', 'Concert'].includes(leaf.name)
              ? 'Hollow Body'
              : family % 11 === 0
                ? 'Semi-Hollow'
                : 'Solid Body',
          ],
        },
      });
      if (family % 2 === 0 && leaf.name !== 'Dreadnought' && leaf.name !== 'Concert') {
        values.push({
          productId,
          attributeId: byName.get('Pickup Configuration')!.id,
          valueJSON: { Default: [['SSS', 'HSS', 'HH', 'P90'][Math.floor(family / 10) % 4]!] },
        });
      }
    }
    const colour = row.name.includes(', ') ? row.name.split(', ').at(-1)! : null;
    if (colour)
      values.push({ productId, attributeId: byName.get('Color')!.id, valueJSON: { Default: [colour] } });
    if (random.chance(0.6)) {
      values.push({
        productId,
        attributeId: byName.get('Country of Origin')!.id,
        valueJSON: { Default: [random.pick(['USA', 'Mexico', 'Japan', 'Indonesia'])] },
      });
    }
    if (random.chance(0.3)) {
      values.push({
        productId,
        attributeId: byName.get('Features')!.id,
        valueJSON: { Default: ['Gig Bag Included'] },
      });
    }
  });
  for (let i = 0; i < values.length; i += 1000)
    await db.insert(productAttributes).values(values.slice(i, i + 1000));

  const vendorRows = await db
    .insert(vendors)
    .values(
      [
        'Sweet Distribution',
        'Harmony Wholesale',
        'Backline Supply',
        'Coastal Music Trade',
        'Direct from Brand',
      ].map((name) => ({ accountId, name })),
    )
    .returning();
  const vendorValues = productIds.map((productId, i) => ({
    vendorId: vendorRows[i % vendorRows.length]!.id,
    productId,
    vendorSku: `V${String(productId).padStart(7, '0')}`,
    priceCost: (random.int(10, 2000) + 0.5).toFixed(2),
  }));
  for (let i = 0; i < vendorValues.length; i += 1000)
    await db.insert(vendorProducts).values(vendorValues.slice(i, i + 1000));

  await db.insert(packaging).values([
    {
      accountId,
      commonName: 'Guitar Box',
      packageLengthInch: '44',
      packageWidthInch: '17',
      packageHeightInch: '6',
    },
    {
      accountId,
      commonName: 'Pedal Box',
      packageLengthInch: '8',
      packageWidthInch: '6',
      packageHeightInch: '4',
    },
    {
      accountId,
      commonName: 'Custom Box',
      packageLengthInch: '12',
      packageWidthInch: '12',
      packageHeightInch: '12',
      isCustom: 1,
    },
  ]);

  await db.insert(barcodePool).values(
    Array.from({ length: 50 }, (_, i) => {
      const body = `8500${String(100000 + i).padStart(7, '0')}`;
      return { accountId, barcode: `${body}${gtinCheckDigit(body)}` };
    }),
  );

  // Marketplace categories for Amazon (1), eBay (2) and Reverb (14), each matching our leaves with a score.
  const sites = [
    { siteId: 1, root: 'Musical Instruments' },
    { siteId: 2, root: 'Musical Instruments & Gear' },
    { siteId: 14, root: 'Reverb' },
  ];
  for (const site of sites) {
    const siteRows = await db
      .insert(siteCategories)
      .values(
        leaves.map((leaf, i) => ({
          siteId: site.siteId,
          categoryId: `${site.siteId}-${1000 + i}`,
          alternativeId: `${site.siteId}${i}`,
          name: leaf.name,
          path: `${site.root} > ${leaf.top} > ${leaf.name}`,
        })),
      )
      .onConflictDoNothing()
      .returning();
    if (siteRows.length === 0) continue;
    await db
      .insert(siteCategoryMatches)
      .values(
        leaves.flatMap((leaf, i) => [
          { productCategoryId: leaf.id, siteCategoryId: siteRows[i]!.id, score: 100 },
          ...siteRows
            .filter((_, j) => j !== i && leaves[j]!.top === leaf.top)
            .map((r) => ({ productCategoryId: leaf.id, siteCategoryId: r.id, score: 40 })),
        ]),
      );
  }
}
