import { formatNoteDate, noteAuthorName, RETURN_TEXTS } from '@backroom/shared';
import { Group, Modal, Stack, Text } from '@mantine/core';
import { Section } from '../../orders/components/section';
import { dollars } from '../../orders/lib/order-format';
import type { InboundReturn, ReturnItem } from '../api';

// The return's read-only sections: Received Divisions (CORE), and the plain lists that PANELS' sections (labels,
// payments, appeal, notes) replace where the page mounts them.

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

export function ReturnLabels({ shipments }: { shipments: InboundReturn['shipments'] }) {
  return (
    <Section title="Return Labels" data-testid="return-labels">
      <Text size="sm" c="dimmed">
        {count(shipments.length, 'Label')}
      </Text>
      {shipments.map((shipment) => (
        <Group key={shipment.id} justify="space-between">
          <Text size="sm">{shipment.trackingNumber ?? `Label #${shipment.id}`}</Text>
          <Text size="sm">{dollars(shipment.carrierFeeBilled)}</Text>
        </Group>
      ))}
    </Section>
  );
}

export function ReturnPayments({
  payments,
  utcOffset,
}: {
  payments: InboundReturn['payments'];
  utcOffset: string;
}) {
  return (
    <Section title="Return Payments" data-testid="return-payments">
      <Text size="sm" c="dimmed">
        {count(payments.length, 'Payment')}
      </Text>
      {payments.map((payment) => (
        <Group key={payment.id} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {payment.paymentNumber ?? `#${payment.id}`}
            {payment.note ? ` · ${payment.note}` : ''}
          </Text>
          <Group gap="md" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {formatNoteDate(payment.createdAt, utcOffset)}
            </Text>
            <Text size="sm">{dollars(payment.amount)}</Text>
          </Group>
        </Group>
      ))}
    </Section>
  );
}

export function ReturnAppeal({ appeal }: { appeal: InboundReturn['appeal'] }) {
  return (
    <Section title="Return Appeal" data-testid="return-appeal">
      {appeal ? (
        <Group gap="xl">
          <Text size="sm">Claim {dollars(appeal.claimAmountDollar)}</Text>
          <Text size="sm">Reimbursed {dollars(appeal.reimbursementAmountDollar)}</Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {RETURN_TEXTS.noAppeal}
        </Text>
      )}
    </Section>
  );
}

function NoteList({ notes, utcOffset }: { notes: InboundReturn['notes']; utcOffset: string }) {
  return notes.length === 0 ? (
    <Text size="sm" c="dimmed">
      No Notes
    </Text>
  ) : (
    notes.map((note) => (
      <Stack key={note.id} gap={0}>
        <Text size="sm">{note.text}</Text>
        <Text size="xs" c="dimmed">
          {noteAuthorName(note)} · {formatNoteDate(note.createdAt, utcOffset)}
        </Text>
      </Stack>
    ))
  );
}

export function ReturnNotes({ notes, utcOffset }: { notes: InboundReturn['notes']; utcOffset: string }) {
  return (
    <Section title="Return Notes" data-testid="return-notes">
      <NoteList notes={notes.filter((note) => note.inboundReturnItemId === null)} utcOffset={utcOffset} />
    </Section>
  );
}

/** The item's notes, read only; PANELS' item notes modal (which adds notes) replaces it. */
export function ItemNotesList({
  item,
  notes,
  utcOffset,
  onClose,
}: {
  item: ReturnItem | null;
  notes: InboundReturn['notes'];
  utcOffset: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={`Return Item #${item?.id ?? ''} Notes`}>
      <Stack gap="xs">
        <NoteList
          notes={notes.filter((note) => note.inboundReturnItemId === item?.id)}
          utcOffset={utcOffset}
        />
      </Stack>
    </Modal>
  );
}
