/**
 * The data of each event of a server-sent event stream, in order (an event's `data:` lines
 * joined with newlines). Other fields and comments are skipped, and an event the stream ends in
 * the middle of is dropped, as the SSE standard says. Read straight off the response body: a
 * model call's chunks pass through no stream but the body's own. A missing body has no events;
 * the body is cancelled when the reader stops early.
 */
export async function* sseData(body: ReadableStream<Uint8Array> | null): AsyncGenerator<string> {
  if (!body) return;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let partial = '';
  let data: string[] = [];
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const text = partial + decoder.decode(read.value, { stream: true });
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
  } finally {
    await reader.cancel().catch(() => {});
  }
}
