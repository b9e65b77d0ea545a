import type { Refinement } from '@backroom/shared';
import { Box } from '@mantine/core';
import { ToggleRefinement, useNumericMenu } from 'react-instantsearch';
import { HierarchicalMenuFacet, RefinementListFacet } from './facet-lists';

/** The numeric menu's price bands (dollars). */
const PRICE_ITEMS = [
  { label: 'All' },
  { label: 'Under $100', end: 100 },
  { label: '$100 to $500', start: 100, end: 500 },
  { label: '$500 to $1,000', start: 500, end: 1000 },
  { label: '$1,000 and up', start: 1000 },
];

/** The refinement widget of one facet, as its component says (§3 Refinement, show-more limit 200). */
export function FacetWidget({ refinement }: { refinement: Refinement }) {
  const { component } = refinement;
  return (
    <Box mt="xs" className="collection-facet" data-testid={`widget-${component.attribute}`}>
      {component.type === 'refinementList' && (
        <RefinementListFacet
          attribute={component.attribute}
          label={refinement.label}
          searchable={component.searchable}
          showMore={component.showMore}
        />
      )}
      {component.type === 'hierarchicalMenu' && (
        <HierarchicalMenuFacet
          attributes={component.attributes?.length ? component.attributes : [component.attribute]}
          showMore={component.showMore}
        />
      )}
      {component.type === 'toggleRefinement' && (
        <ToggleRefinement attribute={component.attribute} label={refinement.label} />
      )}
      {component.type === 'numericMenu' && <NumericMenu attribute={component.attribute} />}
    </Box>
  );
}

/** react-instantsearch has the numeric menu as a hook only: its bands as radio buttons. */
function NumericMenu({ attribute }: { attribute: string }) {
  const { items, refine } = useNumericMenu({ attribute, items: PRICE_ITEMS });
  return (
    <ul className="ais-NumericMenu-list">
      {items.map((item) => (
        <li key={item.label} className="ais-NumericMenu-item">
          <label>
            <input
              type="radio"
              name={`numeric-${attribute}`}
              checked={item.isRefined}
              onChange={() => refine(item.value)}
            />{' '}
            {item.label}
          </label>
        </li>
      ))}
    </ul>
  );
}
