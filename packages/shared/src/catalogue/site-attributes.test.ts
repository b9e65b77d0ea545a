import { describe, expect, it } from 'vitest';
import {
  hasAttributeValue,
  productFacetsQuerySchema,
  requirementGroupText,
  requirementStatus,
  siteAttributesQuerySchema,
} from './site-attributes';

const group = (id: number, attributeIds: number[]) => ({
  id,
  name: `Group ${id}`,
  categoryId: null,
  attributeIds,
});

describe('site requirement groups (any of)', () => {
  it('a group is met by a value of any one of its attributes; an attribute without values meets nothing', () => {
    const attributes: { attributeId: number; valueJSON: Record<string, string[]> }[] = [
      { attributeId: 1, valueJSON: { Default: ['Black'] } },
      { attributeId: 2, valueJSON: {} },
      { attributeId: 3, valueJSON: { Default: [], Inlay: ['Dot'] } },
    ];
    expect(hasAttributeValue(attributes, 2)).toBe(false);
    expect(hasAttributeValue(attributes, 3)).toBe(true);
    expect(requirementStatus([group(1, [1, 4]), group(2, [2]), group(3, [2, 3])], attributes)).toEqual([
      { ...group(1, [1, 4]), met: true, metBy: [1] },
      { ...group(2, [2]), met: false, metBy: [] },
      { ...group(3, [2, 3]), met: true, metBy: [3] },
    ]);
  });

  it("says 'Any of' for a group of several, the attribute alone for a group of one", () => {
    expect(requirementGroupText(['Color', 'Finish'])).toBe('Any of: Color, Finish');
    expect(requirementGroupText(['Body Type'])).toBe('Body Type');
  });

  it('takes the known sites only, as digits', () => {
    expect(siteAttributesQuerySchema.parse({ siteId: '99' })).toEqual({ siteId: 99 });
    expect(siteAttributesQuerySchema.safeParse({ siteId: '3' }).success).toBe(false);
    expect(productFacetsQuerySchema.safeParse({ siteId: '99', channelId: 'x' }).success).toBe(false);
  });
});
