import { Group, Pagination, type PaginationProps } from '@mantine/core';
import { type PageArrow, pageArrowLabel, pageArrowReason } from '../lib/page-arrows';
import { ReasonButton } from './reason-button';

/**
 * Mantine's Pagination whose arrows say why they are disabled at the first and last page (issue 19 §2): such an
 * arrow stays focusable (aria-disabled, not the disabled attribute), does nothing when pressed, and carries
 * the rule as its tooltip and accessible description.
 */
export function TablePagination(props: PaginationProps) {
  const page = props.value ?? 1;
  const at = { first: page <= 1, last: page >= props.total };
  return (
    <Pagination
      {...props}
      getControlProps={(arrow: PageArrow) => {
        const reason = props.disabled ? null : pageArrowReason(arrow, at);
        if (reason === null) return { 'aria-label': pageArrowLabel(arrow) };
        return {
          'aria-label': pageArrowLabel(arrow),
          disabled: false,
          mod: { disabled: true },
          'aria-disabled': true,
          'aria-description': reason,
          title: reason,
          onClick: () => {},
        };
      }}
    />
  );
}

/**
 * Previous / Next for a list read a page at a time (`page` from 0): at either end the button says why it is
 * disabled; while the next page loads both wait.
 */
export function PrevNextButtons({
  page,
  hasMore,
  busy = false,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  busy?: boolean;
  onPage: (page: number) => void;
}) {
  const at = { first: page === 0, last: !hasMore };
  return (
    <Group gap="xs">
      <ReasonButton
        variant="default"
        size="xs"
        disabledReason={pageArrowReason('previous', at)}
        disabled={busy}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </ReasonButton>
      <ReasonButton
        variant="default"
        size="xs"
        disabledReason={pageArrowReason('next', at)}
        disabled={busy}
        onClick={() => onPage(page + 1)}
      >
        Next
      </ReasonButton>
    </Group>
  );
}
