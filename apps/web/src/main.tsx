// Must stay the first import: it configures zod before any schema is built.
import './zod-config';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/accessibility.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
