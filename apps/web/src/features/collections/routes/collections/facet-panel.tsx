import {
  activeRefinements,
  type CollectionJson,
  inactiveRefinements,
  REFINEMENT_TOGGLES,
  type Refinement,
  type RefinementToggle,
} from '@backroom/shared';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { FacetWidget } from './facet-widgets';

// §2.6 Facet panel: the active facets in the order they are dragged to, each with its five toggles and, when
// enabled for the editor, its refinement widget; a collapsible list of the inactive ones.

interface FacetPanelProps {
  json: CollectionJson;
  onMove(from: string, to: string): void;
  onActivate(attribute: string): void;
  onDeactivate(attribute: string): void;
  onToggle(attribute: string, key: RefinementToggle): void;
}

export function FacetPanel({ json, onMove, onActivate, onDeactivate, onToggle }: FacetPanelProps) {
  const [showInactive, setShowInactive] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const active = activeRefinements(json);
  const inactive = inactiveRefinements(json);
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    if (over && dragged.id !== over.id) onMove(String(dragged.id), String(over.id));
  };
  return (
    <Stack gap="xs" data-testid="facet-panel">
      <Title order={5}>Facets</Title>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext
          items={active.map((r) => r.component.attribute)}
          strategy={verticalListSortingStrategy}
        >
          <Stack gap="xs" data-testid="active-facets">
            {active.map((refinement) => (
              <ActiveFacet
                key={refinement.component.attribute}
                refinement={refinement}
                onDeactivate={onDeactivate}
                onToggle={onToggle}
              />
            ))}
            {active.length === 0 && (
              <Text c="dimmed" size="sm">
                No active facets: add one from the inactive list.
              </Text>
            )}
          </Stack>
        </SortableContext>
      </DndContext>
      <Button variant="subtle" size="compact-sm" onClick={() => setShowInactive((open) => !open)}>
        {showInactive ? 'Hide' : 'Show'} inactive facets ({inactive.length})
      </Button>
      <Collapse in={showInactive}>
        <Stack gap={4} data-testid="inactive-facets">
          {inactive.map((refinement) => (
            <Group key={refinement.component.attribute} justify="space-between" wrap="nowrap">
              <Text size="sm">{refinement.label}</Text>
              <Button
                size="compact-xs"
                variant="light"
                aria-label={`Activate ${refinement.label}`}
                onClick={() => onActivate(refinement.component.attribute)}
              >
                Add
              </Button>
            </Group>
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}

function ActiveFacet({
  refinement,
  onDeactivate,
  onToggle,
}: {
  refinement: Refinement;
  onDeactivate(attribute: string): void;
  onToggle(attribute: string, key: RefinementToggle): void;
}) {
  const attribute = refinement.component.attribute;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: attribute,
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      data-testid={`facet-${attribute}`}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Drag ${refinement.label}`}
            data-testid={`drag-${attribute}`}
            style={{ cursor: 'grab' }}
            {...attributes}
            {...listeners}
          >
            ⋮⋮
          </ActionIcon>
          <Text fw={600} size="sm">
            {refinement.label}
          </Text>
          <Badge size="xs" variant="light">
            {refinement.component.type}
          </Badge>
        </Group>
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          aria-label={`Deactivate ${refinement.label}`}
          onClick={() => onDeactivate(attribute)}
        >
          Remove
        </Button>
      </Group>
      <Group gap="sm" mt={6}>
        {REFINEMENT_TOGGLES.map((toggle) => (
          <Checkbox
            key={toggle.key}
            size="xs"
            label={toggle.label}
            checked={refinement[toggle.key]}
            onChange={() => onToggle(attribute, toggle.key)}
          />
        ))}
      </Group>
      {refinement.isEnabledEditor && <FacetWidget refinement={refinement} />}
    </Paper>
  );
}
