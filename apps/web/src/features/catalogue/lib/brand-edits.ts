import { type ChangedProduct, PendingChanges, type Product, type ProductAttribute } from '@backroom/shared';

/**
 * The fields the brand page edits, shaped as PATCH /api/backroom/products takes them, so the shared
 * changesPayload() is the request body as it is.
 */
export interface EditableProduct {
  id: number;
  isActive: 0 | 1;
  brandId: number | null;
  priceCost: number;
  priceMAP: number;
  categoryId: number | null;
  pricingStrategyId: number | null;
  purchasingStatusId: number | null;
  harmonizedCode: string | null;
  attributes: ProductAttribute[];
  // Set by the manage products toolbar (DIM, Clearance, Trained Shipping).
  productHeightInch: number;
  productWidthInch: number;
  productLengthInch: number;
  productWeightOunce: number;
  isCloseout: 0 | 1;
  trainedShippingCost: number | null;
  trainedPackagingId: number | null;
  packageLengthInch: number;
  packageWidthInch: number;
  packageHeightInch: number;
  trainedShippingAt: string | null;
}

export type ProductChange = { id: number; changes: Partial<EditableProduct> };

/** One shared "nothing changed" value keeps memoised rows from re-rendering. */
const NO_CHANGES: Partial<EditableProduct> = Object.freeze({});

export function toEditable(product: Product): EditableProduct {
  return {
    id: product.id,
    isActive: product.isActive ? 1 : 0,
    brandId: product.brandId,
    priceCost: product.priceCost,
    priceMAP: product.priceMAP,
    categoryId: product.categoryId,
    pricingStrategyId: product.pricingStrategyId,
    purchasingStatusId: product.purchasingStatusId,
    harmonizedCode: product.harmonizedCode,
    attributes: product.attributes.map((attribute) => ({
      attributeId: attribute.id,
      valueJSON: attribute.valueJSON,
    })),
    productHeightInch: product.productHeightInch,
    productWidthInch: product.productWidthInch,
    productLengthInch: product.productLengthInch,
    productWeightOunce: product.productWeightOunce,
    isCloseout: product.isCloseout ? 1 : 0,
    trainedShippingCost: product.trainedShippingCost,
    trainedPackagingId: product.trainedPackagingId,
    packageLengthInch: product.packageLengthInch,
    packageWidthInch: product.packageWidthInch,
    packageHeightInch: product.packageHeightInch,
    trainedShippingAt: product.trainedShippingAt,
  };
}

/**
 * The brand list's edits. The shared PendingChanges holds the rules (original/local copies, edit back
 * removes, counter text, payload, discard, adopt); it is kept to the products touched so far, so an edit
 * costs O(touched products), not O(10,000): PendingChanges copies and diffs every product it holds.
 */
export class BrandEdits {
  private constructor(
    /** Every product as loaded (or as last saved). */
    private readonly base: ReadonlyMap<number, EditableProduct>,
    readonly pending: PendingChanges<EditableProduct>,
  ) {}

  static from(products: readonly Product[]): BrandEdits {
    const base = new Map<number, EditableProduct>();
    for (const product of products) base.set(product.id, toEditable(product));
    return new BrandEdits(base, PendingChanges.from<EditableProduct>([]));
  }

  get size(): number {
    return this.base.size;
  }

  /** The product as edited so far. */
  local(id: number): EditableProduct | undefined {
    return this.pending.local.get(id) ?? this.base.get(id);
  }

  /** Changed fields of one product; the same empty object for every unchanged product. */
  changedFields(id: number): Partial<EditableProduct> {
    if (!this.pending.original.has(id)) return NO_CHANGES;
    const fields = this.pending.changedFields(id);
    return Object.keys(fields).length === 0 ? NO_CHANGES : fields;
  }

  edit<K extends keyof EditableProduct & string>(
    id: number,
    field: K,
    value: EditableProduct[K],
  ): BrandEdits {
    return this.editMany([{ id, changes: { [field]: value } as Partial<EditableProduct> }]);
  }

  /** Hand edits and bulk actions alike; unknown ids are ignored (a product may have left the list). */
  editMany(changes: readonly ProductChange[]): BrandEdits {
    const known = changes.filter((change) => this.base.has(change.id));
    if (known.length === 0) return this;
    let pending = this.pending;
    const newIds = [...new Set(known.map((change) => change.id))].filter((id) => !pending.original.has(id));
    if (newIds.length > 0) {
      // Widen the scope: the touched originals plus the new ones, with the edits made so far carried over.
      const ids = [...pending.original.keys(), ...newIds] as number[];
      const carried = [...pending.changes()].map(([id, fields]) => ({ id, changes: fields }));
      pending = PendingChanges.from(ids.map((id) => this.base.get(id)!)).editMany(carried);
    }
    return new BrandEdits(this.base, pending.editMany(known));
  }

  hasChanges(): boolean {
    return this.pending.hasChanges();
  }

  counterText(): string {
    return this.pending.counterText();
  }

  toggleBlockedTitle(): string | null {
    return this.pending.toggleBlockedTitle();
  }

  changesPayload(): ChangedProduct<EditableProduct>[] {
    return this.pending.changesPayload();
  }

  discard(): BrandEdits {
    return new BrandEdits(this.base, this.pending.discard());
  }

  /**
   * Values saved outside the pending set (a family merge) become those products' originals; their pending
   * edits, if any, stay pending on top.
   */
  rebase(saved: readonly ProductChange[]): BrandEdits {
    const base = new Map(this.base);
    for (const { id, changes } of saved) {
      const product = base.get(id);
      if (product) base.set(id, { ...product, ...changes });
    }
    const ids = [...this.pending.original.keys()] as number[];
    const pending = PendingChanges.from(ids.map((id) => base.get(id)!)).editMany(
      ids.map((id) => ({ id, changes: this.pending.changedFields(id) })),
    );
    return new BrandEdits(base, pending);
  }

  /**
   * After a save answered 200: what `saved` held becomes the original. Edits made while the save was on
   * its way stay pending (against the new original); when there were none, nothing is pending.
   */
  adoptSaved(saved: BrandEdits): BrandEdits {
    const adopted = saved.pending.adopt();
    const base = new Map(this.base);
    for (const [id, product] of adopted.original) base.set(id as number, product);
    if (this === saved) return new BrandEdits(base, PendingChanges.from<EditableProduct>([]));
    const ids = [...this.pending.original.keys()] as number[];
    const pending = PendingChanges.from(ids.map((id) => base.get(id)!)).editMany(
      ids.map((id) => ({ id, changes: this.pending.local.get(id)! })),
    );
    return new BrandEdits(base, pending);
  }
}
