// The first-party (point of sale and web) order use cases the first-party routes call, one file each:
// orders-warehouse.md §First-party order management, §4 Order actions, §5 Adding an item and Money. Every
// change locks the order, honours sourceModifiedAt where the call carries it, and leaves a system note
// (order-edit.ts's editOrder); the SQL is in first-party-orders.repository.ts and order-discounts.repository.ts.
export { addItem } from './add-item';
export { addItemDiscount } from './add-item-discount';
export { addNote } from './add-note';
export { addOrderDiscount } from './add-order-discount';
export { applyPromotion } from './apply-promotion';
export { createFirstPartyOrder } from './create-order';
export { finalizeOrder } from './finalize-order';
export { patchItem } from './patch-item';
export { patchItemDiscount } from './patch-item-discount';
export { patchOrder } from './patch-order';
export { patchOrderDiscount } from './patch-order-discount';
export { removePromotion } from './remove-promotion';
export { setSalesPeople } from './set-sales-people';
