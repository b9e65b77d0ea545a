import { Badge, Group, Tooltip } from '@mantine/core';
import { glossaryDefinition } from '../../../components/glossary';

/**
 * The status tag: green when the order is fulfilled, dark otherwise (orders-warehouse.md §Channel order
 * detail). `fulfilled` comes from the shared isFulfilled rule.
 */
export function OrderStatusTag({
  name,
  fulfilled,
  size = 'md',
}: {
  name: string;
  fulfilled: boolean;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge
      data-testid="order-status"
      data-fulfilled={fulfilled}
      color={fulfilled ? 'green' : 'dark'}
      variant="filled"
      size={size}
      radius="sm"
      style={{ textTransform: 'none', flexShrink: 0 }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {name}
    </Badge>
  );
}

/** Icons marking Prime and FBA (fulfilled by Amazon) orders; nothing for an order that is neither. */
export function PrimeFbaIcons({ isPrime, isFBA }: { isPrime: number | boolean; isFBA: number | boolean }) {
  if (!isPrime && !isFBA) return null;
  return (
    <Group gap={4} wrap="nowrap" mt={2}>
      {Boolean(isPrime) && (
        <Tooltip label="Prime order" withArrow>
          <Badge
            role="img"
            aria-label="Prime"
            data-testid="prime-icon"
            size="sm"
            radius="sm"
            color="cyan"
            variant="filled"
            style={{ textTransform: 'none', flexShrink: 0 }}
            styles={{ label: { overflow: 'visible' } }}
          >
            prime
          </Badge>
        </Tooltip>
      )}
      {Boolean(isFBA) && (
        <Tooltip label={glossaryDefinition('FBA')} withArrow multiline maw={280}>
          <Badge
            role="img"
            aria-label="FBA"
            data-testid="fba-icon"
            size="sm"
            radius="sm"
            color="orange"
            variant="light"
            style={{ flexShrink: 0 }}
            styles={{ label: { overflow: 'visible' } }}
          >
            FBA
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
