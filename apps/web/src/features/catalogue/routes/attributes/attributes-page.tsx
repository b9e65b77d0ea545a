import type { Attribute } from '@backroom/shared';
import {
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { ReasonButton } from '../../../../components/reason-button';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useMe } from '../../../auth/api';
import { useAttributes } from '../../api';
import { AttributeForm } from './attribute-form';

/**
 * Attributes (/account/attribute, the link of the product editor's 'Find Attributes to Add'): find an
 * attribute, change its name, flags and value lists, or create one. `?attributeId=` keeps the one being
 * edited in the address; `new` creates.
 */
export function AttributesPage() {
  usePageTitle('Attributes');
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [debounced] = useDebouncedValue(search, 250);
  const attributes = useAttributes(debounced.trim());
  const me = useMe().data;
  const canEdit = me?.permissionGroups.includes('catalogue') ?? false;
  const selectedParam = params.get('attributeId');
  const selected: Attribute | 'new' | null =
    selectedParam === 'new' ? 'new' : (attributes.data?.find((a) => String(a.id) === selectedParam) ?? null);
  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Attributes</Title>
        <ReasonButton
          onClick={() => setParam('attributeId', 'new')}
          disabledReason={!canEdit && 'Creating attributes needs the catalogue permission'}
        >
          New Attribute
        </ReasonButton>
      </Group>
      <Grid align="flex-start">
        <Grid.Col span={5}>
          <Paper withBorder p="sm">
            <Stack gap="xs">
              <TextInput
                label="Find Attributes"
                placeholder="Name"
                value={search}
                onChange={(event) => setParam('q', event.currentTarget.value)}
              />
              <ScrollArea.Autosize mah="70vh">
                <Table highlightOnHover data-testid="attributes-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Lists</Table.Th>
                      <Table.Th w={150}>Use</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {attributes.isLoading && (
                      <Table.Tr>
                        <Table.Td colSpan={3}>Loading...</Table.Td>
                      </Table.Tr>
                    )}
                    {attributes.data?.length === 0 && (
                      <Table.Tr>
                        <Table.Td colSpan={3}>
                          <Text c="dimmed">No attribute has that name</Text>
                        </Table.Td>
                      </Table.Tr>
                    )}
                    {attributes.data?.map((attribute) => (
                      <Table.Tr
                        key={attribute.id}
                        data-testid={`attribute-row-${attribute.id}`}
                        bg={selected !== 'new' && selected?.id === attribute.id ? 'blue.0' : undefined}
                        style={{ cursor: 'pointer' }}
                        onClick={() => setParam('attributeId', String(attribute.id))}
                      >
                        <Table.Td>
                          <Anchorish
                            name={attribute.name}
                            onOpen={() => setParam('attributeId', String(attribute.id))}
                          />
                        </Table.Td>
                        <Table.Td>{attribute.lists.options.map((l) => l.list).join(', ')}</Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            {attribute.isVariant === 1 && (
                              <Badge size="xs" tt="none">
                                Variant
                              </Badge>
                            )}
                            {attribute.isFacet === 1 && (
                              <Badge size="xs" tt="none" color="grape">
                                Facet
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
              {attributes.data?.length === 100 && (
                <Text size="xs" c="dimmed">
                  The first 100 are shown: type more of the name to find others.
                </Text>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={7}>
          <Paper withBorder p="sm">
            {selected === null ? (
              <Text c="dimmed">Choose an attribute to change it, or create a new one.</Text>
            ) : (
              <AttributeForm
                key={selected === 'new' ? 'new' : selected.id}
                attribute={selected === 'new' ? null : selected}
                accountId={me?.currentAccount.id ?? 0}
                readOnly={!canEdit}
                onUpdated={(saved) => setParam('attributeId', String(saved.id))}
              />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The row's name as a button, so the keyboard reaches every attribute (Tab, Enter). */
function Anchorish({ name, onOpen }: { name: string; onOpen: () => void }) {
  return (
    <Button variant="subtle" size="compact-sm" onClick={onOpen} px={0}>
      {name}
    </Button>
  );
}
