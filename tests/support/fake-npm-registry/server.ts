import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback npm registry answering package documents (`GET /{name}`, `GET /@scope%2fname`)
 * from a table, 404 for any other name: the version rule's tests do not depend on what npm
 * publishes tomorrow. `hang` names packages whose answer never comes (a timeout).
 */
export interface FakePackage {
  latest?: string;
  versions: Record<string, { peerDependencies?: Record<string, string>; deprecated?: string }>;
}

export interface FakeRegistry {
  url: string;
  /** The package names asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeRegistry(
  packages: Record<string, FakePackage>,
  options: { hang?: readonly string[]; failing?: readonly string[] } = {},
): Promise<FakeRegistry> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const name = decodeURIComponent((request.url ?? '/').slice(1));
    requests.push(name);
    if (options.hang?.includes(name)) return;
    if (options.failing?.includes(name)) {
      response.writeHead(503).end();
      return;
    }
    const found = packages[name];
    if (!found) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      return;
    }
    const versions = Object.fromEntries(
      Object.entries(found.versions).map(([version, fields]) => [version, { name, version, ...fields }]),
    );
    const latest = found.latest ?? Object.keys(found.versions).at(-1);
    response
      .writeHead(200, { 'content-type': 'application/vnd.npm.install-v1+json' })
      .end(JSON.stringify({ name, 'dist-tags': { latest }, versions }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
