import type { AddressInfo } from 'node:net';
import { connect, createServer, type Socket } from 'node:net';
import type { DatabaseHandle } from './client';

/**
 * A TCP proxy in front of a test's PostgreSQL database (its handle connects directly), for
 * breaking connections as clients see it: a restart terminates every session (as a shutdown
 * does), drops every connection and refuses new ones until the database is back; a reset drops
 * every connection with a TCP reset (as a host that crashed answers).
 */
export async function startDatabaseProxy(database: DatabaseHandle) {
  const databaseUrl = database.url!;
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let down = false;

  const server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as AddressInfo).port);

  return {
    /** The database's URL through the proxy. */
    url: proxied.toString(),
    /** Terminates every session of the database and keeps it unreachable for `downMs`. */
    async restart(downMs: number) {
      down = true;
      await database.sql!`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      down = false;
    },
    /** Resets every connection; new ones are let in. */
    reset() {
      for (const socket of sockets) socket.resetAndDestroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
