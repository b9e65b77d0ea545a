import { CATALOGUE_DEBOUNCE_MS, type Product, type ProductPatch } from '@backroom/shared';
import { useMemo, useRef, useState } from 'react';

import { notify } from '../../../../lib/notify';

import { useDebouncedCallback } from '../../../../lib/use-debounced-callback';

import { usePricingStrategies, usePurchasingStatuses, useSaveProducts } from '../../api';
import type { BrandLabels } from '../../lib/brand-columns';

import { BrandEdits, type EditableProduct, type ProductChange } from '../../lib/brand-edits';

export interface EditActions {
  edit: <K extends keyof EditableProduct & string>(id: number, field: K, value: EditableProduct[K]) => void;
  editMany: (changes: readonly ProductChange[]) => void;
}

/**
 * The page's edits over the loaded list. A new list from the server (another brand, the other toggle,
 * the reload after a save) replaces them only when nothing is pending, so a reload never eats an edit.
 */
export function useBrandEdits(products: Product[] | undefined, onSaved: () => void) {
  const [state, setState] = useState(() => ({
    source: products ?? [],
    edits: BrandEdits.from(products ?? []),
  }));
  let current = state;
  if (products && products !== state.source && !state.edits.hasChanges()) {
    current = { source: products, edits: BrandEdits.from(products) };
    setState(current);
  }

  const actions = useMemo<EditActions>(
    () => ({
      edit: (id, field, value) => setState((s) => ({ ...s, edits: s.edits.edit(id, field, value) })),
      editMany: (changes) => setState((s) => ({ ...s, edits: s.edits.editMany(changes) })),
    }),
    [],
  );

  const saveProducts = useSaveProducts();
  const latest = useRef(current.edits);
  latest.current = current.edits;
  // "product save 250 ms": a double click sends one request.
  const save = useDebouncedCallback(() => {
    const sent = latest.current;
    const payload = sent.changesPayload();
    if (payload.length === 0) return;
    // Only positive ids are ever set on the nullable id fields, so the payload is a valid PATCH body.
    saveProducts.mutate(payload as ProductPatch[], {
      // Code 200: adopt what was sent. Anything else: the API client shows the server's words and the
      // pending changes stay.
      onSuccess: () => {
        setState((s) => ({ ...s, edits: s.edits.adoptSaved(sent) }));
        onSaved();
        notify({ color: 'green', message: 'Changes Saved' });
      },
    });
  }, CATALOGUE_DEBOUNCE_MS.productSave);

  /** Family merge and replace: saved at once (not pending), then shown as the products' originals. */
  const saveFamily = async (changes: { id: number; attributes: EditableProduct['attributes'] }[]) => {
    if (changes.length === 0) return;
    await saveProducts.mutateAsync(
      changes.map((change) => ({ ...change, attributesReplace: true })) as ProductPatch[],
    );
    setState((s) => ({
      ...s,
      edits: s.edits.rebase(changes.map(({ id, attributes }) => ({ id, changes: { attributes } }))),
    }));
    notify({ color: 'green', message: `Saved attributes of ${changes.length} family members` });
  };

  return {
    saveFamily,
    source: current.source,
    edits: current.edits,
    actions,
    save,
    saving: saveProducts.isPending,
    discard: () => setState((s) => ({ ...s, edits: s.edits.discard() })),
  };
}

/** Names for the ids on screen: loaded lists, the products' own, and what was picked on this page. */
export function useBrandLabels(products: Product[]) {
  const strategies = usePricingStrategies();
  const statuses = usePurchasingStatuses();
  // Categories and attributes chosen in a search are remembered here before they are applied.
  const picked = useRef({ categories: new Map<number, string>(), attributes: new Map<number, string>() });

  const loaded = useMemo(() => {
    const categories = new Map<number, string>();
    const attributes = new Map<number, string>();
    for (const product of products) {
      if (product.category) categories.set(product.category.id, product.category.path);
      for (const attribute of product.attributes) attributes.set(attribute.id, attribute.name);
    }
    return { categories, attributes };
  }, [products]);

  const labels = useMemo<BrandLabels>(() => {
    const strategyNames = new Map(strategies.data?.map((s) => [s.id, s.label]));
    const statusNames = new Map(statuses.data?.map((s) => [s.id, s.name]));
    const name = (map: Map<number, string>, id: number | null) => (id ? (map.get(id) ?? `#${id}`) : '');
    return {
      category: (id) =>
        id ? (loaded.categories.get(id) ?? picked.current.categories.get(id) ?? `#${id}`) : '',
      pricingStrategy: (id) => name(strategyNames, id),
      purchasingStatus: (id) => name(statusNames, id),
      attribute: (id) => loaded.attributes.get(id) ?? picked.current.attributes.get(id) ?? `#${id}`,
    };
  }, [loaded, strategies.data, statuses.data]);

  const remember = useMemo(
    () => ({
      category: (id: number, path: string) => picked.current.categories.set(id, path),
      attribute: (id: number, name: string) => picked.current.attributes.set(id, name),
    }),
    [],
  );

  return {
    labels,
    remember,
    strategies: strategies.data ?? [],
    statuses: statuses.data ?? [],
  };
}
