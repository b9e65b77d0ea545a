import { Button, Group, Select, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useBrands } from '../../api';

interface BrandHeaderProps {
  brandId: number;
  isActive: number;
  /** 'Save or Discard Changes' while changes are pending: the list cannot be switched then. */
  blockedTitle: string | null;
}

export function brandListPath(brandId: number, isActive: number) {
  return `/catalogue/brand/${brandId}?isActive=${isActive}`;
}

/** The brand select and the Active/Inactive toggle buttons. */
export function BrandHeader({ brandId, isActive, blockedTitle }: BrandHeaderProps) {
  const brands = useBrands();
  const navigate = useNavigate();
  const blocked = blockedTitle !== null;
  return (
    <Group justify="space-between" align="flex-end">
      <Title order={2}>Brand Products</Title>
      <Group align="flex-end">
        <Select
          label="Brand"
          placeholder={brands.isPending ? 'Loading...' : 'Select a Brand'}
          searchable
          w={260}
          data-testid="brand-select"
          allowDeselect={false}
          data={(brands.data ?? []).map((brand) => ({ value: String(brand.id), label: brand.name }))}
          value={brandId ? String(brandId) : null}
          disabled={blocked}
          title={blockedTitle ?? undefined}
          onChange={(id) => id && navigate(brandListPath(Number(id), isActive))}
        />
        <Button.Group>
          {[1, 0].map((value) => (
            <Button
              key={value}
              variant={isActive === value ? 'filled' : 'default'}
              aria-pressed={isActive === value}
              disabled={blocked || !brandId}
              title={blockedTitle ?? undefined}
              onClick={() => navigate(brandListPath(brandId, value))}
            >
              {value ? 'Active' : 'Inactive'}
            </Button>
          ))}
        </Button.Group>
      </Group>
    </Group>
  );
}
