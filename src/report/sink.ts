/**
 * Where a report is written, piece by piece. A report of a large tree is written as it is made, not
 * built as one string first: 100,000 vhosts give 500 MB of SARIF, near V8's limit on the length of
 * one string (2^29 - 24 characters; past it JSON.stringify throws), and a string that size is held
 * twice on its way out (the string, then its UTF-8 bytes).
 */

/** Takes the next piece of a report. */
export type Sink = (chunk: string) => void;

/**
 * A sink that hands `write` pieces of about `size` characters (each whole piece given to it, joined):
 * a report of many small pieces is not one system call per piece. `end()` writes what is left.
 */
export function buffered(write: (chunk: string) => void, size = 1 << 16): { out: Sink; end: () => void } {
  let pending: string[] = [];
  let length = 0;
  const flush = () => {
    if (!pending.length) return;
    const chunk = pending.join('');
    pending = [];
    length = 0;
    write(chunk);
  };
  return {
    out: (chunk) => {
      pending.push(chunk);
      length += chunk.length;
      if (length >= size) flush();
    },
    end: flush,
  };
}

/** Runs `report` with a buffered sink onto `write`, and writes what is left when it returns. */
export function writeInChunks(write: (chunk: string) => void, report: (out: Sink) => void): void {
  const sink = buffered(write);
  report(sink.out);
  sink.end();
}

/**
 * `JSON.stringify(value, null, 2)`, written in pieces: each member of an object and each element of
 * an array down to `depth` levels is a piece of its own (deeper values are written whole). A piece
 * never ends inside a string, so one never ends between the two halves of a surrogate pair.
 */
export function writeJson(out: Sink, value: unknown, depth = 4, pad = ''): void {
  if (depth === 0 || value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    const text = JSON.stringify(value, null, 2);
    out(pad && text.includes('\n') ? text.replace(/\n/g, `\n${pad}`) : text);
    return;
  }
  const inner = `${pad}  `;
  if (Array.isArray(value)) {
    if (!value.length) { out('[]'); return; }
    out('[');
    value.forEach((x, i) => {
      out(`${i ? ',' : ''}\n${inner}`);
      if (serializable(x)) writeJson(out, x, depth - 1, inner); else out('null');
    });
    out(`\n${pad}]`);
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).filter((k) => serializable(record[k]));
  if (!keys.length) { out('{}'); return; }
  out('{');
  keys.forEach((k, i) => {
    out(`${i ? ',' : ''}\n${inner}${JSON.stringify(k)}: `);
    writeJson(out, record[k], depth - 1, inner);
  });
  out(`\n${pad}}`);
}

/** What JSON.stringify writes as a member of an object (it leaves the others out, and writes them as null in an array). */
function serializable(x: unknown): boolean {
  return x !== undefined && typeof x !== 'function' && typeof x !== 'symbol';
}
