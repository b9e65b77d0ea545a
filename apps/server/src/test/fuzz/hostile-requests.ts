import { type JsonSchema, type Leaf, replaceAll, replaceAt, sampleOf } from './json-schema-sample';
import type { Operation, Parameter } from './operations';
import type { Prng } from './prng';

/** One request of the fuzz, and what its reply must show besides "no 5xx, an envelope, nothing changed". */
export interface FuzzRequest {
  /** What was hostile about it, for the failure report. */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /**
   * A field the schema itself must refuse, by name, with a 400: a string with a control character or a lone
   * surrogate, an integer above 2^31-1. This is the lint that every request string uses the shared text type
   * and every integer is bounded.
   */
  mustName?: string;
  /** Sent with no credentials (or junk ones): refused with 401 unless the route is public. */
  anonymous?: boolean;
}

const INT_OVERFLOW = 2147483648;
const LONG = 'x'.repeat(10_000);
/** Strings the shared text type refuses: NUL, lone surrogates (high, low), other C0 control characters. */
const BAD_TEXT = ['x\u0000y', '\ud800', 'x\udfffy', 'a\u0007b', '\u001b[2J', 'a\u007fb'];
const ODD_INTEGERS = [99999999, 2147483647, -2147483649, -1, 0, 1.5, '7', 1e308, null, 'abc', []];
const ODD_NUMBERS = [1e308, -1, 0.001, '7', 99999999.99, INT_OVERFLOW, null];
const ODD_SEGMENTS = [
  '99999999',
  '0',
  '-1',
  '1.5',
  'abc',
  '1e3',
  '%00',
  '%ED%A0%80',
  '%20',
  '0x10',
  '%2F',
  '%',
];

/** The hostile requests for one operation: structure, every body leaf, every parameter in turn. */
export function hostileRequests(
  op: Operation,
  rng: Prng,
  resolve: (ref: string) => JsonSchema,
  auth: Record<string, string>,
): FuzzRequest[] {
  const leaves: Leaf[] = [];
  const body = op.body ? sampleOf(op.body, rng, resolve, leaves) : undefined;
  const sampleParam = (p: Parameter) => encodeURIComponent(String(sampleOf(p.schema, rng, resolve)));
  const pathValues = Object.fromEntries(op.pathParams.map((p) => [p.name, sampleParam(p)]));
  const queryValues = Object.fromEntries(op.query.map((p) => [p.name, sampleParam(p)]));
  const headerValues = Object.fromEntries(
    op.headers.map((p) => [p.name, decodeURIComponent(sampleParam(p))]),
  );

  const requests: FuzzRequest[] = [];
  const add: Add = (label, change = {}) => {
    const segments = { ...pathValues, ...change.path };
    const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => segments[name] ?? '1');
    const query =
      change.query ??
      Object.entries(queryValues)
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
    const headers: Record<string, string> = { ...auth, ...headerValues, ...change.headers };
    let payload: string | Buffer | undefined = change.raw;
    if (payload === undefined && 'body' in change) payload = JSON.stringify(change.body);
    if (payload === undefined && body !== undefined && !('body' in change)) payload = JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = change.contentType ?? 'application/json';
    requests.push({
      label,
      method: op.method,
      url: query ? `${url}?${query}` : url,
      headers,
      payload,
      mustName: change.mustName,
    });
  };

  add('a plausible request');
  if (op.multipart) multipartRequests(add);
  if (op.body || !['GET', 'DELETE'].includes(op.method)) bodyShapes(add, body, leaves);
  if (op.body) for (const leaf of leaves) leafRequests(add, body, leaf, rng);
  for (const p of op.pathParams) {
    const integer = isInteger(p.schema, resolve);
    const name = `params.${p.name}`;
    if (integer) add(`${name} above 2^31-1`, { path: { [p.name]: String(INT_OVERFLOW) }, mustName: name });
    else add(`${name} with NUL`, { path: { [p.name]: 'x%00y' }, mustName: name });
    add(`${name} of 10,000 characters`, { path: { [p.name]: LONG } });
    for (const odd of rng.sample(ODD_SEGMENTS, 3)) add(`${name} = ${odd}`, { path: { [p.name]: odd } });
  }
  for (const p of op.query) {
    const others = Object.entries(queryValues).filter(([k]) => k !== p.name);
    const withValue = (v: string) => [...others.map(([k, x]) => `${k}=${x}`), `${p.name}=${v}`].join('&');
    const name = `querystring.${p.name}`;
    if (isInteger(p.schema, resolve))
      add(`${name} above 2^31-1`, { query: withValue(String(INT_OVERFLOW)), mustName: name });
    else add(`${name} with NUL`, { query: withValue('x%00y'), mustName: name });
    add(`${name} of 10,000 characters`, { query: withValue(LONG) });
    add(`${name} twice`, { query: `${withValue(queryValues[p.name]!)}&${p.name}=${queryValues[p.name]}` });
    for (const odd of rng.sample(ODD_SEGMENTS, 2)) add(`${name} = ${odd}`, { query: withValue(odd) });
  }
  for (const p of op.headers) {
    const name = `headers.${p.name}`;
    if (isInteger(p.schema, resolve))
      add(`${name} above 2^31-1`, { headers: { [p.name]: String(INT_OVERFLOW) }, mustName: name });
    add(`${name} = abc`, { headers: { [p.name]: 'abc' } });
    add(`${name} of 10,000 characters`, { headers: { [p.name]: LONG } });
  }
  return requests;
}

