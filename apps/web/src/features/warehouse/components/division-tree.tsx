import type { Division } from '@backroom/shared';
import { ActionIcon, Badge, Box, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { useDivisionChildren } from '../api';
import { divisionCode, divisionTitle } from './division-text';

interface TreeProps {
  warehouseId: number;
  selectedId: number | null;
  expanded: ReadonlySet<number>;
  onToggle(id: number): void;
  onSelect(division: Division): void;
}

/** The warehouse as a tree: zones, rows, sections, shelves, bins. Each level loads when it is opened. */
export function DivisionTree(props: TreeProps) {
  const zones = useDivisionChildren(props.warehouseId, null);
  if (zones.isPending) return <Loader size="sm" />;
  if (!zones.data?.length) return <Text c="dimmed">No zones yet. Add the first zone.</Text>;
  return (
    <Box role="tree" aria-label="Warehouse divisions">
      {zones.data.map((zone) => (
        <TreeNode key={zone.id} division={zone} depth={0} {...props} />
      ))}
    </Box>
  );
}

function TreeNode({ division, depth, ...props }: TreeProps & { division: Division; depth: number }) {
  const isOpen = props.expanded.has(division.id);
  const hasChildren = division.level !== 'bin' && (division.childCount ?? 0) > 0;
  const children = useDivisionChildren(props.warehouseId, division.id, isOpen && division.level !== 'bin');
  const selected = props.selectedId === division.id;
  return (
    <Box role="treeitem" aria-expanded={hasChildren ? isOpen : undefined} aria-selected={selected}>
      <Group gap={4} wrap="nowrap" pl={depth * 18} py={1} data-testid={`division-node-${division.barcode}`}>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={`${isOpen ? 'Close' : 'Open'} ${divisionTitle(division)}`}
          onClick={() => props.onToggle(division.id)}
          style={{ visibility: hasChildren ? 'visible' : 'hidden' }}
        >
          {isOpen ? '▾' : '▸'}
        </ActionIcon>
        <UnstyledButton
          onClick={() => props.onSelect(division)}
          px={6}
          py={2}
          style={(theme) => ({
            borderRadius: theme.radius.sm,
            background: selected ? theme.colors.indigo[0] : undefined,
            textDecoration: division.isActive ? undefined : 'line-through',
          })}
        >
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={selected ? 700 : 500} c={division.isActive ? undefined : 'dimmed'}>
              {divisionTitle(division)}
            </Text>
            {division.displayName && (
              <Text size="xs" c="dimmed">
                {division.displayName}
              </Text>
            )}
          </Group>
        </UnstyledButton>
        {(division.unitCount ?? 0) > 0 && (
          <Badge size="xs" variant="light" title="Units in this division">
            {division.unitCount}
          </Badge>
        )}
        {!division.isActive && (
          <Badge size="xs" color="gray" variant="outline">
            Inactive
          </Badge>
        )}
      </Group>
      {isOpen && children.isPending && <Loader size="xs" ml={(depth + 1) * 18 + 28} />}
      {isOpen &&
        children.data?.map((child) => (
          <TreeNode key={child.id} division={child} depth={depth + 1} {...props} />
        ))}
      {isOpen && children.data?.length === 0 && (
        <Text size="xs" c="dimmed" pl={(depth + 1) * 18 + 28}>
          Empty {division.level}: {divisionCode(division)}
        </Text>
      )}
    </Box>
  );
}
