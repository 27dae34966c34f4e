import { createServer } from 'node:net';

/**
 * Linux hands out 32768-60999 as the local ports of outgoing connections (ip_local_port_range), so a port picked at
 * random in that range, or one the system just gave to listen(0) and took back, can be in use by a database
 * connection by the time a server binds it (CI once failed with EADDRINUSE that way). Listening ports for tests are
 * picked below that range, and checked free.
 */
const LISTEN_PORTS = { from: 20_000, to: 32_000 } as const;
const ATTEMPTS = 50;

/** Whether nothing listens on `port` now. */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** A port outside the system's range for outgoing connections that nothing listens on now. */
export async function freeListenPort(host = '127.0.0.1'): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = LISTEN_PORTS.from + Math.floor(Math.random() * (LISTEN_PORTS.to - LISTEN_PORTS.from));
    if (await isPortFree(port, host)) {
      return port;
    }
  }
  throw new Error(`no free port from ${LISTEN_PORTS.from} to ${LISTEN_PORTS.to} after ${ATTEMPTS} tries`);
}
