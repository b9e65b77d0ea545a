import { type DragEvent, useRef } from 'react';

/** The list with `moving` taken out and put back just before `target` (unchanged when either is missing). */
export function moveBefore<T, K>(items: readonly T[], keyOf: (item: T) => K, moving: K, target: K): T[] {
  const item = items.find((candidate) => keyOf(candidate) === moving);
  if (item === undefined || moving === target) return [...items];
  const rest = items.filter((candidate) => keyOf(candidate) !== moving);
  const at = rest.findIndex((candidate) => keyOf(candidate) === target);
  if (at < 0) return [...items];
  rest.splice(at, 0, item);
  return rest;
}

/**
 * Drag-to-reorder with the browser's own drag and drop: spread `dragProps(key)` on each card; dropping a
 * card on another calls `onMove(dragged, target)`.
 */
export function useDragReorder<K>(onMove: (moving: K, target: K) => void) {
  const dragged = useRef<K | null>(null);
  return (key: K) => ({
    draggable: true,
    onDragStart: () => {
      dragged.current = key;
    },
    onDragOver: (event: DragEvent) => event.preventDefault(),
    onDrop: () => {
      const moving = dragged.current;
      dragged.current = null;
      if (moving !== null && moving !== key) onMove(moving, key);
    },
  });
}
