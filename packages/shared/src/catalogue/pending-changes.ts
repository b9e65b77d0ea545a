// Product list editing (catalogue-admin.md §2.2, §4.1): an original copy, a local copy and the pending
// changes between them. Immutable: every change returns a new PendingChanges, so it fits React state.

export type ProductId = number | string;

export interface ProductRecord {
  id: ProductId;
}

/** One changed product as PATCH /api/backroom/products takes it: the id and the changed fields only. */
export type ChangedProduct<P extends ProductRecord> = Pick<P, 'id'> & Partial<P>;

export interface ChangeCount {
  /** Products with at least one changed field. */
  products: number;
  /** Changed fields over all products. */
  alterations: number;
}

/** Title of the Active/Inactive toggle buttons while changes are pending. */
export const SAVE_OR_DISCARD_TITLE = 'Save or Discard Changes';

function isNumericText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return isNumericText(value) ? Number(value) : null;
}

function isDecimalText(value: unknown): boolean {
  return isNumericText(value) && value.includes('.');
}

/**
 * Equality for edited values. null, undefined and '' are all "empty". When either side is a number
 * (or boolean), numeric text compares by value, so '12.50' equals 12.5 and true equals 1. Two strings
 * compare by value only when one has a decimal point (database decimals come back as text: '12.50' equals
 * '12.5'); otherwise as text, so UPC '00123' differs from '123'. Arrays compare in order, objects by keys.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  const numberSide = ['number', 'boolean'].includes(typeof a) || ['number', 'boolean'].includes(typeof b);
  const decimalText = isNumericText(a) && isNumericText(b) && (isDecimalText(a) || isDecimalText(b));
  if (numberSide || decimalText) {
    const x = asNumber(a);
    const y = asNumber(b);
    return x !== null && y !== null && Math.abs(x - y) < 1e-9;
  }
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameValue(item, b[index]));
  }
  if (typeof a === 'object' && typeof b === 'object') {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
    return [...keys].every((key) => sameValue(x[key], y[key]));
  }
  return false;
}

export class PendingChanges<P extends ProductRecord> {
  private diffCache: Map<ProductId, Partial<P>> | undefined;

  private constructor(
    readonly original: ReadonlyMap<ProductId, P>,
    readonly local: ReadonlyMap<ProductId, P>,
  ) {}

  /** A list with nothing pending: local and original hold the same products. */
  static from<P extends ProductRecord>(products: readonly P[]): PendingChanges<P> {
    const map = new Map(products.map((product) => [product.id, product] as const));
    return new PendingChanges(map, map);
  }

  /** The local copies in the original order, for the table. */
  products(): P[] {
    return [...this.local.values()];
  }

  /**
   * Sets one field locally. Setting a field back to (a value equal to) the original stores the
   * original value, which drops that pending change.
   */
  edit<K extends keyof P & string>(id: ProductId, field: K, value: P[K]): PendingChanges<P> {
    return this.editMany([{ id, changes: { [field]: value } as unknown as Partial<P> }]);
  }

  /** Applies many field changes at once, e.g. the result of a bulk action. */
  editMany(changes: readonly { id: ProductId; changes: Partial<P> }[]): PendingChanges<P> {
    const local = new Map(this.local);
    for (const change of changes) {
      const original = this.original.get(change.id);
      const current = local.get(change.id);
      if (!original || !current) throw new RangeError(`No product ${change.id} in the list`);
      if ('id' in change.changes && !sameValue(change.changes.id, change.id)) {
        throw new RangeError('A product id cannot be edited');
      }
      const next: P = { ...current };
      for (const [field, value] of Object.entries(change.changes)) {
        if (field === 'id') continue;
        const before = (original as Record<string, unknown>)[field];
        (next as Record<string, unknown>)[field] = sameValue(value, before) ? before : value;
      }
      local.set(change.id, next);
    }
    return new PendingChanges(this.original, local);
  }

  /** Changed fields per product id; products without changes are absent. */
  changes(): ReadonlyMap<ProductId, Partial<P>> {
    if (this.diffCache) return this.diffCache;
    const diff = new Map<ProductId, Partial<P>>();
    for (const [id, product] of this.local) {
      const original = this.original.get(id) as Record<string, unknown> | undefined;
      const fields: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(product)) {
        if (field !== 'id' && !sameValue(value, original?.[field])) fields[field] = value;
      }
      if (Object.keys(fields).length > 0) diff.set(id, fields as Partial<P>);
    }
    this.diffCache = diff;
    return diff;
  }

  /** The changed fields of one product ({} when it has none), e.g. to highlight cells. */
  changedFields(id: ProductId): Partial<P> {
    return this.changes().get(id) ?? {};
  }

  hasChanges(): boolean {
    return this.changes().size > 0;
  }

  changeCount(): ChangeCount {
    let alterations = 0;
    for (const fields of this.changes().values()) alterations += Object.keys(fields).length;
    return { products: this.changes().size, alterations };
  }

  /** "N Products with M Alterations", singular when 1. */
  counterText(): string {
    const { products, alterations } = this.changeCount();
    return `${products} ${products === 1 ? 'Product' : 'Products'} with ${alterations} ${
      alterations === 1 ? 'Alteration' : 'Alterations'
    }`;
  }

  /** Title for the Active/Inactive toggles: switching is blocked while changes are pending. */
  toggleBlockedTitle(): string | null {
    return this.hasChanges() ? SAVE_OR_DISCARD_TITLE : null;
  }

  /** "Discard resets local to original and clears the counter." */
  discard(): PendingChanges<P> {
    return new PendingChanges(this.original, this.original);
  }

  /** The PATCH payload: each changed product with its id and changed fields only, in list order. */
  changesPayload(): ChangedProduct<P>[] {
    return [...this.changes()].map(([id, fields]) => ({ ...fields, id }) as ChangedProduct<P>);
  }

  /** After a save answered with code 200: local becomes the new original and nothing is pending. */
  adopt(): PendingChanges<P> {
    return new PendingChanges(this.local, this.local);
  }
}
