import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app';

export interface ShippableOrder {
  id: number;
  shipmentId: number;
  addressId: number;
  warehouseId: number;
  productId: number;
}

let made = 0;

/**
 * A new Amazon order of the account at the packing bench (status 13 Packing) holding 2 of one product, to a
 * complete Portland address, from the account's Main Warehouse, with an unpacked shipment of its items
 * (unless `createShipment` is false). Each call makes its own, so tests never share one.
 */
export async function newShippableOrder(
  t: TestApp,
  accountId: number,
  { createShipment = true }: { createShipment?: boolean } = {},
): Promise<ShippableOrder> {
  made += 1;
  const one = async (query: ReturnType<typeof sql>) => (await t.rows<{ id: number }>(query))[0]!.id;
  const warehouseId = await one(
    sql`select id from warehouses where account_id = ${accountId} and name = 'Main Warehouse'`,
  );
  const productId = await one(
    sql`select id from products where account_id = ${accountId} and type_id = 0 and is_active = 1 order by id limit 1`,
  );
  const addressId = await one(sql`
    insert into addresses (account_id, name, address_line1, city, state_or_providence, state_id, postal_code, country, country_id)
    values (${accountId}, 'Quinn Buyer', '22 Harbour Street', 'Portland', 'OR',
      (select id from states where country_id = 1 and code = 'OR'), '97205', 'US', 1)
    returning id`);
  const id = await one(sql`
    insert into channel_orders (account_id, channel_order_number, channel_id, system_order_status_id, default_ship_address_id,
      override_warehouse_id, ordered_at)
    values (${accountId}, ${`SHIP-TEST-${process.pid}-${made}-${Date.now()}`},
      (select id from sales_channels where account_id = ${accountId} and site_id = 1 order by id limit 1), 13,
      ${addressId}, ${warehouseId}, now())
    returning id`);
  await t.rows(sql`
    insert into channel_order_items (account_id, channel_order_id, product_id, description, quantity_ordered, unit_price)
    values (${accountId}, ${id}, ${productId}, 'test item', 2, 25)`);
  let shipmentId = 0;
  if (createShipment) {
    shipmentId = await one(sql`
      insert into channel_order_shipments (account_id, channel_order_id, warehouse_id, address_id)
      values (${accountId}, ${id}, ${warehouseId}, ${addressId}) returning id`);
    await t.rows(sql`
      insert into channel_order_shipment_items (channel_order_shipment_id, product_id, quantity)
      values (${shipmentId}, ${productId}, 2)`);
  }
  return { id, shipmentId, addressId, warehouseId, productId };
}
