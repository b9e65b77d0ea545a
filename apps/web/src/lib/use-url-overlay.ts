import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** What an overlay's own history entry carries, so closing it knows it may step back over it. */
interface OverlayState {
  urlOverlay?: string;
}

/**
 * A drawer or panel kept in the URL's query (`?productId=12`), so a reload or a shared link opens it again,
 * with one history entry at most: opening it adds one (Back closes it), opening another item while it is
 * open replaces that entry, and closing it steps back over its entry rather than adding one more. Once it is
 * closed, Back leaves the page with one press, however often it was opened.
 */
export function useUrlOverlay(key: string) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const ownEntry = (location.state as OverlayState | null)?.urlOverlay === key;

  const open = useCallback(
    (value: string) => {
      const next = new URLSearchParams(window.location.search);
      const isOpen = next.has(key);
      next.set(key, value);
      // Switching to another item keeps the one entry (and whose it is); opening adds it.
      setParams(next, isOpen ? { replace: true, state: location.state } : { state: { urlOverlay: key } });
    },
    [key, setParams, location.state],
  );

  const close = useCallback(() => {
    if (!new URLSearchParams(window.location.search).has(key)) return;
    // Opened here: step back to the page as it was. Opened by a link or a reload: drop it in place.
    if (ownEntry) {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(window.location.search);
    next.delete(key);
    setParams(next, { replace: true });
  }, [key, ownEntry, navigate, setParams]);

  return { value: params.get(key), open, close };
}
