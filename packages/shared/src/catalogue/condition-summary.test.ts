import { describe, expect, it } from 'vitest';
import { type ConditionSummaryInput, conditionSummary, isSummaryEmpty } from './condition-summary';

describe('conditionSummary', () => {
  it.each<[string, ConditionSummaryInput, string]>([
    [
      'every part',
      {
        wearSeverity: 'Light',
        wearDescription: 'scuffs on the lid',
        damageSeverity: 'Moderate',
        damageDescription: 'cracked hinge',
        missingDescription: 'power cable',
        note: 'tested, works',
      },
      'Light wear: scuffs on the lid; Moderate damage: cracked hinge; Missing: power cable; Note: tested, works',
    ],
    ['wear only', { wearSeverity: 'Heavy', wearDescription: 'faded' }, 'Heavy wear: faded'],
    [
      'damage and note',
      { damageSeverity: 'Minor', damageDescription: 'dent', note: 'boxed' },
      'Minor damage: dent; Note: boxed',
    ],
    ['severity without description', { wearSeverity: 'Light' }, 'Light wear'],
    [
      'description without severity',
      { damageDescription: 'dent', wearDescription: 'faded' },
      'Wear: faded; Damage: dent',
    ],
    ['missing only', { missingDescription: 'remote' }, 'Missing: remote'],
    ['one line', { note: ' first line\n second   line ' }, 'Note: first line second line'],
    [
      'blank parts left out',
      { wearSeverity: ' ', wearDescription: '', missingDescription: null, note: 'ok' },
      'Note: ok',
    ],
    ['nothing', {}, ''],
  ])('%s', (_name, input, summary) => {
    expect(conditionSummary(input)).toBe(summary);
  });

  it.each<[ConditionSummaryInput, boolean]>([
    [{}, true],
    [{ wearDescription: '  ', note: '\n' }, true],
    [{ wearSeverity: 'Light' }, false],
    [{ note: 'x' }, false],
  ])('isSummaryEmpty(%j) = %s', (input, empty) => {
    expect(isSummaryEmpty(input)).toBe(empty);
  });
});
