import { FACET_SHOW_MORE_LIMIT } from '@backroom/shared';
import { type FormEvent, useState } from 'react';
import { useHierarchicalMenu, useRefinementList } from 'react-instantsearch';
import { ReasonButton } from '../../../../components/reason-button';

// The refinement list and hierarchical menu of a facet, drawn here over react-instantsearch's hooks (with the
// widgets' own class names, so their look and the tests' selectors stay) so that 'Show more' says why it cannot
// be used, as every disabled button does (issue 19 §2): the widgets' own button is natively disabled, unnamed.

/** Why 'Show more' cannot be used now; null when it can. */
function showMoreReason(canToggle: boolean, fromSearch: boolean, shown: number): string | null {
  if (canToggle) return null;
  if (fromSearch) return 'Clear the search to show more values';
  return shown === 1 ? 'The one value is shown' : `All ${shown} values are shown`;
}

function ShowMore({
  widget,
  canToggle,
  isShowingMore,
  fromSearch,
  shown,
  onToggle,
}: {
  widget: 'RefinementList' | 'HierarchicalMenu';
  canToggle: boolean;
  isShowingMore: boolean;
  fromSearch: boolean;
  shown: number;
  onToggle: () => void;
}) {
  // A facet with no value has nothing to show more of: no button at all.
  if (shown === 0) return null;
  const reason = showMoreReason(canToggle, fromSearch, shown);
  return (
    <ReasonButton
      size="compact-xs"
      variant="subtle"
      mt={4}
      className={`ais-${widget}-showMore${reason ? ` ais-${widget}-showMore--disabled` : ''}`}
      disabledReason={reason}
      onClick={onToggle}
    >
      {isShowingMore ? 'Show less' : 'Show more'}
    </ReasonButton>
  );
}

/** A refinement list facet: checkboxes with counts, an optional search over its values, show more to 200. */
export function RefinementListFacet({
  attribute,
  label,
  searchable,
  showMore,
}: {
  attribute: string;
  label: string;
  searchable: boolean;
  showMore: boolean;
}) {
  const { items, refine, searchForItems, isFromSearch, canToggleShowMore, isShowingMore, toggleShowMore } =
    useRefinementList({ attribute, showMore, showMoreLimit: FACET_SHOW_MORE_LIMIT });
  const [query, setQuery] = useState('');
  const search = (text: string) => {
    setQuery(text);
    searchForItems(text);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Enter takes the first value found, as the widget does.
    const first = items[0];
    if (first) {
      refine(first.value);
      search('');
    }
  };
  return (
    <div className={`ais-RefinementList${items.length === 0 ? ' ais-RefinementList--noRefinement' : ''}`}>
      {searchable && (
        <div className="ais-RefinementList-searchBox">
          <form className="ais-SearchBox-form" noValidate onSubmit={onSubmit}>
            <input
              className="ais-SearchBox-input"
              type="search"
              aria-label={`Search ${label}`}
              placeholder={`Search ${label}`}
              autoComplete="off"
              spellCheck={false}
              maxLength={512}
              value={query}
              onChange={(event) => search(event.currentTarget.value)}
            />
          </form>
        </div>
      )}
      {searchable && isFromSearch && items.length === 0 ? (
        <div className="ais-RefinementList-noResults">No {label} matches the search.</div>
      ) : (
        <ul className="ais-RefinementList-list">
          {items.map((item) => (
            <li
              key={item.value}
              className={`ais-RefinementList-item${item.isRefined ? ' ais-RefinementList-item--selected' : ''}`}
            >
              <label className="ais-RefinementList-label">
                <input
                  className="ais-RefinementList-checkbox"
                  type="checkbox"
                  value={item.value}
                  checked={item.isRefined}
                  onChange={() => {
                    refine(item.value);
                    if (query) search('');
                  }}
                />
                <span className="ais-RefinementList-labelText">{item.label}</span>
                <span className="ais-RefinementList-count">{item.count}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {showMore && (
        <ShowMore
          widget="RefinementList"
          canToggle={canToggleShowMore}
          isShowingMore={isShowingMore}
          fromSearch={isFromSearch}
          shown={items.length}
          onToggle={toggleShowMore}
        />
      )}
    </div>
  );
}

type MenuItem = ReturnType<typeof useHierarchicalMenu>['items'][number];

function MenuList({
  items,
  child,
  createURL,
  refine,
}: {
  items: MenuItem[];
  child?: boolean;
  createURL: (value: string) => string;
  refine: (value: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className={`ais-HierarchicalMenu-list${child ? ' ais-HierarchicalMenu-list--child' : ''}`}>
      {items.map((item) => (
        <li
          key={item.value}
          className={`ais-HierarchicalMenu-item${item.isRefined ? ' ais-HierarchicalMenu-item--selected' : ''}${
            item.data?.length ? ' ais-HierarchicalMenu-item--parent' : ''
          }`}
        >
          <a
            className={`ais-HierarchicalMenu-link${item.isRefined ? ' ais-HierarchicalMenu-link--selected' : ''}`}
            href={createURL(item.value)}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
                return;
              event.preventDefault();
              refine(item.value);
            }}
          >
            <span className="ais-HierarchicalMenu-label">{item.label}</span>
            <span className="ais-HierarchicalMenu-count">{item.count}</span>
          </a>
          {item.data && <MenuList items={item.data} child createURL={createURL} refine={refine} />}
        </li>
      ))}
    </ul>
  );
}

/** A hierarchical menu facet (category levels), show more to 200. */
export function HierarchicalMenuFacet({ attributes, showMore }: { attributes: string[]; showMore: boolean }) {
  const { items, canRefine, createURL, refine, canToggleShowMore, isShowingMore, toggleShowMore } =
    useHierarchicalMenu({ attributes, showMore, showMoreLimit: FACET_SHOW_MORE_LIMIT });
  return (
    <div className={`ais-HierarchicalMenu${canRefine ? '' : ' ais-HierarchicalMenu--noRefinement'}`}>
      <MenuList items={items} createURL={createURL} refine={refine} />
      {showMore && (
        <ShowMore
          widget="HierarchicalMenu"
          canToggle={canToggleShowMore}
          isShowingMore={isShowingMore}
          fromSearch={false}
          shown={items.length}
          onToggle={toggleShowMore}
        />
      )}
    </div>
  );
}
