import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../../lib/use-page-title';
import { UniversalProductView } from '../../components/universal-product-view';
import { parseMode } from '../../lib/search-modes';

/**
 * /tools/universal/product?productId={id}&mode={mode} (or ?sku={sku}): the wrapper that shows the universal
 * product view for an id or a SKU. The tab is kept in the URL.
 */
export function UniversalProductPage() {
  usePageTitle('Product');
  const [params, setParams] = useSearchParams();
  const mode = parseMode(params.get('mode'), 'basic');
  const productId = Number(params.get('productId'));
  const sku = params.get('sku')?.trim() ?? '';
  const target = useMemo(
    () => (Number.isInteger(productId) && productId > 0 ? { productId } : sku ? { sku } : {}),
    [productId, sku],
  );

  return (
    <UniversalProductView
      target={target}
      mode={mode}
      onModeChange={(next) =>
        setParams(
          (previous) => {
            const updated = new URLSearchParams(previous);
            updated.set('mode', next);
            return updated;
          },
          { replace: true },
        )
      }
    />
  );
}
