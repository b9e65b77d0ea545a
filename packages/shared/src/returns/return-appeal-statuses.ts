// Appeal statuses (returns.md §3 "Appeal status values: not shown"): the returns search filters on them ('Any/No
// Appeal Status'); the appeal panel shows and changes them. 0 is no status: the search's "any" (returns.md
// §Returns search: the initial appeal-status filter is 0). The ids, names and export names are those the return
// panels design (wt-ret-panels, packages/shared/src/returns/return-appeals.ts, with the transitions), which
// replaces this file when both are merged.

export const APPEAL_STATUSES = [
  { id: 1, name: 'Open' },
  { id: 5, name: 'Submitted' },
  { id: 10, name: 'Under Review' },
  { id: 15, name: 'Approved' },
  { id: 20, name: 'Partially Approved' },
  { id: 25, name: 'Denied' },
  { id: 30, name: 'Closed' },
] as const;

export const appealStatusName = (id: number) =>
  APPEAL_STATUSES.find((status) => status.id === id)?.name ?? `Status ${id}`;
