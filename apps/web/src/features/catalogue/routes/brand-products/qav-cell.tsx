import type { Product } from '@backroom/shared';
import { Popover, Stack, Text } from '@mantine/core';

import { useState } from 'react';

import { MissingInventoryIcon } from '../../components/icons';

import { InventoryLocationsTable } from '../../components/inventory-locations-table';

import { availableQuantity } from '../../lib/brand-columns';

import classes from './brand-products.module.css';

/** The inventory popover's body; mounted (and warehouse names loaded) only when someone opens it. */
function InventoryByLocation({ product }: { product: Product }) {
  const { inventory } = product;
  return (
    <Stack gap="xs" data-testid="inventory-by-location">
      <Text fw={600} size="sm">
        Inventory by Location: {product.sku}
      </Text>
      <InventoryLocationsTable locations={inventory.locations} compact />
      <Text size="xs" c="dimmed">
        On hand {inventory.totalQuantityOnHand} · On order {inventory.totalQuantityOnOrder} · Non-fulfillable{' '}
        {inventory.totalNonFulfillableQuantityAvailable} available,{' '}
        {inventory.totalNonfulfillableQuantityOnHand} on hand
      </Text>
    </Stack>
  );
}

/** QAV: available quantity; no inventory shows the missing-inventory icon and 0; right-click shows locations. */
export function QavCell({ product }: { product: Product }) {
  const [opened, setOpened] = useState(false);
  // The popover machinery is mounted on first use only: dozens of rows are drawn on every scroll.
  const [used, setUsed] = useState(false);
  const { quantity, missing } = availableQuantity(product);
  const open = () => {
    setUsed(true);
    setOpened(true);
  };
  const target = (
    <button
      type="button"
      className={`${classes.iconButton} ${classes.cellLine}`}
      data-testid={`qav-${product.sku}`}
      title="Right-click for inventory by location"
      aria-haspopup="dialog"
      aria-expanded={opened}
      // Right-click as the spec says; a click or Enter too, so the keyboard gets there.
      onClick={() => (opened ? setOpened(false) : open())}
      onContextMenu={(event) => {
        event.preventDefault();
        open();
      }}
    >
      {missing && <MissingInventoryIcon label="Missing inventory" color="var(--mantine-color-orange-7)" />}
      {quantity}
    </button>
  );
  if (!used) return target;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow shadow="md" width={320}>
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown>{opened && <InventoryByLocation product={product} />}</Popover.Dropdown>
    </Popover>
  );
}
