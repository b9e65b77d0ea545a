import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { warehouses } from '../schema';

/**
 * A warehouse of `per`⁵ bins built with set-based inserts (10 → 100,000 bins and 11,110 divisions above
 * them), for benchmarks of the editor and of barcode lookups at scale. Codes and barcodes follow the same
 * rules as divisions added one by one.
 */
export async function seedLargeWarehouse(
  db: Db,
  accountId: number,
  alias: string,
  per = 10,
): Promise<number> {
  if (per < 1 || per > 26) throw new RangeError('per must be 1 to 26');
  const [warehouse] = await db
    .insert(warehouses)
    .values({ accountId, name: `Benchmark ${alias}`, shortAlias: alias, warehouseTypeId: 1 })
    .returning({ id: warehouses.id });
  const w = warehouse!.id;
  const n = per;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into warehouse_divisions (account_id, warehouse_id, level, chaos_zone, barcode, name)
      select ${accountId}, ${w}, 'zone', z, ${alias} || '-' || lpad(z::text, 2, '0'), 'Zone ' || lpad(z::text, 2, '0')
      from generate_series(1, ${n}) z`);
    // Rows count like a counter: AA, BA, CA … (the first letter advances first).
    await tx.execute(sql`
      insert into warehouse_divisions (account_id, warehouse_id, level, parent_id, warehouse_zone_id, chaos_zone, chaos_row, barcode, name)
      select z.account_id, z.warehouse_id, 'row', z.id, z.id, z.chaos_zone, r.code, z.barcode || r.code, 'Row ' || r.code
      from warehouse_divisions z
      cross join (select chr(65 + i) || 'A' as code from generate_series(0, ${n - 1}) i) r
      where z.warehouse_id = ${w} and z.level = 'zone'`);
    await tx.execute(sql`
      insert into warehouse_divisions (account_id, warehouse_id, level, parent_id, warehouse_zone_id, warehouse_zone_row_id,
        chaos_zone, chaos_row, chaos_section, barcode, name)
      select r.account_id, r.warehouse_id, 'section', r.id, r.warehouse_zone_id, r.id, r.chaos_zone, r.chaos_row, s,
        r.barcode || lpad(s::text, 2, '0'), 'Section ' || lpad(s::text, 2, '0')
      from warehouse_divisions r cross join generate_series(1, ${n}) s
      where r.warehouse_id = ${w} and r.level = 'row'`);
    await tx.execute(sql`
      insert into warehouse_divisions (account_id, warehouse_id, level, parent_id, warehouse_zone_id, warehouse_zone_row_id,
        warehouse_zone_row_section_id, chaos_zone, chaos_row, chaos_section, chaos_shelf, barcode, name)
      select s.account_id, s.warehouse_id, 'shelf', s.id, s.warehouse_zone_id, s.warehouse_zone_row_id, s.id,
        s.chaos_zone, s.chaos_row, s.chaos_section, h.code, s.barcode || h.code, 'Shelf ' || h.code
      from warehouse_divisions s
      cross join (select 'A' || chr(65 + i) as code from generate_series(0, ${n - 1}) i) h
      where s.warehouse_id = ${w} and s.level = 'section'`);
    await tx.execute(sql`
      insert into warehouse_divisions (account_id, warehouse_id, level, parent_id, warehouse_zone_id, warehouse_zone_row_id,
        warehouse_zone_row_section_id, warehouse_zone_row_section_shelf_id, chaos_zone, chaos_row, chaos_section, chaos_shelf,
        chaos_bin, warehouse_bin_type_id, bin_group_type, barcode, name)
      select h.account_id, h.warehouse_id, 'bin', h.id, h.warehouse_zone_id, h.warehouse_zone_row_id,
        h.warehouse_zone_row_section_id, h.id, h.chaos_zone, h.chaos_row, h.chaos_section, h.chaos_shelf,
        lpad(b::text, 2, '0'), 1, 'location', h.barcode || '-' || lpad(b::text, 2, '0'), 'Bin ' || lpad(b::text, 2, '0')
      from warehouse_divisions h cross join generate_series(1, ${n}) b
      where h.warehouse_id = ${w} and h.level = 'shelf'`);
  });
  await db.execute(sql`analyze warehouse_divisions`);
  return w;
}
