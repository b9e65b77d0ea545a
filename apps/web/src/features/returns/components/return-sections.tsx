import { Group, Text } from '@mantine/core';
import { Section } from '../../orders/components/section';
import type { InboundReturn } from '../api';

// The return's read-only Received Divisions: where its units were received into, with how many each.

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function ReceivedDivisions({ divisions }: { divisions: InboundReturn['receivedDivisions'] }) {
  return (
    <Section title="Received Divisions" data-testid="received-divisions">
      {divisions.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing received yet
        </Text>
      ) : (
        divisions.map((division) => (
          <Group key={division.id} justify="space-between">
            <Text size="sm" fw={600}>
              {division.barcode}
            </Text>
            <Text size="sm" c="dimmed">
              {division.name} · {count(division.units, 'unit')}
            </Text>
          </Group>
        ))
      )}
    </Section>
  );
}
