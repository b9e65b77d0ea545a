import { formatReadableInOffset } from '@backroom/shared';
import {
  Badge,
  Button,
  Group,
  Image,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useMe } from '../../../auth/api';
import { useDivisionScan } from '../../../warehouse/components/use-division-scan';
import { jobPreviewUrl, type PrintJob, usePrintJobs, useRetryJob } from '../../api';

const STATE_COLORS: Record<PrintJob['state'], string> = {
  queued: 'blue',
  sent: 'cyan',
  printed: 'green',
  failed: 'red',
  expired: 'gray',
};

/** Recent print jobs with their previews and states; a failed or expired one can be sent again. */
export function PrintQueuePage() {
  useDivisionScan();
  const [filter, setFilter] = useState('');
  const jobs = usePrintJobs(filter);
  const retry = useRetryJob();
  const [preview, setPreview] = useState<PrintJob | null>(null);
  // Every time on every screen is the account's (its UTC offset), not the browser's.
  const offset = useMe().data?.currentAccount.utcOffset ?? '+00:00';

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Print Queue</Title>
        <SegmentedControl
          value={filter}
          onChange={setFilter}
          data={[
            { value: '', label: 'All' },
            { value: 'queued,sent', label: 'Waiting' },
            { value: 'printed', label: 'Printed' },
            { value: 'failed,expired', label: 'Failed' },
          ]}
        />
      </Group>
      <Table striped withTableBorder data-testid="print-queue">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Th>Queued</Table.Th>
            <Table.Th>Printer</Table.Th>
            <Table.Th>Label</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Preview</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.data?.map((job) => (
            <Table.Tr key={job.id} data-testid={`print-job-${job.id}`}>
              <Table.Td>#{job.id}</Table.Td>
              <Table.Td>
                {formatReadableInOffset(job.createdAt, offset, { year: false, seconds: true })}
              </Table.Td>
              <Table.Td>{job.printerName}</Table.Td>
              <Table.Td>
                <Text size="sm">{job.description}</Text>
                {job.copies > 1 && (
                  <Text size="xs" c="dimmed">
                    {job.copies} copies
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={STATE_COLORS[job.state]} variant="light">
                  {job.state}
                </Badge>
                {job.error && (
                  <Text size="xs" c="red">
                    {job.error}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {job.hasPreview && (
                  <Image
                    src={jobPreviewUrl(job.id)}
                    alt={`Preview of ${job.description}`}
                    h={48}
                    w="auto"
                    fit="contain"
                    style={{ cursor: 'zoom-in', border: '1px solid var(--mantine-color-gray-3)' }}
                    onClick={() => setPreview(job)}
                  />
                )}
              </Table.Td>
              <Table.Td>
                {(job.state === 'failed' || job.state === 'expired') && (
                  <Button
                    size="xs"
                    variant="light"
                    loading={retry.isPending}
                    onClick={() => retry.mutate(job.id)}
                  >
                    Retry
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {jobs.data?.length === 0 && <Text c="dimmed">No print jobs yet.</Text>}
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={preview?.description}
        size="lg"
      >
        {preview && <Image src={jobPreviewUrl(preview.id)} alt={`Preview of ${preview.description}`} />}
      </Modal>
    </Stack>
  );
}
