// Sends Node's outgoing TCP (and TLS over it) through Kiln's egress bridge: a Unix socket whose
// first line names `host:port`, which Kiln checks and connects (decision 0054). Shared by the app
// servers' preload and the build steps' (decision 0063); each is copied beside this file.
import net from 'node:net';
import tls from 'node:tls';

/** net.Socket#connect's arguments as options + callback (port[, host][, cb] | path[, cb] | options[, cb]). */
function connectOptions(args) {
  // net.connect(port, host, cb) hands Socket#connect one normalized array: [options, cb].
  const list = Array.isArray(args[0]) ? args[0] : args;
  const cb = typeof list[list.length - 1] === 'function' ? list[list.length - 1] : undefined;
  const first = list[0];
  if (first !== null && typeof first === 'object') return [first, cb];
  if (typeof first === 'string' && !/^\d+$/.test(first)) return [{ path: first }, cb];
  return [{ port: Number(first), host: typeof args[1] === 'string' ? args[1] : undefined }, cb];
}

/**
 * Patches net.Socket#connect and tls.connect: a connection to a host and port goes to `bridge`
 * unless `staysInside(host, port)` (the sandbox's own loopback servers).
 */
export function sendThroughBridge(bridge, staysInside) {
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function kilnConnect(...args) {
    const [options, cb] = connectOptions(args);
    if (options.path !== undefined || options.port === undefined) return connect.apply(this, args);
    const host = options.host ?? 'localhost';
    const port = Number(options.port);
    if (staysInside(host, port)) return connect.apply(this, args);
    connect.call(this, { path: bridge }, cb);
    // Queued before anything the caller writes: the bridge reads it as the destination.
    this.write(`${host.includes(':') ? `[${host}]` : host}:${port}\n`);
    return this;
  };

  const tlsConnect = tls.connect;
  tls.connect = function kilnTlsConnect(...args) {
    const [options, cb] = connectOptions(args);
    if (options.socket || options.path !== undefined || options.port === undefined)
      return tlsConnect.apply(this, args);
    const host = options.host ?? 'localhost';
    if (staysInside(host, Number(options.port))) return tlsConnect.apply(this, args);
    // A plain socket through the bridge first (its destination line goes out before TLS starts).
    const socket = net.connect({ host, port: Number(options.port) });
    const servername = options.servername ?? (net.isIP(host) ? undefined : host);
    return tlsConnect.call(this, { ...options, socket, servername }, cb);
  };
}
