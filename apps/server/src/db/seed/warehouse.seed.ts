import { type BinTypeCode, binTypeByCode, normalizeUpc } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { insertDivision } from '../../domains/warehouse/division-writer';
import type { Db } from '../client';
import {
  inventoryLocationItems,
  inventoryUnitEvents,
  products,
  type warehouseDivisions,
  warehouses,
} from '../schema';
import type { SeedContext } from './seed-context';

type DivisionRow = typeof warehouseDivisions.$inferSelect;
type WarehouseRow = typeof warehouses.$inferSelect;

/** Builds zones × rows × sections × shelves × bins under a warehouse; returns the bins. */
async function buildLayout(
  db: Db,
  warehouse: WarehouseRow,
  userId: number,
  shape: { zones: number; rows: string[]; sections: number; shelves: string[]; bins: number },
): Promise<DivisionRow[]> {
  const bins: DivisionRow[] = [];
  for (let z = 1; z <= shape.zones; z++) {
    const zone = await insertDivision(db, warehouse, null, 'zone', z, {}, userId);
    for (const rowCode of shape.rows) {
      const row = await insertDivision(db, warehouse, zone, 'row', rowCode, {}, userId);
      for (let s = 1; s <= shape.sections; s++) {
        const section = await insertDivision(db, warehouse, row, 'section', s, {}, userId);
        for (const shelfCode of shape.shelves) {
          const shelf = await insertDivision(db, warehouse, section, 'shelf', shelfCode, {}, userId);
          for (let b = 1; b <= shape.bins; b++) {
            bins.push(
              await insertDivision(db, warehouse, shelf, 'bin', String(b).padStart(2, '0'), {}, userId),
            );
          }
        }
      }
    }
  }
  return bins;
}

function groupBin(
  db: Db,
  warehouse: WarehouseRow,
  userId: number,
  type: BinTypeCode,
  number: number,
  name?: string,
) {
  const binType = binTypeByCode(type);
  const code = `${binType.prefix}${String(number).padStart(2, '0')}`;
  return insertDivision(
    db,
    warehouse,
    null,
    'bin',
    code,
    { warehouseBinTypeId: binType.id, ...(name ? { name } : {}) },
    userId,
  );
}

/**
 * The stocked demo products: cost, what the store sells them for (POS lines and orders are priced from it) and
 * the boxed size and weight (inches, ounces) a shipment starts from.
 */
const DEMO_PRODUCTS = [
  {
    sku: 'GTR-STRAT-SB',
    name: 'Stratocaster Electric Guitar, Sunburst',
    upc: '885978123452',
    cost: '649.00',
    sale: '999.99',
    box: [42, 16, 6],
    ounces: 240,
  },
  {
    sku: 'GTR-LP-CHR',
    name: 'Les Paul Standard, Cherry',
    upc: '711106123455',
    cost: '1499.00',
    sale: '2499.00',
    box: [44, 18, 7],
    ounces: 320,
  },
  {
    sku: 'BAS-PJ-BLK',
    name: 'P/J Bass, Black',
    upc: '885978654321',
    cost: '499.00',
    sale: '799.99',
    box: [48, 16, 6],
    ounces: 272,
  },
  {
    sku: 'STR-1046-3PK',
    name: 'Nickel Wound Strings 10-46, 3 Pack',
    upc: '019954123451',
    cost: '12.50',
    sale: '24.99',
    box: [6, 6, 1],
    ounces: 6,
  },
  {
    sku: 'PED-OD-808',
    name: 'Tube Screamer Overdrive Pedal',
    upc: '4957054123451',
    cost: '79.00',
    sale: '129.99',
    box: [7, 5, 3],
    ounces: 24,
  },
  {
    sku: 'PED-DLY-ANA',
    name: 'Analog Delay Pedal',
    upc: '683274123455',
    cost: '119.00',
    sale: '179.99',
    box: [7, 5, 3],
    ounces: 22,
  },
  {
    sku: 'AMP-CMB-40',
    name: '40W Combo Amplifier',
    upc: '885978777778',
    cost: '219.00',
    sale: '349.99',
    box: [20, 18, 11],
    ounces: 480,
  },
  {
    sku: 'KEY-88-WH',
    name: '88-Key Digital Piano, White',
    upc: '4957812123457',
    cost: '399.00',
    sale: '649.99',
    box: [56, 14, 8],
    ounces: 640,
  },
  {
    sku: 'MIC-SM58',
    name: 'Dynamic Vocal Microphone',
    upc: '042406123457',
    cost: '69.00',
    sale: '99.99',
    box: [9, 6, 4],
    ounces: 20,
  },
  {
    sku: 'CAB-XLR-20',
    name: 'XLR Cable, 20 ft',
    upc: '847774123456',
    cost: '9.75',
    sale: '19.99',
    box: [10, 8, 2],
    ounces: 14,
  },
];

/**
 * Demo warehouses: one that fulfils and receives (with return, quarantine and receiving bins) and one third
 * party, for Demo Music Co, plus a small store for Demo Outlet; products and units in bins.
 */
