import {
  attributesToCopy,
  canMergeFamily,
  FAMILY_MERGE_PATIENCE_TEXT,
  mergeButtonLabel,
  mergeFamilyAttributes,
  type ProductAttribute,
  REPLACE_ATTRIBUTES_BUTTON,
  REPLACE_CANCEL_BUTTON,
  replaceConfirmationText,
  replaceFamilyAttributes,
  savingFamilyAttributesText,
} from '@backroom/shared';
import { Alert, Anchor, Button, Checkbox, Group, Menu, Stack, Table, Text, Title } from '@mantine/core';

import { type Dispatch, type SetStateAction, useState } from 'react';

import { Modal } from '../../../../components/modal';

import { TablePagination } from '../../../../components/pagination';

import { ReasonButton } from '../../../../components/reason-button';

import { whyNot } from '../../../../lib/why-not';

export interface FamilyMember {
  id: number;
  sku: string;
  name: string;
  attributes: ProductAttribute[];
}

/**
 * How the family table pages (catalogue-admin.md §9): the product editor's shows 250 rows a page and its Settings
 * choose another size; the collections area's shows 25 with its Settings disabled (§2.5 second variant).
 */
export interface FamilyTableSettings {
  pageSize: number;
  settingsDisabled: boolean;
}

export const PRODUCT_FAMILY_TABLE: FamilyTableSettings = { pageSize: 250, settingsDisabled: false };
export const SITE_FAMILY_TABLE: FamilyTableSettings = { pageSize: 25, settingsDisabled: true };
const PAGE_SIZES = [25, 50, 100, 250];

/**
 * The Family section of the attributes editor (catalogue-admin.md §4.3): tick family members, then merge
 * the ticked attributes into theirs or replace theirs (after a confirmation); both save at once.
 */
export function FamilyAttributes({
  family,
  attributes,
  selectedAttributes,
  onOpenProduct,
  onSaveFamily,
  table = PRODUCT_FAMILY_TABLE,
}: {
  family: FamilyMember[];
  attributes: ProductAttribute[];
  selectedAttributes: number[];
  onOpenProduct?: (id: number) => void;
  onSaveFamily?: (changes: { id: number; attributes: ProductAttribute[] }[]) => Promise<void>;
  table?: FamilyTableSettings;
}) {
  const [selectedMembers, setSelectedMembers] = useState<number[]>([]);
  const [saving, setSaving] = useState<number | null>(null);
  const [confirmReplace, setConfirmReplace] = useState(false);
  const copied = attributesToCopy(attributes, selectedAttributes);
  const members = family.filter((member) => selectedMembers.includes(member.id));
  const familyReason = whyNot(
    [!canMergeFamily(members.length), 'Tick the family members to copy the attributes to first'],
    [copied.length === 0, 'The product has no attributes to copy'],
  );
  const runFamily = async (mode: 'merge' | 'replace') => {
    if (!onSaveFamily) return;
    setConfirmReplace(false);
    setSaving(copied.length);
    try {
      await onSaveFamily(
        members.map((member) => ({
          id: member.id,
          attributes:
            mode === 'merge'
              ? mergeFamilyAttributes(attributes, member.attributes, selectedAttributes)
              : replaceFamilyAttributes(attributes, member.attributes, selectedAttributes),
        })),
      );
      setSelectedMembers([]);
    } finally {
      setSaving(null);
    }
  };

  return (
    <div>
      <Title order={6}>Family</Title>
      {family.length === 0 ? (
        <Text size="sm" c="dimmed">
          This product has no family members.
        </Text>
      ) : (
        <Stack gap="xs" mt={4}>
          <FamilyTable
            family={family}
            selectedMembers={selectedMembers}
            setSelectedMembers={setSelectedMembers}
            onOpenProduct={onOpenProduct}
            settings={table}
          />

          <Group gap="sm">
            <ReasonButton
              disabledReason={familyReason}
              loading={saving !== null}
              onClick={() => runFamily('merge')}
            >
              {mergeButtonLabel(copied.length, members.length)}
            </ReasonButton>
            <ReasonButton
              variant="light"
              color="orange"
              disabledReason={familyReason}
              disabled={saving !== null}
              onClick={() => setConfirmReplace(true)}
            >
              {REPLACE_ATTRIBUTES_BUTTON}
            </ReasonButton>
          </Group>
          {saving !== null && (
            <Alert color="blue" data-testid="family-saving">
              <Text fw={600}>{savingFamilyAttributesText(saving)}</Text>
              <Text size="sm">{FAMILY_MERGE_PATIENCE_TEXT}</Text>
            </Alert>
          )}
        </Stack>
      )}

      <Modal opened={confirmReplace} onClose={() => setConfirmReplace(false)} title="Replace Attributes">
        <Stack>
          <Text>{replaceConfirmationText(copied.length, members.length)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmReplace(false)}>
              {REPLACE_CANCEL_BUTTON}
            </Button>
            <Button color="orange" onClick={() => runFamily('replace')}>
              {REPLACE_ATTRIBUTES_BUTTON}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </div>
  );
}

