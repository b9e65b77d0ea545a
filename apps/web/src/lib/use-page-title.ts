import { useEffect } from 'react';

export const APP_NAME = 'Backroom';

/** The window title of a screen: 'Orders · Backroom', 'Return #31 · Backroom'; the app's name alone while a title is unknown. */
export function pageTitle(title: string | null | undefined): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** Every route calls this once with its screen's name, so the browser's tab and history say where one is. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
