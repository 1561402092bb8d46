/**
 * Git's smart HTTP protocol, served by Debian's real `git http-backend` through a small CGI
 * bridge: the request becomes the CGI environment and stdin, the CGI header block of its output
 * becomes the HTTP status and headers, and the rest is streamed back as the body.
 */
import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cleanEnv } from './git-cli.ts';

export interface CgiRequest {
  /** `/{owner}/{name}.git/{info/refs | git-upload-pack | git-receive-pack}` under the project root. */
  pathInfo: string;
  query: string;
  /** The signed-in user, if any (http-backend only allows a push with one). */
  remoteUser: string | null;
}

/**
 * `replaceAnswer`: the backend does its work (a push lands) but its answer is thrown away and
 * this one sent instead — a gateway that failed after the fact.
 */
export function serveGitHttpBackend(
  projectRoot: string,
  home: string,
  cgi: CgiRequest,
  req: IncomingMessage,
  res: ServerResponse,
  replaceAnswer?: (res: ServerResponse) => void,
): Promise<void> {
  const env = cleanEnv(home, {
    GIT_PROJECT_ROOT: projectRoot,
    GIT_HTTP_EXPORT_ALL: '1',
    // Pushes are allowed by the fake's own permission check, before the request gets here.
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'http.receivepack',
    GIT_CONFIG_VALUE_0: 'true',
    REQUEST_METHOD: req.method ?? 'GET',
    PATH_INFO: cgi.pathInfo,
    QUERY_STRING: cgi.query,
    REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
    SERVER_PROTOCOL: 'HTTP/1.1',
    GATEWAY_INTERFACE: 'CGI/1.1',
  });
  if (cgi.remoteUser) env.REMOTE_USER = cgi.remoteUser;
  const headerEnv: Record<string, string> = {
    'content-type': 'CONTENT_TYPE',
    'content-length': 'CONTENT_LENGTH',
    'content-encoding': 'HTTP_CONTENT_ENCODING',
    // Protocol v2 is asked for in this header; http-backend reads it from GIT_PROTOCOL.
    'git-protocol': 'GIT_PROTOCOL',
  };
  for (const [header, name] of Object.entries(headerEnv)) {
    const value = req.headers[header];
    if (typeof value === 'string') env[name] = value;
  }

  return new Promise((resolve) => {
    const child = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdin.on('error', () => {});
    req.pipe(child.stdin);
    // A client that goes away (a killed git) takes the backend with it.
    res.on('close', () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });

    let head = Buffer.alloc(0);
    let headersSent = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (replaceAnswer) return;
      if (headersSent) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = findHeaderEnd(head);
      if (!end) return;
      const { status, headers } = parseCgiHeaders(head.subarray(0, end.at).toString('latin1'));
      res.writeHead(status, headers);
      headersSent = true;
      const rest = head.subarray(end.at + end.length);
      if (rest.length) res.write(rest);
    });
    child.on('error', () => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('git http-backend could not start\n');
      resolve();
    });
    child.on('close', () => {
      if (replaceAnswer) {
        replaceAnswer(res);
      } else if (!headersSent && !res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`git http-backend failed: ${stderr.trim()}\n`);
      } else {
        res.end();
      }
      resolve();
    });
  });
}

function findHeaderEnd(buffer: Buffer): { at: number; length: number } | null {
  const crlf = buffer.indexOf('\r\n\r\n');
  const lf = buffer.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf <= lf)) return { at: crlf, length: 4 };
  if (lf >= 0) return { at: lf, length: 2 };
  return null;
}

function parseCgiHeaders(block: string): { status: number; headers: Record<string, string> } {
  let status = 200;
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 500;
    else headers[name] = value;
  }
  return { status, headers };
}
