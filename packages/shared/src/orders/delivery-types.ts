/**
 * How an order item reaches the customer (GET …/warehouse/deliveryTypes). The spec names the call, not the
 * list: these are the ways a seller with marketplaces, a web store and a shop counter delivers.
 */
export const DELIVERY_TYPE = {
  STANDARD: 1,
  EXPEDITED: 2,
  NEXT_DAY: 3,
  STORE_PICKUP: 4,
  CARRY_OUT: 5,
  LOCAL_DELIVERY: 6,
} as const;

export const DELIVERY_TYPES: readonly { id: number; name: string }[] = [
  { id: DELIVERY_TYPE.STANDARD, name: 'Standard Shipping' },
  { id: DELIVERY_TYPE.EXPEDITED, name: 'Expedited Shipping' },
  { id: DELIVERY_TYPE.NEXT_DAY, name: 'Next Day' },
  { id: DELIVERY_TYPE.STORE_PICKUP, name: 'In-Store Pickup' },
  { id: DELIVERY_TYPE.CARRY_OUT, name: 'Carry Out' },
  { id: DELIVERY_TYPE.LOCAL_DELIVERY, name: 'Local Delivery' },
];