/** The table's Settings: rows per page, or disabled where the page size is fixed. */
function TableSettings({
  settings,
  pageSize,
  onPageSize,
}: {
  settings: FamilyTableSettings;
  pageSize: number;
  onPageSize: (size: number) => void;
}) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          size="compact-xs"
          variant="default"
          disabled={settings.settingsDisabled}
          title={settings.settingsDisabled ? 'The family table settings are fixed here' : 'Rows per page'}
        >
          Settings
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Rows per page</Menu.Label>
        {PAGE_SIZES.map((size) => (
          <Menu.Item key={size} onClick={() => onPageSize(size)} fw={size === pageSize ? 700 : undefined}>
            {size}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The family members, a page at a time, each with a tick (and one to tick all) and its SKU opening it. */
function FamilyTable({
  family,
  selectedMembers,
  setSelectedMembers,
  onOpenProduct,
  settings,
}: {
  family: FamilyMember[];
  selectedMembers: number[];
  setSelectedMembers: Dispatch<SetStateAction<number[]>>;
  onOpenProduct?: (id: number) => void;
  settings: FamilyTableSettings;
}) {
  const [pageSize, setPageSize] = useState(settings.pageSize);
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(family.length / pageSize));
  const shown = family.slice((Math.min(page, pages) - 1) * pageSize, Math.min(page, pages) * pageSize);
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="xs" c="dimmed" data-testid="family-table-range">
          {family.length} in family · {pageSize} per page
        </Text>
        <TableSettings
          settings={settings}
          pageSize={pageSize}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </Group>
      <FamilyRows
        family={family}
        shown={shown}
        selectedMembers={selectedMembers}
        setSelectedMembers={setSelectedMembers}
        onOpenProduct={onOpenProduct}
      />
      {pages > 1 && (
        <TablePagination size="sm" total={pages} value={Math.min(page, pages)} onChange={setPage} />
      )}
    </Stack>
  );
}

function FamilyRows({
  family,
  shown,
  selectedMembers,
  setSelectedMembers,
  onOpenProduct,
}: {
  family: FamilyMember[];
  shown: FamilyMember[];
  selectedMembers: number[];
  setSelectedMembers: Dispatch<SetStateAction<number[]>>;
  onOpenProduct?: (id: number) => void;
}) {
  return (
    <Table withTableBorder striped data-testid="family-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={36}>
            <Checkbox
              aria-label="Select all family members"
              checked={selectedMembers.length === family.length}
              indeterminate={selectedMembers.length > 0 && selectedMembers.length < family.length}
              onChange={(event) =>
                setSelectedMembers(event.currentTarget.checked ? family.map((m) => m.id) : [])
              }
            />
          </Table.Th>
          <Table.Th>SKU</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>Attributes</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shown.map((member) => (
          <Table.Tr key={member.id}>
            <Table.Td>
              <Checkbox
                aria-label={`Select ${member.sku}`}
                checked={selectedMembers.includes(member.id)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setSelectedMembers((ids) =>
                    on ? [...ids, member.id] : ids.filter((id) => id !== member.id),
                  );
                }}
              />
            </Table.Td>
            <Table.Td>
              <Anchor component="button" type="button" onClick={() => onOpenProduct?.(member.id)}>
                {member.sku}
              </Anchor>
            </Table.Td>
            <Table.Td>{member.name}</Table.Td>
            <Table.Td>{member.attributes.length}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
