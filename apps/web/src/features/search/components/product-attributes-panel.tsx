import type { ProductAttribute } from '@backroom/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { type ComponentProps, useMemo, useState } from 'react';
import { ReasonButton } from '../../../components/reason-button';
import { useReportDirty } from '../../../lib/use-unsaved-changes';
import { AttributesEditor } from '../../catalogue/components/product-editor/attributes-editor';
import { type UniversalProduct, useSaveProduct } from '../api';
import { attributesPatch, sameAttributes, toEditableAttributes } from '../lib/product-fields';

/**
 * The attributes mode of the universal product view: the product editor's attributes editor (category
 * attributes, values by list with the maxValues rules, add and remove) with its own Save, which sends the
 * whole list and replaces what was there.
 */
export function ProductAttributesPanel({
  product,
  onDirtyChange,
  ...variant
}: {
  product: UniversalProduct;
  onDirtyChange: (dirty: boolean) => void;
} & Pick<ComponentProps<typeof AttributesEditor>, 'site' | 'family' | 'onSaveFamily' | 'onOpenProduct'>) {
  const save = useSaveProduct();
  const saved = useMemo(() => toEditableAttributes(product.attributes), [product.attributes]);
  const [attributes, setAttributes] = useState<ProductAttribute[]>(saved);
  const changed = !sameAttributes(saved, attributes);
  useReportDirty(changed, onDirtyChange);

  return (
    <Stack gap="md">
      <AttributesEditor product={product} attributes={attributes} onChange={setAttributes} {...variant} />
      <Group>
        <ReasonButton
          disabledReason={!changed && 'Nothing changed yet'}
          loading={save.isPending}
          onClick={() =>
            save.mutate({ patch: attributesPatch(product.id, attributes), message: 'Attributes saved' })
          }
        >
          Save Attributes
        </ReasonButton>
        <Button variant="default" disabled={!changed || save.isPending} onClick={() => setAttributes(saved)}>
          Discard Changes
        </Button>
        {changed && (
          <Text size="sm" c="orange.8">
            Unsaved changes
          </Text>
        )}
      </Group>
    </Stack>
  );
}
