// Activate and Deactivate of selected products (catalogue-admin.md §4.1), for the toolbar and the server.
import { type BulkProductChange, toNumber } from './bulk-actions';
import type { ProductId } from './pending-changes';

/** "typeId (0 = simple product that carries inventory)". */
export const SIMPLE_PRODUCT_TYPE_ID = 0;
export const DEACTIVATE_BLOCKED_TITLE = 'Products with QOH cannot be Deactivated';

/** Inventory totals of §3, spelled as the spec spells them. */
export interface InventoryTotals {
  totalQuantityAvailable: number;
  totalNonFulfillableQuantityAvailable: number;
  totalQuantityOnHand: number;
  totalQuantityOnOrder: number;
  totalNonfulfillableQuantityOnHand: number;
  totalNonfulfillableQuantityInbound: number;
}

export interface ActivationProduct {
  typeId: number;
  isActive?: number | boolean;
  /** A product with no inventory record counts as holding none. */
  inventory?: Partial<InventoryTotals> | null;
}

function total(product: ActivationProduct, field: keyof InventoryTotals): number {
  return toNumber(product.inventory?.[field]);
}

/**
 * "Deactivating a selected product is allowed for a non-simple product. For a simple product it is
 * allowed only when available plus non-fulfillable available quantity is 0."
 */
export function canDeactivateProduct(product: ActivationProduct): boolean {
  if (product.typeId !== SIMPLE_PRODUCT_TYPE_ID) return true;
  return (
    total(product, 'totalQuantityAvailable') + total(product, 'totalNonFulfillableQuantityAvailable') === 0
  );
}

/**
 * The Deactivate button's disabled title, or null when it is enabled: blocked when any selected simple
 * product has on-hand, on-order, non-fulfillable on-hand or inbound quantities above 0.
 */
export function deactivationBlock(products: readonly ActivationProduct[]): string | null {
  const fields: (keyof InventoryTotals)[] = [
    'totalQuantityOnHand',
    'totalQuantityOnOrder',
    'totalNonfulfillableQuantityOnHand',
    'totalNonfulfillableQuantityInbound',
  ];
  const blocked = products.some(
    (product) =>
      product.typeId === SIMPLE_PRODUCT_TYPE_ID && fields.some((field) => total(product, field) > 0),
  );
  return blocked ? DEACTIVATE_BLOCKED_TITLE : null;
}

/**
 * "Activate shows when the selection is inactive; Deactivate shows when it is active." A mixed selection
 * (possible on the manage products screen) shows both; an empty one neither.
 */
export function activationButtons(selection: readonly Pick<ActivationProduct, 'isActive'>[]): {
  activate: boolean;
  deactivate: boolean;
} {
  return {
    activate: selection.some((product) => !product.isActive),
    deactivate: selection.some((product) => Boolean(product.isActive)),
  };
}

/**
 * The isActive changes of Activate (every product: "activating always applies") or Deactivate (only the
 * products canDeactivateProduct allows; the others are left out).
 */
export function activationChanges(
  products: readonly (ActivationProduct & { id: ProductId })[],
  activate: boolean,
): BulkProductChange[] {
  return products
    .filter((product) => activate || canDeactivateProduct(product))
    .map((product) => ({ id: product.id, changes: { isActive: activate ? 1 : 0 } }));
}