export async function seedWarehouses(db: Db, ctx: SeedContext): Promise<void> {
  const music = ctx.accounts.music!;
  const admin = ctx.users['admin@backroom.local']!;
  const [main] = await db
    .insert(warehouses)
    .values({
      accountId: music,
      name: 'Main Warehouse',
      shortAlias: 'MAIN',
      warehouseTypeId: 1,
      company: 'Demo Music Co',
      addressLine1: '1200 Congress Ave',
      city: 'Austin',
      stateOrProvidence: 'TX',
      stateId: sql<number>`(select id from states where country_id = 1 and code = 'TX')`,
      postalCode: '78701',
      phoneWork: '5125550142',
      email: 'warehouse@demomusic.example',
      isPickingRequired: 1,
      isPackingRequired: 1,
      receiptMessage: 'Thank you for shopping with Demo Music Co!',
      modifiedBy: admin,
    })
    .returning();
  const [fba] = await db
    .insert(warehouses)
    .values({
      accountId: music,
      name: 'FBA Third Party',
      shortAlias: 'FBA',
      warehouseTypeId: 10,
      sortOrder: 100,
      modifiedBy: admin,
    })
    .returning();
  const [outletStore] = await db
    .insert(warehouses)
    .values({
      accountId: ctx.accounts.outlet!,
      name: 'Outlet Store',
      shortAlias: 'OUT',
      warehouseTypeId: 2,
      modifiedBy: admin,
    })
    .returning();

  const scale = Math.max(1, ctx.scale);
  const mainBins = await buildLayout(db, main!, admin, {
    zones: 2 * scale,
    rows: ['AA', 'BA'],
    sections: 2,
    shelves: ['AA', 'AB'],
    bins: 4,
  });
  await buildLayout(db, fba!, admin, { zones: 1, rows: ['AA'], sections: 1, shelves: ['AA'], bins: 2 });
  await buildLayout(db, outletStore!, admin, {
    zones: 1,
    rows: ['AA'],
    sections: 1,
    shelves: ['AA', 'AB'],
    bins: 3,
  });

  await groupBin(db, main!, admin, 'receiving', 1, 'Receiving Dock');
  await groupBin(db, main!, admin, 'receiving', 2, 'Receiving Overflow');
  const returnBin = await groupBin(db, main!, admin, 'return', 1, 'Returns Bench');
  const quarantine = await groupBin(db, main!, admin, 'quarantine', 1, 'Quarantine Cage');
  await groupBin(db, main!, admin, 'transfer', 1, 'Transfer Out');
  await groupBin(db, fba!, admin, 'fba', 1, 'FBA Inbound');
  await groupBin(db, outletStore!, admin, 'return', 1);

  const productRows = await db
    .insert(products)
    .values(
      DEMO_PRODUCTS.map((p) => ({
        accountId: music,
        sku: p.sku,
        name: p.name,
        upc: p.upc,
        normalizedUpc: normalizeUpc(p.upc),
        priceCost: p.cost,
        priceSale: p.sale,
        priceMap: p.sale,
        packageLengthInch: String(p.box[0]),
        packageWidthInch: String(p.box[1]),
        packageHeightInch: String(p.box[2]),
        packageWeightOunce: String(p.ounces),
      })),
    )
    .returning();
  ctx.products = productRows.map((p) => p.id);

  // Units: a few of each product spread over the first bins, some waiting in the return and quarantine bins.
  const placements: { productIndex: number; bin: DivisionRow; cost: string }[] = [];
  productRows.forEach((_, i) => {
    for (let n = 0; n < 3 + (i % 3); n++)
      placements.push({
        productIndex: i,
        bin: mainBins[(i * 3 + n) % mainBins.length]!,
        cost: DEMO_PRODUCTS[i]!.cost,
      });
  });
  placements.push({ productIndex: 0, bin: returnBin, cost: DEMO_PRODUCTS[0]!.cost });
  placements.push({ productIndex: 4, bin: quarantine, cost: DEMO_PRODUCTS[4]!.cost });
  placements.push({ productIndex: 5, bin: quarantine, cost: DEMO_PRODUCTS[5]!.cost });
  const receivedAt = new Date(Date.now() - 14 * 86_400_000);
  const units = await db
    .insert(inventoryLocationItems)
    .values(
      placements.map(({ productIndex, bin, cost }) => ({
        accountId: music,
        productId: productRows[productIndex]!.id,
        warehouseId: main!.id,
        inventoryLocationId: bin.id,
        chaosZone: bin.chaosZone,
        chaosRow: bin.chaosRow,
        chaosSection: bin.chaosSection,
        chaosShelf: bin.chaosShelf,
        chaosBin: bin.chaosBin,
        priceCost: cost,
        receivedBy: admin,
        receivedAt,
        createdBy: admin,
        modifiedBy: admin,
      })),
    )
    .returning({
      id: inventoryLocationItems.id,
      inventoryLocationId: inventoryLocationItems.inventoryLocationId,
    });
  await db.insert(inventoryUnitEvents).values(
    units.map((u) => ({
      accountId: music,
      inventoryLocationItemId: u.id,
      // Units set aside in the quarantine bin wait there to be reconditioned (catalogue-admin.md §2.9).
      eventType: u.inventoryLocationId === quarantine.id ? ('quarantined' as const) : ('received' as const),
      toDivisionId: u.inventoryLocationId,
      userId: admin,
      createdAt: receivedAt,
    })),
  );
}
