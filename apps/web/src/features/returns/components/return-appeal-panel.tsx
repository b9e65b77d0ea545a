import {
  APPEAL_ADD_ERROR,
  APPEAL_AMOUNT_MAX,
  APPEAL_AMOUNT_STEP,
  APPEAL_IMAGE_ACCEPT,
  APPEAL_IMAGE_REMOVE_ERROR,
  APPEAL_IMAGE_UPLOAD_ERROR,
  APPEAL_UPDATE_ERROR,
  type AppealDto,
  type AppealStatusId,
  appealStatusOptions,
} from '@backroom/shared';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { Icon } from '../../../components/icon';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { Section } from '../../orders/components/section';
import { useAppealActions, useReturnAppeal } from '../panels-api';

interface ReturnAppealPanelProps {
  /** The return as GET …/returns/{id} answers it; the panel reads the appeal with its images itself. */
  detail: { id: number };
  /** Reloads the return (returns.md §4 Reloads: after an appeal is added). */
  onChanged: () => void;
  disabled?: boolean;
}

const failed = (title: string) => (error: unknown) =>
  notify({
    color: 'red',
    title,
    message: error instanceof ApiError ? error.message : String(error),
  });

/**
 * Return Appeal (returns.md §Return appeal panel, §4 Appeals, §5): 'No Appeal' and 'Add Appeal' when there is
 * none; otherwise the status dropdown (the current status and where it may go), the claim and reimbursement in
 * dollars (0.00 and up, step 0.01) and the images: upload, shown from their source URL, download, remove.
 */
export function ReturnAppealPanel({ detail, onChanged, disabled }: ReturnAppealPanelProps) {
  const query = useReturnAppeal(detail.id);
  const actions = useAppealActions(detail.id, onChanged);
  const appeal = query.data ?? null;
  const busy =
    actions.add.isPending || actions.update.isPending || actions.upload.isPending || actions.remove.isPending;

  return (
    <Section
      title="Return Appeal"
      data-testid="return-appeal"
      actions={
        !appeal &&
        query.isSuccess && (
          <Button
            size="xs"
            onClick={() => actions.add.mutate(undefined, { onError: failed(APPEAL_ADD_ERROR) })}
            loading={actions.add.isPending}
            disabled={disabled}
            data-testid="add-appeal"
          >
            Add Appeal
          </Button>
        )
      }
    >
      {query.isPending ? (
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      ) : !appeal ? (
        <Text size="sm" c="dimmed" data-testid="no-appeal">
          No Appeal
        </Text>
      ) : (
        <AppealEditor appeal={appeal} actions={actions} disabled={disabled || busy} />
      )}
    </Section>
  );
}

const amountOf = (value: number | null) => (value === null ? '' : value);
const asDollars = (value: string | number): number | null => {
  if (value === '') return null;
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : null;
};

function AppealEditor({
  appeal,
  actions,
  disabled,
}: {
  appeal: AppealDto;
  actions: ReturnType<typeof useAppealActions>;
  disabled: boolean;
}) {
  const [claim, setClaim] = useState<string | number>(amountOf(appeal.claimAmountDollar));
  const [reimbursed, setReimbursed] = useState<string | number>(amountOf(appeal.reimbursementAmountDollar));
  const changed =
    asDollars(claim) !== appeal.claimAmountDollar ||
    asDollars(reimbursed) !== appeal.reimbursementAmountDollar;

  const saveAmounts = () =>
    actions.update.mutate(
      { claimAmountDollar: asDollars(claim), reimbursementAmountDollar: asDollars(reimbursed) },
      { onError: failed(APPEAL_UPDATE_ERROR) },
    );

  return (
    <Stack gap="sm" data-testid="appeal-editor">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          w={190}
          size="xs"
          label="Appeal Status"
          data={appealStatusOptions(appeal.inboundReturnAppealStatusId).map((s) => ({
            value: String(s.id),
            label: s.name,
          }))}
          value={String(appeal.inboundReturnAppealStatusId)}
          allowDeselect={false}
          disabled={disabled}
          onChange={(value) =>
            value &&
            Number(value) !== appeal.inboundReturnAppealStatusId &&
            actions.update.mutate(
              { inboundReturnAppealStatusId: Number(value) as AppealStatusId },
              { onError: failed(APPEAL_UPDATE_ERROR) },
            )
          }
          data-testid="appeal-status"
        />
        <NumberInput
          w={150}
          size="xs"
          label="Claim Amount"
          prefix="$"
          min={0}
          max={APPEAL_AMOUNT_MAX}
          step={APPEAL_AMOUNT_STEP}
          decimalScale={2}
          fixedDecimalScale
          allowNegative={false}
          value={claim}
          onChange={setClaim}
          disabled={disabled}
          data-testid="appeal-claim"
        />
        <NumberInput
          w={180}
          size="xs"
          label="Reimbursement Amount"
          prefix="$"
          min={0}
          max={APPEAL_AMOUNT_MAX}
          step={APPEAL_AMOUNT_STEP}
          decimalScale={2}
          fixedDecimalScale
          allowNegative={false}
          value={reimbursed}
          onChange={setReimbursed}
          disabled={disabled}
          data-testid="appeal-reimbursement"
        />
        <Button
          size="xs"
          variant="light"
          onClick={saveAmounts}
          disabled={disabled || !changed}
          data-testid="save-appeal"
        >
          Save Amounts
        </Button>
      </Group>

      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Images ({appeal.images.length})
        </Text>
        <FileButton
          multiple
          accept={APPEAL_IMAGE_ACCEPT}
          onChange={(files) =>
            files.length && actions.upload.mutate(files, { onError: failed(APPEAL_IMAGE_UPLOAD_ERROR) })
          }
        >
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="default"
              loading={actions.upload.isPending}
              disabled={disabled}
              data-testid="appeal-upload"
            >
              Upload Images
            </Button>
          )}
        </FileButton>
      </Group>
      {appeal.images.length === 0 ? (
        <Text size="sm" c="dimmed">
          No Images
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="appeal-images">
          {appeal.images.map((image) => (
            <Card key={image.id} withBorder padding={4} data-testid="appeal-image">
              <Card.Section>
                <Image src={image.sourceUrl} alt={image.fileName} h={110} fit="contain" />
              </Card.Section>
              <Group justify="space-between" gap={4} mt={4} wrap="nowrap">
                <Anchor
                  href={image.downloadUrl}
                  download={image.fileName}
                  size="xs"
                  data-testid="appeal-image-download"
                >
                  Download
                </Anchor>
                <Tooltip label="Remove the image">
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${image.fileName}`}
                    disabled={disabled}
                    onClick={() =>
                      actions.remove.mutate(image.id, { onError: failed(APPEAL_IMAGE_REMOVE_ERROR) })
                    }
                    data-testid="appeal-image-remove"
                  >
                    <Icon>
                      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
                    </Icon>
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
