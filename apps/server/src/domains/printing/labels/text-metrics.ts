// Text measuring and line breaking shared by every renderer, so a label breaks its lines the same way on the
// printer and in every preview. The printer's font (ZPL ^A0, a bold condensed face) is not available here, so
// widths are a deliberately generous estimate: a line that fits the estimate fits on the printer, where an
// over-long line would otherwise be wrapped again by ^FB and overprint the last line.

const ELLIPSIS = '...';

// Advance widths as a share of the font height, rounded up from ^A0's glyphs.
const WIDE = new Set([...'MWmw@%']);
const NARROW = new Set([..."iljtfrI1.,:;'!|()[] "]);
const UPPER_OR_DIGIT = /[A-Z0-9]/;

function charWidth(ch: string): number {
  if (WIDE.has(ch)) return 0.8;
  if (NARROW.has(ch)) return 0.36;
  return UPPER_OR_DIGIT.test(ch) ? 0.6 : 0.54;
}

/** Estimated width of one line at the given font height (same unit as the height). */
export function estimateTextWidth(text: string, fontSize: number): number {
  let units = 0;
  for (const ch of text) units += charWidth(ch);
  return units * fontSize;
}

/** One line of printable text: control characters and runs of white space become single spaces. */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\s\p{Cc}\p{Cf}]+/gu, ' ')
    .trim();
}

/**
 * Largest font height, between min and max, at which the text fits on one line of the given width.
 * Never below min, so a very long text still prints (possibly cut with "..." by wrapText).
 */
export function fitFontSize(text: string, width: number, max: number, min = 12): number {
  const perDot = estimateTextWidth(cleanText(text), 1);
  if (perDot <= 0) return max;
  return Math.max(min, Math.min(max, Math.floor(width / perDot)));
}

/** Cuts a line so that it, plus "...", fits the width. */
function truncateLine(line: string, fontSize: number, width: number): string {
  let out = line;
  while (out.length > 0 && estimateTextWidth(out + ELLIPSIS, fontSize) > width) out = out.slice(0, -1);
  return out.trimEnd() + ELLIPSIS;
}

/** Splits a word wider than the line into pieces that fit. */
function splitLongWord(word: string, fontSize: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && estimateTextWidth(piece + ch, fontSize) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += ch;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * Greedy word wrap into at most maxLines lines of the given width. Words longer than a line are broken;
 * text left over after the last line ends that line with "...". An empty text gives no lines.
 */
export function wrapText(text: string, fontSize: number, width: number, maxLines = 1): string[] {
  const clean = cleanText(text);
  if (!clean) return [];
  const words = clean
    .split(' ')
    .flatMap((word) =>
      estimateTextWidth(word, fontSize) > width ? splitLongWord(word, fontSize, width) : [word],
    );
  const lines: string[] = [];
  let current = '';
  let i = 0;
  for (; i < words.length; i++) {
    const word = words[i]!;
    const candidate = current ? `${current} ${word}` : word;
    if (!current || estimateTextWidth(candidate, fontSize) <= width) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines) {
    lines.push(current);
    return lines;
  }
  // Out of lines with words left over: mark the cut on the last line.
  lines[maxLines - 1] = truncateLine(lines[maxLines - 1]!, fontSize, width);
  return lines;
}
