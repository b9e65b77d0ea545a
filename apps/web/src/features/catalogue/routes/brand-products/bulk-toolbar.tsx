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
  MANAGE_PRODUCTS_MAX,
  MARKETPLACE_CATEGORY_ACTION_LABEL,
  manageProductsPath,
  PRICE_STEP,
  type Product,
  type ProductBulkAction,
  type ProductQueue,
  selectedCountText,
} from '@backroom/shared';
import { Anchor, Button, Group, NumberInput, Paper, Select, Text } from '@mantine/core';

import { useState } from 'react';

import { CategorySearchSelect } from '../../components/category-search-select';

import type { EditableProduct, ProductChange } from '../../lib/brand-edits';

import { AttributesBulkInput } from './attributes-bulk-input';

import { DimInputs, TrainedShippingInputs } from './bulk-measure-inputs';

import { HarmonizedCodeInput } from './harmonized-code-input';

import { MarketplaceCategoryAction } from './marketplace-category-action';

import { SaveQueueButton } from './queue-controls';

/** The marketplace category action saves at once (not a pending change), so it is no ProductBulkAction. */
type ToolbarAction = ProductBulkAction | 'marketplaceCategory';
type ProductInputs = Pick<BulkInputs, ProductBulkAction>;

const EMPTY_INPUTS: ProductInputs = {
  map: { value: '' },
  cost: { value: '' },
  dim: { lengthInch: '', widthInch: '', heightInch: '', weightPound: '' },
  closeout: { isCloseout: 1 },
  trainedShipping: { cost: '', packagingId: null, lengthInch: '', widthInch: '', heightInch: '' },
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
  /** The actions offered: the brand page's seven, or every one on the manage products screen. */
  choices?: readonly ProductBulkAction[];
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
function enabled<A extends ProductBulkAction>(
  action: A,
  inputs: ProductInputs,
  context: Parameters<typeof canApply>[2],
) {
  return canApply(action, inputs[action] as BulkInputs[A], context);
}
function changesOf<A extends ProductBulkAction>(action: A, inputs: ProductInputs, products: BulkProduct[]) {
  return applyBulkAction(action, inputs[action] as BulkInputs[A], products).map((change) => ({
    id: Number(change.id),
    changes: change.changes as Partial<EditableProduct>,
  }));
}

/** Bulk change toolbar (§2.4): '{n} Selected', Activate/Deactivate and the actions offered. */
export function BulkToolbar({
  selected,
  choices = BRAND_PAGE_BULK_ACTIONS,
  adminUserAccess,
  strategies,
  statuses,
  onApply,
  onClear,
  remember,
  onQueueCreated,
}: BulkToolbarProps) {
  const [action, setAction] = useState<ToolbarAction>('map');
  const [inputs, setInputs] = useState<ProductInputs>(EMPTY_INPUTS);
  const setInput: SetInput = (key, value) => setInputs((current) => ({ ...current, [key]: value }));
  const actionChoices = [
    ...choices.map((value) => ({ value, label: BULK_ACTION_LABELS[value] })),
    { value: 'marketplaceCategory', label: MARKETPLACE_CATEGORY_ACTION_LABEL },
  ];
  const context = { selectedCount: selected.length, adminUserAccess };

  return (
    <Paper withBorder p="sm" data-testid="bulk-toolbar">
      <Group align="flex-end" gap="md">
        <Text fw={600} mb={6}>
          {selectedCountText(selected.length)}
        </Text>
        <ActivationButtons selected={selected} onApply={onApply} />
        <Select
          label="Bulk Action"
          w={290}
          allowDeselect={false}
          data={actionChoices}
          value={action}
          onChange={(value) => value && setAction(value as ToolbarAction)}
        />
        <MeasureInputs action={action} inputs={inputs} setInput={setInput} />
        <ChoiceInputs
          action={action}
          inputs={inputs}
          setInput={setInput}
          strategies={strategies}
          statuses={statuses}
          remember={remember}
        />

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
        {!choices.includes('dim') && selected.length <= MANAGE_PRODUCTS_MAX && (
          // DIM, Clearance and Trained Shipping are the manage products screen's: the selection opens there.
          <Anchor
            href={manageProductsPath(selected.map((s) => s.product.id))}
            target="_blank"
            rel="noopener"
            mb={8}
          >
            Open in Manage Products (New Tab)
          </Anchor>
        )}
        <Button variant="subtle" color="gray" onClick={onClear}>
          Clear Selection
        </Button>
      </Group>
    </Paper>
  );
}

type SetInput = <A extends ProductBulkAction>(key: A, value: ProductInputs[A]) => void;

/** Activate and Deactivate, each shown when some of the selection can change that way. */
function ActivationButtons({
  selected,
  onApply,
}: {
  selected: SelectedProduct[];
  onApply: (changes: ProductChange[]) => void;
}) {
  const buttons = activationButtons(selected.map((s) => s.local));
  const activation = selected.map((s) => ({
    id: s.product.id,
    typeId: s.product.typeId,
    inventory: s.product.inventory,
  }));
  const blocked = deactivationBlock(activation);
  return (
    <>
      {buttons.activate && (
        <Button variant="light" color="green" onClick={() => onApply(changesOfActivation(activation, true))}>
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
    </>
  );
}

/** The inputs of the number actions: MAP, Cost, DIM, Clearance and Trained Shipping. */
function MeasureInputs({
  action,
  inputs,
  setInput,
}: {
  action: ToolbarAction;
  inputs: ProductInputs;
  setInput: SetInput;
}) {
  return (
    <>
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
      {action === 'dim' && <DimInputs value={inputs.dim} onChange={(value) => setInput('dim', value)} />}
      {action === 'closeout' && (
        <Select
          label="Clearance"
          w={110}
          allowDeselect={false}
          data={[
            { value: '1', label: 'Yes' },
            { value: '0', label: 'No' },
          ]}
          value={String(Number(inputs.closeout.isCloseout))}
          onChange={(value) => setInput('closeout', { isCloseout: Number(value) })}
        />
      )}
      {action === 'trainedShipping' && (
        <TrainedShippingInputs
          value={inputs.trainedShipping}
          onChange={(value) => setInput('trainedShipping', value)}
        />
      )}
    </>
  );
}

/** The inputs of the choice actions: pricing strategy, purchasing status, category, HS code, attributes. */
function ChoiceInputs({
  action,
  inputs,
  setInput,
  strategies,
  statuses,
  remember,
}: Pick<BulkToolbarProps, 'strategies' | 'statuses' | 'remember'> & {
  action: ToolbarAction;
  inputs: ProductInputs;
  setInput: SetInput;
}) {
  return (
    <>
      {action === 'pricingStrategy' && (
        <Select
          label="Pricing Strategy"
          w={220}
          searchable
          data={strategies.map((s) => ({ value: String(s.id), label: s.label }))}
          value={
            inputs.pricingStrategy.pricingStrategyId ? String(inputs.pricingStrategy.pricingStrategyId) : null
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
    </>
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
