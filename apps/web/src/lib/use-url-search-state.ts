import { useSearchParams } from 'react-router';

/**
 * A list screen's filters kept in the URL's query, so a reload or Back keeps them. Each change starts from the
 * URL as it is now, not from the last render: the router renders a navigation in a transition, so two changes
 * made before it shows (clear the search, then pick a status at once) would otherwise lose the first.
 */
export function useUrlSearchState<S>(
  fromParams: (params: URLSearchParams) => S,
  toParams: (state: S) => URLSearchParams,
) {
  const [params, setParams] = useSearchParams();
  const state = fromParams(params);
  const update = (change: (current: S) => S, { replace = false }: { replace?: boolean } = {}) =>
    setParams(toParams(change(fromParams(new URLSearchParams(window.location.search)))), { replace });
  return [state, update] as const;
}
