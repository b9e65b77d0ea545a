import type {
  ProductAttribute as EditedAttribute,
  ProductAttributeDto,
  SearchProduct,
} from '@backroom/shared';
import type { ProductBasicsPatch, ProductPatchInput } from '../api';

/** The server's rule for a UPC (digits, at most 16), checked before Save. */
export const UPC_PATTERN = /^\d{0,16}$/;

/** The changed basic fields only (PATCH products sends changed fields); empty UPC / MPN clear them. */
export function basicsPatch(
  product: Pick<SearchProduct, 'id' | 'name' | 'upc' | 'mpn'>,
  form: { name: string; upc: string; mpn: string },
): ProductBasicsPatch {
  const patch: ProductBasicsPatch = { id: product.id };
  const name = form.name.trim();
  const upc = form.upc.trim() || null;
  const mpn = form.mpn.trim() || null;
  if (name !== product.name) patch.name = name;
  if (upc !== (product.upc || null)) patch.upc = upc;
  if (mpn !== (product.mpn || null)) patch.mpn = mpn;
  return patch;
}

/** An attribute's values; the 'Default' list is shown without its name (catalogue-admin.md §3 Attribute). */
export function attributeValuesText(valueJSON: ProductAttributeDto['valueJSON']): string {
  return Object.entries(valueJSON)
    .filter(([, values]) => values.length > 0)
    .map(([list, values]) => (list === 'Default' ? values.join(', ') : `${list}: ${values.join(', ')}`))
    .join('; ');
}

/** A product's attributes as the attributes editor edits them: attribute ids and their values by list. */
export function toEditableAttributes(attributes: readonly ProductAttributeDto[]): EditedAttribute[] {
  return attributes.map((attribute) => ({ attributeId: attribute.id, valueJSON: attribute.valueJSON }));
}

/** Values by list without the empty lists, lists and attributes in a fixed order: for comparing. */
function canonical(attributes: readonly EditedAttribute[]): string {
  return JSON.stringify(
    [...attributes]
      .sort((a, b) => a.attributeId - b.attributeId)
      .map((attribute) => [
        attribute.attributeId,
        Object.entries(attribute.valueJSON)
          .filter(([, values]) => values.length > 0)
          .sort(([a], [b]) => a.localeCompare(b)),
      ]),
  );
}

/** Whether two attribute lists hold the same attributes and values (order and empty lists aside). */
export function sameAttributes(a: readonly EditedAttribute[], b: readonly EditedAttribute[]): boolean {
  return canonical(a) === canonical(b);
}

/** PATCH products with the product's whole attribute list, replacing what was there (removals included). */
export function attributesPatch(
  productId: number,
  attributes: readonly EditedAttribute[],
): ProductPatchInput {
  return {
    id: productId,
    attributes: attributes.map((attribute) => ({
      attributeId: attribute.attributeId,
      valueJSON: Object.fromEntries(
        Object.entries(attribute.valueJSON)
          .filter(([, values]) => values.length > 0)
          .map(([list, values]) => [list, [...values]]),
      ),
    })),
    attributesReplace: true,
  };
}
