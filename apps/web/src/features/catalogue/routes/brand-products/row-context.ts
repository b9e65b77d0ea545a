import { createContext, useContext } from 'react';
import type { BrandColumnId, BrandLabels } from '../../lib/brand-columns';
import type { EditActions } from './use-brand-edits';

/** What a row can do; one stable object for the whole table, so memoised rows stay put. */
export interface RowActions extends EditActions {
  openProduct: (id: number) => void;
  filterFamily: (parentId: number) => void;
  toggleSelected: (rowId: string, selected: boolean) => void;
  /** Moves the keyboard to a cell of another row on this page, scrolling it into view. */
  focusCell: (rowIndex: number, column: BrandColumnId) => void;
  rememberCategory: (id: number, path: string) => void;
}

export const BrandLabelsContext = createContext<BrandLabels>({
  category: (id) => (id ? `#${id}` : ''),
  pricingStrategy: (id) => (id ? `#${id}` : ''),
  purchasingStatus: (id) => (id ? `#${id}` : ''),
  attribute: (id) => `#${id}`,
});

export const useBrandLabelsContext = () => useContext(BrandLabelsContext);

/** The ids of the products other products name as their parent: a family's head shows its own id as Family. */
export const FamilyHeadsContext = createContext<ReadonlySet<number>>(new Set());
