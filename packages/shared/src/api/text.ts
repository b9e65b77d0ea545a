import { z } from 'zod';

// The request schemas' building blocks for text and ids. Every string a request carries is `text()` or
// `multilineText()` (or a format that already refuses these characters: an e-mail, a date, an enum), and every
// id is `idSchema` / `idParam`: what PostgreSQL would refuse, or store as garbage, is refused here by name.

/** C0 control characters other than tab, line feed and carriage return, and DEL. NUL is among them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Tab and line breaks: fine in a note, not inside a name or a code. */
const LINE_BREAK = /[\t\n\r]/;
/** Half of a UTF-16 pair without the other half: not a character at all, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters';
export const LINE_BREAK_MESSAGE = 'Must be a single line (no tabs or line breaks)';
export const LONE_SURROGATE_MESSAGE = 'Contains an invalid character (half of a UTF-16 pair)';

/**
 * Why `value` is not acceptable text, or undefined when it is. Single-line text may still start or end with
 * tabs and line breaks (a scanner's Enter): the schemas trim those.
 */
export function textProblem(value: string, { multiline = false } = {}): string | undefined {
  if (CONTROL.test(value)) return CONTROL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(value)) return LONE_SURROGATE_MESSAGE;
  if (!multiline && LINE_BREAK.test(value.trim())) return LINE_BREAK_MESSAGE;
  return undefined;
}

/** A refinement for string formats (URLs, …) that do not refuse these characters themselves. */
export function rejectBadCharacters(value: string, ctx: z.RefinementCtx) {
  const problem = textProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
}

/** One line of text: refuses control characters, lone surrogates, and tabs or line breaks inside it. */
export const text = () => z.string().superRefine(rejectBadCharacters);

/** Text that may span lines (notes, messages, a printer's ZPL): tabs and line breaks are allowed. */
export const multilineText = () =>
  z.string().superRefine((value, ctx) => {
    const problem = textProblem(value, { multiline: true });
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  });

/** The largest value of PostgreSQL's `integer`, which every id and count column is. */
export const MAX_INT = 2_147_483_647;
const TOO_LARGE = `Must be at most ${MAX_INT}`;

/** A whole number that fits an `integer` column (0 and up unless `min` says otherwise). */
export const intSchema = (min = 0) => z.number().int().min(min).max(MAX_INT, TOO_LARGE);

/** A row id in a body: a positive integer that fits an `integer` column. */
export const idSchema = z.number().int().positive().max(MAX_INT, TOO_LARGE);

/** A row id in a path or a query string, where it arrives as text. */
export const idParam = z.coerce.number().int().positive().max(MAX_INT, TOO_LARGE);

/** A whole number in a query string (a limit, an offset, a number of seconds). */
export const intParam = (min = 0) => z.coerce.number().int().min(min).max(MAX_INT, TOO_LARGE);
