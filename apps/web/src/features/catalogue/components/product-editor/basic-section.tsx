import { HARMONIZED_CODE_LENGTH, type Product } from '@backroom/shared';
import { ActionIcon, Anchor, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';

import { type ReactNode, useState } from 'react';

import { GlossaryText } from '../../../../components/glossary';

import { Modal } from '../../../../components/modal';

import { useBrands, useCreateBrand } from '../../api';

const CREATE_BRAND = '__create__';

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        <GlossaryText text={label} />
      </Text>
      <Text size="sm">{children === '' || children === null || children === undefined ? '—' : children}</Text>
    </div>
  );
}

/** An external tariff lookup for a harmonized code (the US International Trade Commission's HTS search). */
export const tariffLookupUrl = (code: string) =>
  `https://hts.usitc.gov/search?query=${encodeURIComponent(code)}`;

/**
 * Basic (§2.3): the brand selector with 'Create New Brand', the international shipping (harmonized) code
 * behind an edit toggle with a tariff lookup link, and the product's identifiers. Brand and code are
 * pending changes of the list, saved with Save Changes.
 */
export function BasicSection({
  product,
  brandId,
  harmonizedCode,
  onBrand,
  onHarmonizedCode,
}: {
  product: Product;
  brandId: number | null;
  harmonizedCode: string | null;
  onBrand: (brandId: number) => void;
  onHarmonizedCode: (code: string | null) => void;
}) {
  const brands = useBrands();
  const createBrand = useCreateBrand();
  const [creating, setCreating] = useState(false);
  const [newBrand, setNewBrand] = useState('');
  const [editingCode, setEditingCode] = useState(false);
  const code = harmonizedCode ?? '';
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md">
        <Select
          label="Brand"
          w={260}
          searchable
          data={[
            ...(brands.data ?? []).map((brand) => ({ value: String(brand.id), label: brand.name })),
            { value: CREATE_BRAND, label: 'Create New Brand' },
          ]}
          value={brandId ? String(brandId) : null}
          allowDeselect={false}
          onChange={(value) => {
            if (value === CREATE_BRAND) setCreating(true);
            else if (value) onBrand(Number(value));
          }}
        />
        <Group gap={4} align="flex-end">
          <TextInput
            label="International Shipping Code"
            w={200}
            value={code}
            readOnly={!editingCode}
            variant={editingCode ? 'default' : 'filled'}
            inputMode="numeric"
            // "Digits only, truncated to 9 characters."
            onChange={(event) =>
              onHarmonizedCode(
                event.currentTarget.value.replace(/\D/g, '').slice(0, HARMONIZED_CODE_LENGTH) || null,
              )
            }
          />
          <ActionIcon
            variant={editingCode ? 'filled' : 'default'}
            size="lg"
            aria-label={editingCode ? 'Stop editing shipping code' : 'Edit shipping code'}
            onClick={() => setEditingCode((on) => !on)}
          >
            ✎
          </ActionIcon>
        </Group>
        <Anchor href={tariffLookupUrl(code)} target="_blank" rel="noreferrer" size="sm" mb={6}>
          Tariff lookup
        </Anchor>
      </Group>
      <SimpleGrid cols={3} spacing="sm">
        <Field label="UPC">{product.upc}</Field>
        <Field label="MPN">{product.mpn}</Field>
        <Field label="Family">{product.parentProductId}</Field>
      </SimpleGrid>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Create New Brand">
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            const brand = await createBrand.mutateAsync(newBrand.trim());
            onBrand(brand.id);
            setCreating(false);
            setNewBrand('');
          }}
        >
          <Stack>
            <TextInput
              label="Brand name"
              required
              data-autofocus
              value={newBrand}
              onChange={(event) => setNewBrand(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={createBrand.isPending} disabled={newBrand.trim().length < 2}>
                Create Brand
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
