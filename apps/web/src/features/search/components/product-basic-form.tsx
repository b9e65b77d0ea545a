import { Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { NO_CHANGES, ReasonButton } from '../../../components/reason-button';
import { useReportDirty } from '../../../lib/use-unsaved-changes';
import { whyNot } from '../../../lib/why-not';
import { type UniversalProduct, useSaveProduct } from '../api';
import { basicsPatch, UPC_PATTERN } from '../lib/product-fields';

interface ProductBasicFormProps {
  product: Pick<UniversalProduct, 'id' | 'sku' | 'name' | 'upc' | 'mpn'>;
  brandName: string;
  categoryPath: string;
  onDirtyChange: (dirty: boolean) => void;
}

/** The product's basic fields: name, UPC and MPN editable (PATCH products), the rest for reading. */
export function ProductBasicForm({ product, brandName, categoryPath, onDirtyChange }: ProductBasicFormProps) {
  const save = useSaveProduct();
  const [name, setName] = useState(product.name);
  const [upc, setUpc] = useState(product.upc ?? '');
  const [mpn, setMpn] = useState(product.mpn ?? '');

  const patch = basicsPatch(product, { name, upc, mpn });
  const changed = Object.keys(patch).length > 1;
  const nameError = name.trim() ? null : 'Name is required';
  const upcError = UPC_PATTERN.test(upc.trim()) ? null : 'UPC must be digits, at most 16';
  const valid = !nameError && !upcError;
  useReportDirty(changed, onDirtyChange);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || !valid) return;
    save.mutate({ patch, message: 'Saved' });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={760}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="SKU" value={product.sku} readOnly variant="filled" />
          <TextInput label="Brand" value={brandName} readOnly variant="filled" />
        </SimpleGrid>
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={nameError}
          maxLength={300}
          required
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="UPC"
            value={upc}
            onChange={(e) => setUpc(e.currentTarget.value)}
            error={upcError}
            inputMode="numeric"
            maxLength={16}
          />
          <TextInput
            label="MPN"
            value={mpn}
            onChange={(e) => setMpn(e.currentTarget.value)}
            maxLength={100}
          />
        </SimpleGrid>
        <TextInput label="Category" value={categoryPath} readOnly variant="filled" />
        <Group>
          <ReasonButton
            type="submit"
            disabledReason={whyNot(
              [!changed, NO_CHANGES],
              [!valid, 'Correct the fields marked in red first'],
            )}
            loading={save.isPending}
          >
            Save
          </ReasonButton>
          <ReasonButton
            variant="default"
            disabledReason={changed ? null : NO_CHANGES}
            disabled={save.isPending}
            onClick={() => {
              setName(product.name);
              setUpc(product.upc ?? '');
              setMpn(product.mpn ?? '');
            }}
          >
            Discard Changes
          </ReasonButton>
        </Group>
      </Stack>
    </form>
  );
}