/** How a request differs from the plausible one. */
interface Change {
  path?: Record<string, string>;
  query?: string;
  headers?: Record<string, string>;
  body?: unknown;
  raw?: string | Buffer;
  contentType?: string;
  mustName?: string;
}
type Add = (label: string, change?: Change) => void;

function bodyShapes(add: Add, body: unknown, leaves: Leaf[]) {
  add('no body', { raw: undefined, body: undefined, contentType: undefined });
  for (const raw of ['null', '[]', '{}', '"junk"', '12', 'true']) add(`body ${raw}`, { raw });
  add('body not JSON', { raw: '{"a": ' });
  add('body an empty string', { raw: '' });
  add('body nested 5,000 deep', { raw: `${'['.repeat(5000)}${']'.repeat(5000)}` });
  add('body {"a":{"b":[[{"c":{}}]]}}', { raw: '{"a":{"b":[[{"c":{}}]]}}' });
  add('body as text/plain', { raw: JSON.stringify(body ?? {}), contentType: 'text/plain' });
  add('body as a form', { raw: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' });
  add('body as JSON in latin1', {
    raw: JSON.stringify(body ?? {}),
    contentType: 'application/json; charset=latin1',
  });
  add('body with a __proto__ key', { raw: `{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}` });
  if (body === undefined) return;
  if (typeof body === 'object' && body !== null && !Array.isArray(body))
    add('body with an unknown field', { body: { ...body, zzUnknown: 'x\u0000' } });
  add('every string 10,000 characters', { body: replaceAll(body, leaves, 'string', () => LONG) });
  add('every string empty', { body: replaceAll(body, leaves, 'string', () => '') });
  add('every integer -1', { body: replaceAll(body, leaves, 'integer', () => -1) });
  add('every integer 99999999', { body: replaceAll(body, leaves, 'integer', () => 99999999) });
  add('every number huge', { body: replaceAll(body, leaves, 'number', () => 1e308) });
}

function leafRequests(add: Add, body: unknown, leaf: Leaf, rng: Prng) {
  const field = leaf.path.join('.');
  const at = (value: unknown) => replaceAt(body, leaf.path, value);
  const show = (v: unknown) => JSON.stringify(v);
  switch (leaf.kind) {
    case 'string':
      add(`${field} with NUL`, { body: at(BAD_TEXT[0]), mustName: field });
      for (const bad of rng.sample(BAD_TEXT.slice(1), 1))
        add(`${field} = ${show(bad)}`, { body: at(bad), mustName: field });
      for (const odd of rng.sample([123, null, [], {}, true, LONG], 1))
        add(`${field} = ${show(odd).slice(0, 20)}`, { body: at(odd) });
      break;
    case 'integer':
      add(`${field} above 2^31-1`, { body: at(INT_OVERFLOW), mustName: field });
      for (const odd of rng.sample(ODD_INTEGERS, 2)) add(`${field} = ${show(odd)}`, { body: at(odd) });
      break;
    case 'number':
      for (const odd of rng.sample(ODD_NUMBERS, 2)) add(`${field} = ${show(odd)}`, { body: at(odd) });
      break;
    case 'boolean':
      add(`${field} = "true"`, { body: at(rng.pick(['true', 1, null])) });
      break;
    case 'recordKey': {
      const parent = leaf.path.slice(0, -1);
      add(`${field} key with NUL`, {
        body: replaceAt(body, leaf.path, 'k\u0000', true),
        mustName: parent.join('.'),
      });
      break;
    }
    case 'object':
      add(`${field || 'body'} an array`, { body: at([]) });
      add(`${field || 'body'} = ${rng.pick(['"x"', '1', 'null'])}`, { body: at(rng.pick(['x', 1, null])) });
      break;
    case 'array':
      add(`${field || 'body'} an object`, { body: at({}) });
      add(`${field || 'body'} nested junk`, { body: at([[[{ a: [null] }]]]) });
      break;
  }
}

/** An upload: a real picture, junk bytes, hostile file names, broken multipart. */
function multipartRequests(add: Add) {
  const boundary = 'fuzzBoundary';
  const type = `multipart/form-data; boundary=${boundary}`;
  const part = (filename: string, bytes: Buffer, name = 'file') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  add('upload of a real PNG', { raw: part('pixel.png', PNG_1X1), contentType: type });
  add('upload of junk bytes', {
    raw: part('junk.png', Buffer.from('not a picture at all')),
    contentType: type,
  });
  add('upload of an empty file', { raw: part('empty.png', Buffer.alloc(0)), contentType: type });
  add('upload named with NUL', { raw: part('a\u0000b.png', PNG_1X1), contentType: type });
  add('upload named with a lone surrogate', { raw: part('a\ud800.png', PNG_1X1), contentType: type });
  add('upload named 10,000 characters', { raw: part(`${LONG}.png`, PNG_1X1), contentType: type });
  add('upload with no file part', {
    raw: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    contentType: type,
  });
  add('upload with no closing boundary', {
    raw: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n\r\nabc`,
    contentType: type,
  });
  add('upload without a boundary', { raw: part('x.png', PNG_1X1), contentType: 'multipart/form-data' });
  add('upload as JSON', { raw: '{"file":"x"}', contentType: 'application/json' });
}

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function isInteger(schema: JsonSchema, resolve: (ref: string) => JsonSchema): boolean {
  if (schema.$ref) return isInteger(resolve(schema.$ref), resolve);
  if (schema.type === 'integer') return true;
  return (schema.anyOf ?? []).some((b) => isInteger(b, resolve));
}
