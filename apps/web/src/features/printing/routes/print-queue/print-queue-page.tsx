import { formatReadableInOffset, type PrintJob } from '@backroom/shared';
import {
  Badge,
  Button,
  Group,
  Image,
  Modal,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useMe } from '../../../auth/api';
import { useDivisionScan } from '../../../warehouse/components/use-division-scan';
import { jobPreviewUrl, usePrintJobs, useRetryJob, useVoidJob } from '../../api';

const STATE_COLORS: Record<PrintJob['state'], string> = {
  queued: 'blue',
  sent: 'cyan',
  printed: 'green',
  failed: 'red',
  expired: 'gray',
  voided: 'gray',
};

/** A batch (many labels, one job): how many of its labels the printer's counter says are out. */
function BatchProgress({ job }: { job: PrintJob }) {
  if (job.labels <= 1) return null;
  return (
    <Stack gap={2} mt={4} w={180} data-testid={`print-job-progress-${job.id}`}>
      <Text size="xs">{`${job.labelsPrinted} of ${job.labels} labels`}</Text>
      <Progress
        size="sm"
        value={(100 * job.labelsPrinted) / job.labels}
        color={job.state === 'printed' ? 'green' : job.state === 'failed' ? 'red' : 'blue'}
        aria-label={`${job.labelsPrinted} of ${job.labels} labels printed`}
      />
    </Stack>
  );
}

/** Recent print jobs with their previews and states; a failed or expired one can be sent again. */
export function PrintQueuePage() {
  usePageTitle('Print Queue');
  useDivisionScan();
  const [filter, setFilter] = useState('');
  const jobs = usePrintJobs(filter);
  const retry = useRetryJob();
  const voidJob = useVoidJob();
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
            { value: 'voided', label: 'Voided' },
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
                <BatchProgress job={job} />
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
                <Group gap="xs" wrap="nowrap">
                  {(job.state === 'failed' || job.state === 'expired' || job.state === 'voided') && (
                    <Button
                      size="xs"
                      variant="light"
                      loading={retry.isPending && retry.variables === job.id}
                      onClick={() => retry.mutate(job.id)}
                    >
                      Retry
                    </Button>
                  )}
                  {/* A job with its print server may be printing that moment: it cannot be called back. */}
                  {(job.state === 'queued' || job.state === 'failed' || job.state === 'expired') && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      loading={voidJob.isPending && voidJob.variables === job.id}
                      onClick={() => voidJob.mutate(job.id)}
                    >
                      Void
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {jobs.data?.length === 0 && (
        <Text c="dimmed" data-testid="print-queue-empty">
          {filter
            ? 'No print jobs in this state. All shows every job.'
            : 'No print jobs yet. Every label printed from Backroom appears here (a return’s label, a PGU label, a shipping label, a bin label) with its state and a preview; a failed one can be retried.'}
        </Text>
      )}
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
