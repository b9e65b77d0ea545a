import { formatOunces, formatPounds, SCALE_UNSUPPORTED_MESSAGE } from '@backroom/shared';
import { Box, Button, Group, Paper, Text } from '@mantine/core';
import type { ScaleStatus } from './usb-scale';
import { useUsbScale } from './use-usb-scale';

const STATUS_COLOR: Record<ScaleStatus, string> = {
  unsupported: 'gray.5',
  disconnected: 'red.6',
  connecting: 'yellow.5',
  connected: 'green.6',
};

const STATUS_LABEL: Record<ScaleStatus, string> = {
  unsupported: 'Not supported',
  disconnected: 'Disconnected',
  connecting: 'Connecting…',
  connected: 'Connected',
};

const NO_READING = '–';

/** Live weight from the USB scale, in ounces (as the spec assumes) and pounds, with Connect / Disconnect. */
export function ScaleWidget() {
  const { state, connect, disconnect } = useUsbScale();
  const { status, ounces, error, deviceName } = state;
  // A connection still opening can be abandoned with Disconnect too.
  const live = status === 'connected' || status === 'connecting';

  return (
    <Paper withBorder p="sm" radius="md" data-testid="usb-scale" data-status={status}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap={8} wrap="nowrap">
          <Box
            component="span"
            w={10}
            h={10}
            bg={STATUS_COLOR[status]}
            style={{ borderRadius: '50%', flexShrink: 0 }}
            aria-hidden
          />
          <Text size="sm" fw={500} truncate>
            {deviceName ?? 'USB scale'}
          </Text>
          <Text size="xs" c="dimmed" data-testid="usb-scale-status">
            {STATUS_LABEL[status]}
          </Text>
        </Group>
        {status !== 'unsupported' && (
          <Button size="xs" variant={live ? 'default' : 'filled'} onClick={live ? disconnect : connect}>
            {live ? 'Disconnect' : 'Connect'}
          </Button>
        )}
      </Group>

      {status === 'unsupported' ? (
        <Text size="sm" c="dimmed" mt="xs" data-testid="usb-scale-unsupported">
          {SCALE_UNSUPPORTED_MESSAGE}
        </Text>
      ) : (
        <Group gap="md" align="baseline" mt="xs" wrap="nowrap">
          <Text fz="xl" fw={700} ff="monospace" data-testid="usb-scale-ounces">
            {ounces === null ? NO_READING : formatOunces(ounces)} oz
          </Text>
          <Text c="dimmed" ff="monospace" data-testid="usb-scale-pounds">
            {ounces === null ? NO_READING : formatPounds(ounces)} lb
          </Text>
        </Group>
      )}

      {error && (
        <Text size="sm" c="red" mt="xs" role="alert" data-testid="usb-scale-error">
          {error.source}: {error.message}
        </Text>
      )}
    </Paper>
  );
}
