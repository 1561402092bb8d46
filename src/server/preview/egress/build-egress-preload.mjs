// Runs first in every Node of a build step (NODE_OPTIONS --import) inside the sandbox, which has no
// network (decisions 0031, 0063). Requests made with fetch, http and https go to Kiln's egress
// guard as plain HTTP over a Unix socket, the URL in absolute form: Kiln checks it, fetches it
// itself (TLS too), answers from its cache when it may and names it in the build's log. Other TCP
// connections (a client of its own: undici's package, a database driver) go through Kiln's egress
// bridge as an app server's do: checked, not cached. Loopback stays in the sandbox (a tool's own
// server during the build). This is convenience, not the boundary: code that removes it reaches
// only the sandbox's empty loopback.
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { Readable } from 'node:stream';
import { URL } from 'node:url';
import { sendThroughBridge } from './egress-connect.mjs';

const { Headers, Request, Response } = globalThis;

const GUARD = process.env.KILN_BUILD_EGRESS_HTTP;
const BRIDGE = process.env.KILN_BUILD_EGRESS_TCP;
const VERDICT = 'x-kiln-egress';

/** `host` without brackets, lower case, no trailing dot. */
const bare = (host) =>
  String(host ?? '')
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
    .replace(/\.$/, '');

/** Origins on loopback that are outside all the same (a test's site): `host|port`. */
const OPENED = new Set(
  (process.env.KILN_BUILD_EGRESS_ORIGINS ?? '')
    .split(',')
    .filter(Boolean)
    .map(
      (origin) =>
        `${bare(origin.slice(0, origin.lastIndexOf(':')))}|${origin.slice(origin.lastIndexOf(':') + 1)}`,
    ),
);

/** Whether `host:port` is the sandbox's own (its loopback), never sent to Kiln. */
function staysInside(host, port) {
  const name = bare(host);
  if (OPENED.has(`${name}|${port}`)) return false;
  return (
    name === '' ||
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(name) ||
    name === '::1' ||
    name === '0.0.0.0' ||
    name === '::' ||
    /^::ffff:127\./.test(name)
  );
}

const defaultPort = (protocol) => (protocol === 'https:' ? 443 : 80);

/** The guard's refusal or failure, as the error a request without network gets. */
function egressError(verdict, text) {
  const error = new Error(text.trim() || `Kiln's build egress ${verdict} the request.`);
  error.code = verdict === 'refused' ? 'ERR_KILN_EGRESS_REFUSED' : 'ERR_KILN_EGRESS_FAILED';
  return error;
}

function readText(response, onText) {
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (chunk) => {
    if (text.length < 4096) text += chunk;
  });
  response.on('end', () => onText(text));
  response.on('error', () => onText(text));
}

const request = { http: http.request, https: https.request };
const httpRequest = http.request;

/**
 * http(s).request's arguments — (url[, options][, cb]) or (options[, cb]) — as the URL asked for,
 * the options and the callback; null when the request is not to a host and port (a socket path).
 */
function requestOf(args, protocol) {
  const [first, second, third] = args;
  let url = null;
  let options = {};
  let callback;
  if (typeof first === 'string' || first instanceof URL) {
    url = new URL(String(first));
    if (typeof second === 'function') callback = second;
    else {
      options = second ?? {};
      callback = third;
    }
  } else {
    options = first ?? {};
    callback = second;
  }
  if (options.socketPath) return null;
  const scheme = options.protocol ?? url?.protocol ?? protocol;
  const host = bare(options.hostname ?? options.host ?? url?.hostname ?? 'localhost');
  const port = Number(options.port ?? (url?.port || defaultPort(scheme)));
  const pathPart = options.path ?? (url ? `${url.pathname}${url.search}` : '/');
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const portPart = port === defaultPort(scheme) ? '' : `:${port}`;
  const target = new URL(
    `${scheme}//${hostPart}${portPart}${pathPart.startsWith('/') ? '' : '/'}${pathPart}`,
  );
  const auth =
    options.auth ??
    (url?.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined);
  return { target, host, port, options, callback, auth };
}

