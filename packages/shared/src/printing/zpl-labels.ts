// How many labels a ZPL document makes, and the ZPL that prints only the labels after the first n: what the
// print agent sends when a crash cut a batch short and the printer's label counter says n of its labels
// printed (apps/print-agent/README.md, Exactly once; issue 18 §4).

/** One `^XA…^XZ` format of a document, where it starts and ends, and the labels it makes (its `^PQ`). */
interface ZplFormat {
  start: number;
  end: number;
  quantity: number;
}

const PQ = /\^PQ(\d+)/i;

function formatsOf(zpl: string): ZplFormat[] {
  const formats: ZplFormat[] = [];
  const pattern = /\^XA[\s\S]*?\^XZ/gi;
  for (let match = pattern.exec(zpl); match; match = pattern.exec(zpl)) {
    const pq = PQ.exec(match[0]);
    formats.push({
      start: match.index,
      end: match.index + match[0].length,
      quantity: pq ? Math.max(1, Number(pq[1])) : 1,
    });
  }
  return formats;
}

/** ZPL without `^PQ` is sent `copies` times (the agent repeats it), with `^PQ` once: the document as sent. */
export function zplAsSent(zpl: string, copies = 1): string {
  return copies > 1 && !PQ.test(zpl) ? zpl.repeat(copies) : zpl;
}

/**
 * How many labels a ZPL job makes: each `^XA…^XZ` format once, times its `^PQ` quantity, times the copies
 * the agent repeats it (see zplAsSent). At least 1.
 */
export function labelsInZpl(zpl: string, copies = 1): number {
  const total = formatsOf(zpl).reduce((sum, format) => sum + format.quantity, 0);
  const repeats = copies > 1 && !PQ.test(zpl) ? copies : 1;
  return Math.max(1, total * repeats);
}

/**
 * The document as sent (copies included) without its first `printed` labels: a printer prints a stream's
 * formats in order, so after n labels the rest is the formats after them, the one cut through with its
 * `^PQ` lowered to what it still owes. Set-up commands before the first format and anything after the last
 * stay. Answers '' when nothing is left.
 */
export function zplAfterLabels(zpl: string, copies: number, printed: number): string {
  const sent = zplAsSent(zpl, copies);
  const formats = formatsOf(sent);
  if (formats.length === 0 || printed <= 0) return printed <= 0 ? sent : '';
  let skip = printed;
  let out = sent.slice(0, formats[0]!.start);
  let kept = 0;
  formats.forEach((format, index) => {
    const text = sent.slice(format.start, format.end);
    const gap = sent.slice(format.end, formats[index + 1]?.start ?? format.end);
    if (skip >= format.quantity) {
      skip -= format.quantity;
      return;
    }
    out += (skip > 0 ? text.replace(PQ, `^PQ${format.quantity - skip}`) : text) + gap;
    skip = 0;
    kept++;
  });
  if (kept === 0) return '';
  return out + sent.slice(formats.at(-1)!.end);
}
