import { modals } from '@mantine/modals';
import { useEffect, useRef } from 'react';
import { type Location, useBlocker } from 'react-router';

/** Tells the parent whether a form holds unsaved changes, and that it holds none once it is gone. */
export function useReportDirty(dirty: boolean, onDirtyChange: (dirty: boolean) => void) {
  const report = useRef(onDirtyChange);
  report.current = onDirtyChange;
  useEffect(() => {
    report.current(dirty);
  }, [dirty]);
  useEffect(() => () => report.current(false), []);
}

/** By default a page is its path: query parameters (a drawer, a filter) change what it shows, not the page. */
const samePath = (current: Location, next: Location) => current.pathname === next.pathname;

/**
 * While there are unsaved changes, leaving the page asks first: a link or Back inside the app opens a
 * confirmation, closing or reloading the tab gets the browser's own question. `samePage` says which moves
 * stay on the page (the SEO view's tabs, the brand page's product drawer).
 */
export function useUnsavedChangesGuard(
  dirty: boolean,
  samePage: (current: Location, next: Location) => boolean = samePath,
) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !samePage(currentLocation, nextLocation),
  );

  const current = useRef(blocker);
  current.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let settled = false;
    const settle = (leave: boolean) => {
      if (settled) return;
      settled = true;
      if (leave) current.current.proceed?.();
      else current.current.reset?.();
    };
    modals.openConfirmModal({
      title: 'Unsaved changes',
      children: 'Leave this page? The changes not saved yet will be lost.',
      labels: { confirm: 'Leave without saving', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
