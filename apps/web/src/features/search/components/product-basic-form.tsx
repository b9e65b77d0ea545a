import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type SearchProduct, useSaveProductBasics } from '../api';
import { basicsPatch, UPC_PATTERN } from '../lib/product-fields';

interface ProductBasicFormProps {
  product: SearchProduct;
  brandName: string;
  categoryPath: string;
}

/** The product's basic fields: name, UPC and MPN editable (PATCH products), the rest for reading. */
export function ProductBasicForm({ product, brandName, categoryPath }: ProductBasicFormProps) {
  const save = useSaveProductBasics();
  const [name, setName] = useState(product.name);
  const [upc, setUpc] = useState(product.upc ?? '');
  const [mpn, setMpn] = useState(product.mpn ?? '');

  const patch = basicsPatch(product, { name, upc, mpn });
  const changed = Object.keys(patch).length > 1;
  const nameError = name.trim() ? null : 'Name is required';
  const upcError = UPC_PATTERN.test(upc.trim()) ? null : 'UPC must be digits, at most 16';
  const valid = !nameError && !upcError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || !valid) return;
    save.mutate(patch);
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
          <Button type="submit" disabled={!changed || !valid} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
