import type { ProductAttribute } from '../../catalogue/api';
import type { ProductBasicsPatch, SearchProduct } from '../api';

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
export function attributeValuesText(valueJSON: ProductAttribute['valueJSON']): string {
  return Object.entries(valueJSON)
    .filter(([, values]) => values.length > 0)
    .map(([list, values]) => (list === 'Default' ? values.join(', ') : `${list}: ${values.join(', ')}`))
    .join('; ');
}
