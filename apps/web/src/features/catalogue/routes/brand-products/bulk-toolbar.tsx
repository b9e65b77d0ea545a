import {
  activationButtons,
  activationChanges,
  applyBulkAction,
  BRAND_PAGE_BULK_ACTIONS,
  BULK_ACTION_LABELS,
  type BulkInputs,
  type BulkProduct,
  canApply,
  deactivationBlock,
  MARKETPLACE_CATEGORY_ACTION_LABEL,
  PRICE_STEP,
  selectedCountText,
} from '@backroom/shared';
import { Button, Group, NumberInput, Paper, Select, Text } from '@mantine/core';
import { useState } from 'react';
import type { Product, ProductQueue } from '../../api';
import { CategorySearchSelect } from '../../components/category-search-select';
import type { EditableProduct, ProductChange } from '../../lib/brand-edits';
import { AttributesBulkInput } from './attributes-bulk-input';
import { HarmonizedCodeInput } from './harmonized-code-input';
import { MarketplaceCategoryAction } from './marketplace-category-action';
import { SaveQueueButton } from './queue-controls';

type BrandAction =
  | 'map'
  | 'cost'
  | 'pricingStrategy'
  | 'purchasingStatus'
  | 'category'
  | 'attributes'
  | 'harmonizedCode';
type BrandInputs = Pick<BulkInputs, BrandAction>;
/** The brand page's choices plus the marketplace category action, which saves at once (not a pending change). */
type ToolbarAction = BrandAction | 'marketplaceCategory';
const ACTION_CHOICES = [
  ...BRAND_PAGE_BULK_ACTIONS.map((value) => ({ value, label: BULK_ACTION_LABELS[value] })),
  { value: 'marketplaceCategory', label: MARKETPLACE_CATEGORY_ACTION_LABEL },
];

const EMPTY_INPUTS: BrandInputs = {
  map: { value: '' },
  cost: { value: '' },
  pricingStrategy: { pricingStrategyId: null },
  purchasingStatus: { purchasingStatusId: null },
  category: { categoryId: null },
  attributes: { attributes: [], replace: false },
  harmonizedCode: { code: '' },
};

export interface SelectedProduct {
  product: Product;
  local: EditableProduct;
}

interface BulkToolbarProps {
  selected: SelectedProduct[];
  adminUserAccess: boolean;
  strategies: { id: number; label: string }[];
  statuses: { id: number; name: string }[];
  onApply: (changes: ProductChange[]) => void;
  onClear: () => void;
  remember: { category: (id: number, path: string) => void; attribute: (id: number, name: string) => void };
  /** A queue was saved from the selection. */
  onQueueCreated: (queue: ProductQueue) => void;
}

// Generic over the action, so each action's input type follows it into the shared rules.
function enabled<A extends BrandAction>(
  action: A,
  inputs: BrandInputs,
  context: Parameters<typeof canApply>[2],
) {
  return canApply(action, inputs[action] as BulkInputs[A], context);
}
function changesOf<A extends BrandAction>(action: A, inputs: BrandInputs, products: BulkProduct[]) {
  return applyBulkAction(action, inputs[action] as BulkInputs[A], products).map((change) => ({
    id: Number(change.id),
    changes: change.changes as Partial<EditableProduct>,
  }));
}

