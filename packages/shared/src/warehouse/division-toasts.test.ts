import { describe, expect, it } from 'vitest';
import { divisionUpdatedText, divisionUpdateFailedText } from './division-toasts';

describe('division patch toasts (§8)', () => {
  it('name the divisions changed', () => {
    expect(divisionUpdatedText(['MAIN-01AA01AA-02'])).toBe('Updated MAIN-01AA01AA-02.');
    expect(divisionUpdateFailedText(['MAIN-01', 'MAIN-02'])).toBe('Error updating MAIN-01, MAIN-02.');
  });
});
