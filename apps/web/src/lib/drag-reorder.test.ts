import { describe, expect, it } from 'vitest';
import { moveBefore } from './drag-reorder';

describe('moveBefore', () => {
  const id = (n: number) => n;
  it.each([
    [[1, 2, 3, 4], 4, 2, [1, 4, 2, 3]],
    [[1, 2, 3, 4], 1, 4, [2, 3, 1, 4]],
    [[1, 2, 3], 2, 2, [1, 2, 3]],
    [[1, 2, 3], 9, 2, [1, 2, 3]],
    [[1, 2, 3], 2, 9, [1, 2, 3]],
  ])('%j: %i before %i -> %j', (items, moving, target, expected) => {
    expect(moveBefore(items, id, moving, target)).toEqual(expected);
  });
});
