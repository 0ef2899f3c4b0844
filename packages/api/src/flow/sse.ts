/** How much of an event stream is read before it is refused, and how. */
export type SseLimits = {
  /** The most bytes the whole stream may send. */
  maxBytes: number;
  /** The longest line, in bytes (a line's pieces are gathered by copying them all). */
  maxLineBytes: number;
  /** The error a stream over a limit fails with: `what` says what it sent. */
  refuse: (what: string) => Error;
};

const NEWLINE = 10;
const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/**
 * Counts a body's chunks as they arrive and throws `limits.refuse` once they pass a limit; the
 * line limit holds only where `lines` (an event stream's).
 */
export function limitCheck(limits: SseLimits, lines = true): (chunk: Uint8Array) => void {
  let received = 0;
  let lineBytes = 0;
  return (chunk) => {
    received += chunk.byteLength;
    const lastNewline = chunk.lastIndexOf(NEWLINE);
    lineBytes =
      lastNewline === -1 ? lineBytes + chunk.byteLength : chunk.byteLength - lastNewline - 1;
    if (received > limits.maxBytes) throw limits.refuse(`more than ${mb(limits.maxBytes)}`);
    if (lines && lineBytes > limits.maxLineBytes) {
      throw limits.refuse(`a line longer than ${mb(limits.maxLineBytes)}`);
    }
  };
}

/**
 * The data of each event of a server-sent event stream, in order (an event's `data:` lines
 * joined with newlines). Other fields and comments are skipped, and an event the stream ends in
 * the middle of is dropped, as the SSE standard says. Read straight off the response body, with
 * the limits checked as chunks arrive; the body is closed when the reader stops early or a limit
 * is passed.
 */
export async function* sseData(
  body: AsyncIterable<Uint8Array>,
  limits: SseLimits,
): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const check = limitCheck(limits);
  let partial = '';
  let data: string[] = [];
  for await (const chunk of body) {
    check(chunk);
    const text = partial + decoder.decode(chunk, { stream: true });
    // A line may end in "\r\n" split over two chunks: a trailing "\r" waits for the next one.
    const end = text.endsWith('\r') ? text.length - 1 : text.length;
    const lines = text.slice(0, end).split(/\r\n|\r|\n/);
    partial = lines.pop()! + text.slice(end);
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
  }
}
