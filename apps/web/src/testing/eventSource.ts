import { vi } from 'vitest';

/**
 * A stand-in for the browser's EventSource (jsdom has none), speaking tRPC's server-sent events:
 * `connect()` opens the subscription, `send()` delivers an event (with an id: a tracked one),
 * `fail()` ends it with a tRPC error.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  /** Every source created since `install()`, newest last. */
  static instances: FakeEventSource[] = [];
  readyState = 0;
  readonly url: string;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  /** Installs the fake as `EventSource` for the current test. */
  static install() {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }

  /** The newest source that is not closed. */
  static latest(): FakeEventSource | undefined {
    return FakeEventSource.instances.filter((source) => source.readyState !== 2).at(-1);
  }

  /** The subscription's input, read from the URL. */
  get input(): unknown {
    const raw = new URL(this.url, window.location.href).searchParams.get('input');
    return raw ? JSON.parse(raw) : undefined;
  }

  connect() {
    this.readyState = 1;
    this.dispatchEvent(new MessageEvent('connected', { data: '{}' }));
  }

  send(data: unknown, id?: string) {
    this.dispatchEvent(
      new MessageEvent('message', { data: JSON.stringify(data), lastEventId: id ?? '' }),
    );
  }

  fail(code: string, httpStatus: number) {
    this.dispatchEvent(
      new MessageEvent('serialized-error', {
        data: JSON.stringify({ message: code, code: -32000, data: { code, httpStatus } }),
      }),
    );
  }

  close() {
    this.readyState = 2;
  }
}
