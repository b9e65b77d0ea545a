import { Button, Group, Select, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { ReasonButton } from '../../../../components/reason-button';
import { whyNot } from '../../../../lib/why-not';
import { useBrands, useProductQueues } from '../../api';

interface BrandHeaderProps {
  brandId: number;
  isActive: number;
  /** 'Save or Discard Changes' while changes are pending: the list cannot be switched then. */
  blockedTitle: string | null;
}

/** The brand page's address; an active product queue stays on when the brand or the toggle changes. */
export function brandListPath(brandId: number, isActive: number, queueId = 0) {
  return `/catalogue/brand/${brandId}?isActive=${isActive}${queueId ? `&queueId=${queueId}` : ''}`;
}

/** The brand select and the Active/Inactive toggle buttons. */
export function BrandHeader({ brandId, isActive, blockedTitle }: BrandHeaderProps) {
  const brands = useBrands();
  const queues = useProductQueues();
  const navigate = useNavigate();
  const queueId = Number(useSearchParams()[0].get('queueId')) || 0;
  const blocked = blockedTitle !== null;
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={2}>Brand Products</Title>
        <Text size="sm" c="dimmed" data-testid="page-purpose">
          One brand’s products in a table to edit in place: prices, costs, MAP, categories, activation; Save
          Changes keeps them all at once.
        </Text>
      </div>
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
          onChange={(id) => id && navigate(brandListPath(Number(id), isActive, queueId))}
        />
        <Select
          label="Product Queue"
          placeholder="No Queue"
          clearable
          w={280}
          data-testid="queue-select"
          data={(queues.data ?? []).map((queue) => ({
            value: String(queue.id),
            label: `${queue.name} (${queue.productCount})`,
          }))}
          value={queueId ? String(queueId) : null}
          disabled={blocked || !brandId}
          title={blockedTitle ?? undefined}
          onChange={(id) => navigate(brandListPath(brandId, isActive, Number(id) || 0))}
        />
        <Button.Group>
          {[1, 0].map((value) => (
            <ReasonButton
              key={value}
              variant={isActive === value ? 'filled' : 'default'}
              aria-pressed={isActive === value}
              disabledReason={whyNot([blockedTitle, blockedTitle ?? ''], [!brandId, 'Select a Brand first'])}
              title={blockedTitle ?? undefined}
              onClick={() => navigate(brandListPath(brandId, value, queueId))}
            >
              {value ? 'Active' : 'Inactive'}
            </ReasonButton>
          ))}
        </Button.Group>
      </Group>
    </Group>
  );
}
