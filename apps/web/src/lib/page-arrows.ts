/** A list's page arrows: Mantine Pagination's four, or a Previous / Next pair. */
export type PageArrow = 'first' | 'previous' | 'next' | 'last';

/** Why a page arrow cannot be used on this page (issue 19 §2: disabled buttons say why), or null when it can. */
export function pageArrowReason(arrow: PageArrow, at: { first: boolean; last: boolean }): string | null {
  if ((arrow === 'first' || arrow === 'previous') && at.first) return 'This is the first page';
  if ((arrow === 'next' || arrow === 'last') && at.last) return 'This is the last page';
  return null;
}

/** 'Previous page': the arrow's name for a screen reader (the icons have no text). */
export function pageArrowLabel(arrow: PageArrow): string {
  return `${arrow[0]!.toUpperCase()}${arrow.slice(1)} page`;
}
