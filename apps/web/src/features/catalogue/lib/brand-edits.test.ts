import { describe, expect, it } from 'vitest';
import { BrandEdits } from './brand-edits';
import { testProduct as product } from './test-product';

const products = Array.from({ length: 5 }, (_, i) => product(i + 1));

describe('BrandEdits', () => {
  it('counts, sends and discards edits through the shared PendingChanges', () => {
    const edits = BrandEdits.from(products)
      .edit(1, 'priceCost', 11)
      .edit(2, 'priceCost', 12)
      .edit(2, 'priceMAP', 25);
    expect(edits.counterText()).toBe('2 Products with 3 Alterations');
    expect(edits.toggleBlockedTitle()).toBe('Save or Discard Changes');
    expect(edits.changesPayload()).toEqual([
      { id: 1, priceCost: 11 },
      { id: 2, priceCost: 12, priceMAP: 25 },
    ]);
    expect(edits.local(2)?.priceMAP).toBe(25);
    expect(edits.local(3)?.priceMAP).toBe(20);
    const discarded = edits.discard();
    expect(discarded.hasChanges()).toBe(false);
    expect(discarded.local(2)?.priceMAP).toBe(20);
  });

  it('drops a change edited back to the original, also after the scope widened', () => {
    const edits = BrandEdits.from(products)
      .edit(1, 'priceCost', 11)
      .edit(3, 'priceMAP', 30)
      .edit(1, 'priceCost', 10);
    expect(edits.counterText()).toBe('1 Product with 1 Alteration');
    expect(edits.changedFields(1)).toBe(edits.changedFields(5));
    expect(edits.changedFields(3)).toEqual({ priceMAP: 30 });
  });

  it('applies bulk changes and ignores products no longer listed', () => {
    const edits = BrandEdits.from(products).editMany([
      { id: 1, changes: { categoryId: 9 } },
      { id: 2, changes: { categoryId: 9 } },
      { id: 99, changes: { categoryId: 9 } },
    ]);
    expect(edits.changesPayload()).toEqual([
      { id: 1, categoryId: 9 },
      { id: 2, categoryId: 9 },
    ]);
  });

  it('converts attributes to the PATCH shape, so an equal copy is no change', () => {
    const withAttributes = product(1, {
      attributes: [
        {
          id: 7,
          name: 'Color',
          valueJSON: { Default: ['Black'] },
          isVariant: 1,
          isFacet: 1,
        },
      ],
    });
    const edits = BrandEdits.from([withAttributes]);
    expect(edits.local(1)?.attributes).toEqual([{ attributeId: 7, valueJSON: { Default: ['Black'] } }]);
    expect(
      edits.edit(1, 'attributes', [{ attributeId: 7, valueJSON: { Default: ['Black'] } }]).hasChanges(),
    ).toBe(false);
  });

  it('adopts what was saved and keeps edits made while the save was on its way', () => {
    const saved = BrandEdits.from(products).edit(1, 'priceCost', 11);
    expect(saved.adoptSaved(saved).hasChanges()).toBe(false);
    expect(saved.adoptSaved(saved).local(1)?.priceCost).toBe(11);

    const later = saved.edit(2, 'priceMAP', 25).edit(1, 'priceCost', 13);
    const adopted = later.adoptSaved(saved);
    expect(adopted.changesPayload()).toEqual([
      { id: 1, priceCost: 13 },
      { id: 2, priceMAP: 25 },
    ]);
    // Back to the saved value is no change any more; back to the old original is one.
    expect(adopted.edit(1, 'priceCost', 11).counterText()).toBe('1 Product with 1 Alteration');
    expect(adopted.edit(1, 'priceCost', 10).changedFields(1)).toEqual({ priceCost: 10 });
  });

  it('edits 200 products of a 10,000 product list, counting only the touched ones', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => product(i + 1));
    let edits = BrandEdits.from(many);
    const started = performance.now();
    for (let i = 1; i <= 200; i++) {
      edits = edits.edit(i, 'priceCost', 50 + i);
      edits.counterText();
    }
    const perEdit = (performance.now() - started) / 200;
    expect(edits.counterText()).toBe('200 Products with 200 Alterations');
    expect(edits.changesPayload()).toHaveLength(200);
    // A figure, printed (well under a frame on an idle machine): tests assert behaviour, not the machine's speed.
    console.info(`brand edits: ${perEdit.toFixed(2)} ms per edit on 10,000 products`);
  });
});
