// Runs first in every app server's Node (node --import, NODE_OPTIONS for the project's own server)
// inside the sandbox, which has no network (decision 0054). It sends each outgoing TCP connection
// through Kiln's egress bridge: a Unix socket whose first line names `host:port`; Kiln checks the
// address (public only) and connects. This is convenience, not the boundary: code that removes it
// only reaches the sandbox's empty loopback. It also reports errors to Kiln as structured lines.
import console from 'node:console';
import net from 'node:net';
import process from 'node:process';
import tls from 'node:tls';

const EGRESS = process.env.KILN_EGRESS_SOCKET;
const OWN_PORT = Number(process.env.PORT);
const ERROR_MARK = '\u0006kiln-error ';

function isOwnServer(host, port) {
  const local = !host || host === 'localhost' || host === '127.0.0.1' || host === '::1' || host === '0.0.0.0';
  return local && (port === OWN_PORT || !EGRESS);
}

/** net.Socket#connect's arguments as options + callback (port[, host][, cb] | path[, cb] | options[, cb]). */
function normalize(args) {
  // net.connect(port, host, cb) hands Socket#connect one normalized array: [options, cb].
  const list = Array.isArray(args[0]) ? args[0] : args;
  const cb = typeof list[list.length - 1] === 'function' ? list[list.length - 1] : undefined;
  const first = list[0];
  if (first !== null && typeof first === 'object') return [first, cb];
  if (typeof first === 'string' && !/^\d+$/.test(first)) return [{ path: first }, cb];
  return [{ port: Number(first), host: typeof args[1] === 'string' ? args[1] : undefined }, cb];
}

if (EGRESS) {
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function kilnConnect(...args) {
    const [options, cb] = normalize(args);
    if (options.path !== undefined || options.port === undefined) return connect.apply(this, args);
    const host = options.host ?? 'localhost';
    const port = Number(options.port);
    if (isOwnServer(host, port)) return connect.apply(this, args);
    connect.call(this, { path: EGRESS }, cb);
    // Queued before anything the caller writes: the bridge reads it as the destination.
    this.write(`${host.includes(':') ? `[${host}]` : host}:${port}\n`);
    return this;
  };

  const tlsConnect = tls.connect;
  tls.connect = function kilnTlsConnect(...args) {
    const [options, cb] = normalize(args);
    if (options.socket || options.path !== undefined || options.port === undefined)
      return tlsConnect.apply(this, args);
    const host = options.host ?? 'localhost';
    if (isOwnServer(host, Number(options.port))) return tlsConnect.apply(this, args);
    // A plain socket through the bridge first (its destination line goes out before TLS starts).
    const socket = net.connect({ host, port: Number(options.port) });
    const servername = options.servername ?? (net.isIP(host) ? undefined : host);
    return tlsConnect.call(this, { ...options, socket, servername }, cb);
  };
}

/** An error the app logs or throws, as one line Kiln reads for the preview's error panel. */
function report(error, kind) {
  try {
    const line = JSON.stringify({
      kind,
      message: String(error?.message ?? error),
      stack: String(error?.stack ?? ''),
    });
    process.stderr.write(`${ERROR_MARK}${line}\n`);
  } catch {
    // never let reporting break the app
  }
}
const consoleError = console.error.bind(console);
console.error = (...args) => {
  const error = args.find((arg) => arg instanceof Error);
  if (error) report(error, 'logged');
  consoleError(...args);
};
process.on('uncaughtExceptionMonitor', (error) => report(error, 'uncaught'));