/** Bulk change toolbar (§2.4): '{n} Selected', Activate/Deactivate and the brand page's actions. */
export function BulkToolbar({
  selected,
  adminUserAccess,
  strategies,
  statuses,
  onApply,
  onClear,
  remember,
  onQueueCreated,
}: BulkToolbarProps) {
  const [action, setAction] = useState<ToolbarAction>('map');
  const [inputs, setInputs] = useState<BrandInputs>(EMPTY_INPUTS);
  const setInput = <A extends BrandAction>(key: A, value: BrandInputs[A]) =>
    setInputs((current) => ({ ...current, [key]: value }));

  const buttons = activationButtons(selected.map((s) => s.local));
  const activation = selected.map((s) => ({
    id: s.product.id,
    typeId: s.product.typeId,
    inventory: s.product.inventory,
  }));
  const blocked = deactivationBlock(activation);
  const context = { selectedCount: selected.length, adminUserAccess };

  return (
    <Paper withBorder p="sm" data-testid="bulk-toolbar">
      <Group align="flex-end" gap="md">
        <Text fw={600} mb={6}>
          {selectedCountText(selected.length)}
        </Text>
        {buttons.activate && (
          <Button
            variant="light"
            color="green"
            onClick={() => onApply(changesOfActivation(activation, true))}
          >
            Activate
          </Button>
        )}
        {buttons.deactivate && (
          <Button
            variant="light"
            color="red"
            disabled={blocked !== null}
            title={blocked ?? undefined}
            onClick={() => onApply(changesOfActivation(activation, false))}
          >
            Deactivate
          </Button>
        )}
        <Select
          label="Bulk Action"
          w={290}
          allowDeselect={false}
          data={ACTION_CHOICES}
          value={action}
          onChange={(value) => value && setAction(value as ToolbarAction)}
        />
        {(action === 'map' || action === 'cost') && (
          <NumberInput
            label={action === 'map' ? 'MAP' : 'Cost'}
            w={130}
            min={0}
            step={PRICE_STEP}
            decimalScale={2}
            value={inputs[action].value ?? ''}
            onChange={(value) => setInput(action, { value })}
          />
        )}
        {action === 'pricingStrategy' && (
          <Select
            label="Pricing Strategy"
            w={220}
            searchable
            data={strategies.map((s) => ({ value: String(s.id), label: s.label }))}
            value={
              inputs.pricingStrategy.pricingStrategyId
                ? String(inputs.pricingStrategy.pricingStrategyId)
                : null
            }
            onChange={(id) => setInput('pricingStrategy', { pricingStrategyId: id ? Number(id) : null })}
          />
        )}
        {action === 'purchasingStatus' && (
          <Select
            label="Purchasing Status"
            w={220}
            data={statuses.map((s) => ({ value: String(s.id), label: s.name }))}
            value={
              inputs.purchasingStatus.purchasingStatusId
                ? String(inputs.purchasingStatus.purchasingStatusId)
                : null
            }
            onChange={(id) => setInput('purchasingStatus', { purchasingStatusId: id ? Number(id) : null })}
          />
        )}
        {action === 'category' && (
          <CategorySearchSelect
            label="Category"
            w={380}
            value={inputs.category.categoryId}
            onChange={(category) => {
              if (category) remember.category(category.id, category.path);
              setInput('category', { categoryId: category?.id ?? null });
            }}
          />
        )}
        {action === 'harmonizedCode' && (
          <HarmonizedCodeInput
            value={inputs.harmonizedCode.code}
            onChange={(code) => setInput('harmonizedCode', { code })}
          />
        )}
        {action === 'attributes' && (
          <AttributesBulkInput
            value={inputs.attributes}
            onChange={(value) => setInput('attributes', value)}
            onPick={remember.attribute}
          />
        )}
        {action === 'marketplaceCategory' ? (
          <MarketplaceCategoryAction
            products={selected.map((s) => s.local)}
            adminUserAccess={adminUserAccess}
          />
        ) : (
          <Button
            disabled={!enabled(action, inputs, context)}
            onClick={() =>
              onApply(
                changesOf(
                  action,
                  inputs,
                  selected.map((s) => ({ id: s.local.id, attributes: s.local.attributes })),
                ),
              )
            }
          >
            {BULK_ACTION_LABELS[action]}
          </Button>
        )}
        <SaveQueueButton productIds={selected.map((s) => s.product.id)} onCreated={onQueueCreated} />
        <Button variant="subtle" color="gray" onClick={onClear}>
          Clear Selection
        </Button>
      </Group>
    </Paper>
  );
}

function changesOfActivation(
  products: Parameters<typeof activationChanges>[0],
  activate: boolean,
): ProductChange[] {
  return activationChanges(products, activate).map((change) => ({
    id: Number(change.id),
    changes: change.changes as Partial<EditableProduct>,
  }));
}
