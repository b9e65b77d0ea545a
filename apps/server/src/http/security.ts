import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { forbidden } from './errors';

/**
 * Browser hardening for every reply: a Content-Security-Policy the web app passes with no inline script
 * (Mantine sets inline styles, so styles may be inline; product images may come from any https host),
 * no framing by anyone, no MIME sniffing, no referrer beyond our origin, and HSTS when served over https.
 *
 * The headers are the same for every reply, so helmet works them out once, at start-up, and each reply gets
 * the finished set: running helmet's middleware on every request (as @fastify/helmet does) cut GET
 * /auth/me from about 33,000 to 20,000 requests a second on this 2-core machine.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const pageHeaders = securityHeaders(config);
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    reply.headers(isApi ? apiHeaders : pageHeaders);
    done();
  });
}

/**
 * An API reply is JSON (or a file), never a page: it needs no policy for scripts or styles, only that nothing
 * runs, frames or sniffs it (OWASP's headers for REST replies). Half the bytes of the page set, on the replies
 * that are most of the traffic.
 */
function apiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  const keep = [
    'referrer-policy',
    'x-content-type-options',
    'x-frame-options',
    'cross-origin-resource-policy',
  ];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(keep.map((name) => [name, page[name]!])),
    ...(page['strict-transport-security']
      ? { 'strict-transport-security': page['strict-transport-security'] }
      : {}),
  };
}

/** The security headers helmet sets with our policy, as a plain object. */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the page compile WebAssembly (the camera's bundled ZXing barcode reader, a
        // file we serve); it allows no eval() of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The app opens marketplace pages in new tabs; those must not reach back through window.opener.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Product images from other hosts are plain <img> loads.
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // The policy holds no per-request values (no nonces), so running it once against a recorder is enough.
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The swagger UI sets its own policy on its pages (its stylesheets may come from https hosts); framed by
 * nobody either, and no forced https upgrade, which would break the docs of a plain-http install.
 */
export function docsPolicy(policy: string): string {
  return policy
    .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
    .replace(/ ?upgrade-insecure-requests;?/, '');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: a state-changing call (any method but GET/HEAD/OPTIONS, multipart uploads and
 * the sign-in included) is refused when the browser says it came from another origin. A session cookie is
 * SameSite=Lax, which stops other sites but not other origins of the same site (another port on the same
 * host, a sibling subdomain), so the origin itself is checked: `Sec-Fetch-Site` when the browser sends it,
 * else `Origin` (or `Referer`) against the host the request was sent to. Clients that are not browsers send
 * neither and carry no ambient cookie to abuse; the print agent signs with a bearer token.
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/v1/print-agent/')) return;
    // Carriers' webhooks come from their servers, carry no session and are checked by their signature.
    if (request.url.startsWith('/api/v1/shipping/webhooks/')) return;
    if (!isSameOrigin(request)) {
      throw forbidden(
        'This request came from another site and was refused. Open Backroom itself and try again.',
      );
    }
  });
}

function isSameOrigin(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  if (origin === undefined) return true;
  // request.host and request.protocol follow X-Forwarded-* only from a trusted proxy (TRUST_PROXY).
  return origin === `${request.protocol}://${request.host}`;
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}
