/** orders-warehouse.md §8: the division patch's toasts, 'Updated {ids}.' and 'Error updating {ids}.'. */
export function divisionUpdatedText(ids: readonly string[]): string {
  return `Updated ${ids.join(', ')}.`;
}

export function divisionUpdateFailedText(ids: readonly string[]): string {
  return `Error updating ${ids.join(', ')}.`;
}
