import { z } from 'zod';

/**
 * Imported first by main.tsx, before any schema is built: zod otherwise probes `new Function` to compile
 * fast parsers, which the Content-Security-Policy (script-src 'self', no eval) refuses and reports.
 */
z.config({ jitless: true });
