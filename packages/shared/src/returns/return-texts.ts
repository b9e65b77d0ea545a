// returns.md §8 error catalogue and success toasts used by the manage-inbound-return screen (receiving,
// saving, scanning, printing), word for word.

export const RETURN_TEXTS = {
  statusListError: 'Something went wrong. Please reload the page.',
  saveError: 'Error Saving Inbound Return',
  printReturnLabel: 'Printing Inbound Return Label',
  printReturnLabelError: 'Error Printing Inbound Return Label',
  printReturnLabelFallback: 'Something went wrong printing return label.',
  printedPgu: 'Printed PGU',
  printedProductBarcode: 'Printed Product Barcode',
  placePguInPurgatory: 'Place the PGU in Purgatory',
  missingShippingInformation: 'Missing Shipping Information',
  noAppeal: 'No Appeal',
  replacementOrderIssued: 'Replacement Order Issued',
} as const;

/** 'Invalid Division: Not in Warehouse {name}' */
export const invalidDivisionMessage = (warehouseName: string) =>
  `Invalid Division: Not in Warehouse ${warehouseName}`;

/** 'No item found with barcode matching: {value}.' */
export const noItemFoundMessage = (value: string) => `No item found with barcode matching: ${value}.`;

/** 'Error Fetching Return #{id}' */
export const fetchReturnErrorMessage = (id: number | string) => `Error Fetching Return #${id}`;

/** A save that another clerk's change overtook (409, error code 'stale'). */
export const staleReturnMessage = (id: number) =>
  `Return #${id} was changed by someone else. It has been reloaded: check it and make your change again.`;