/** A header list (object or flat array) as an object: the target's Host, `auth` as Authorization. */
function headerObject(headers, target, auth) {
  const out = {};
  if (Array.isArray(headers))
    for (let i = 0; i + 1 < headers.length; i += 2) out[headers[i]] = headers[i + 1];
  else Object.assign(out, headers ?? {});
  const names = Object.keys(out).map((name) => name.toLowerCase());
  for (const name of Object.keys(out)) if (name.toLowerCase() === 'host') delete out[name];
  out.host = target.host;
  if (auth && !names.includes('authorization'))
    out.authorization = `Basic ${Buffer.from(auth).toString('base64')}`;
  return out;
}

function throughGuard(protocol) {
  return function kilnRequest(...args) {
    const parsed = requestOf(args, protocol);
    if (!parsed || staysInside(parsed.host, parsed.port))
      return request[protocol.slice(0, -1)].apply(this, args);
    const { target, options, callback, auth } = parsed;
    const req = httpRequest({
      socketPath: GUARD,
      method: options.method ?? 'GET',
      path: target.href,
      headers: headerObject(options.headers, target, auth),
      agent: false,
      timeout: options.timeout,
      signal: options.signal,
    });
    // The guard's refusal is the request's error (as without network), never a response.
    const emit = req.emit;
    req.emit = function kilnEmit(event, ...rest) {
      const verdict = event === 'response' ? rest[0].headers[VERDICT] : undefined;
      if (verdict !== 'refused' && verdict !== 'failed') return emit.call(this, event, ...rest);
      readText(rest[0], (text) => {
        emit.call(this, 'error', egressError(verdict, text));
        this.destroy();
      });
      return true;
    };
    if (callback) req.once('response', callback);
    return req;
  };
}

function getThrough(requestFn) {
  return function kilnGet(...args) {
    const req = requestFn.apply(this, args);
    req.end();
    return req;
  };
}

const originalFetch = globalThis.fetch;

async function kilnFetch(input, init) {
  // Which host first, without reading the request: one that stays inside keeps its body for fetch.
  const href =
    typeof input === 'string' ? input : input instanceof URL ? input.href : String(input?.url ?? input);
  let url;
  try {
    url = new URL(href);
  } catch {
    return originalFetch(input, init);
  }
  const port = Number(url.port || defaultPort(url.protocol));
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || staysInside(url.hostname, port))
    return originalFetch(input, init);
  const asked = new Request(input, init);
  if (asked.signal.aborted) throw asked.signal.reason;
  const body = asked.body ? Buffer.from(await asked.arrayBuffer()) : undefined;
  const headers = {};
  asked.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers.host = url.host;
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      socketPath: GUARD,
      method: asked.method,
      path: url.href,
      headers,
      agent: false,
    });
    const onAbort = () => {
      reject(asked.signal.reason);
      req.destroy();
    };
    asked.signal.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
    req.on('response', (res) => {
      const verdict = res.headers[VERDICT];
      if (verdict === 'refused' || verdict === 'failed') {
        readText(res, (text) => reject(new TypeError('fetch failed', { cause: egressError(verdict, text) })));
        return;
      }
      const answer = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (name.startsWith('x-kiln-')) continue;
        for (const one of Array.isArray(value) ? value : [value]) answer.append(name, one);
      }
      const empty = asked.method === 'HEAD' || [101, 204, 205, 304].includes(res.statusCode);
      const response = new Response(empty ? null : Readable.toWeb(res), {
        status: res.statusCode,
        statusText: res.statusMessage,
        headers: answer,
      });
      const finalUrl = String(res.headers['x-kiln-url'] ?? url.href);
      Object.defineProperty(response, 'url', { value: finalUrl });
      Object.defineProperty(response, 'redirected', { value: finalUrl !== url.href });
      if (empty) res.resume();
      resolve(response);
    });
    req.end(body);
  });
}

if (GUARD) {
  http.request = throughGuard('http:');
  https.request = throughGuard('https:');
  http.get = getThrough(http.request);
  https.get = getThrough(https.request);
  globalThis.fetch = kilnFetch;
}

if (BRIDGE) sendThroughBridge(BRIDGE, staysInside);

// `import { request } from 'node:https'` sees the patched functions too.
syncBuiltinESMExports();
