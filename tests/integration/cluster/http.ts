import http from 'node:http';
import type { ClusterNode } from './node.ts';

/**
 * A person's browser talking to whichever web process a load balancer sends it to: the same
 * session cookie on every process (one database, one KILN_SECRET), each request with the origin
 * of the process it reaches (the cross-site check, as behind one public address).
 */
export class Person {
  cookie = '';
  constructor(readonly email: string) {}

  request(web: ClusterNode, path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('origin', `http://localhost:${web.port}`);
    if (this.cookie) headers.set('cookie', this.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const send = () => fetch(`${web.url}${path}`, { ...init, headers, body });
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') return send();
    // A kept-alive connection the server closed as the request left is reset (ECONNRESET; seen on
    // a loaded machine): a browser sends an idempotent request again on a new one, and so do we.
    return send().catch((error: unknown) => {
      if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
      return send();
    });
  }

  /** Signs up and in through `web`, keeping the session cookie. */
  async signUp(web: ClusterNode): Promise<string> {
    const account = { email: this.email, password: 'correct horse 1', name: 'Cluster Tester' };
    const up = await this.request(web, '/api/auth/sign-up/email', { method: 'POST', json: account });
    if (!up.ok) throw new Error(`sign-up on ${web.name}: ${up.status} ${await up.text()}`);
    const signedIn = await this.request(web, '/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: this.email, password: account.password },
    });
    if (!signedIn.ok) throw new Error(`sign-in on ${web.name}: ${signedIn.status} ${await signedIn.text()}`);
    this.cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const me = (await (await this.request(web, '/api/me')).json()) as { user: { id: string } | null };
    if (!me.user) throw new Error(`no session after sign-in on ${web.name}`);
    return me.user.id;
  }

  async me(web: ClusterNode): Promise<{ user: { id: string } | null; isPremium: boolean }> {
    const response = await this.request(web, '/api/me');
    if (!response.ok) throw new Error(`/api/me on ${web.name}: ${response.status}`);
    return (await response.json()) as { user: { id: string } | null; isPremium: boolean };
  }

  async createChat(web: ClusterNode, framework: string, prompt = 'A pricing table'): Promise<string> {
    const response = await this.request(web, '/api/chats', { method: 'POST', json: { prompt, framework } });
    if (response.status !== 201) throw new Error(`create chat on ${web.name}: ${response.status}`);
    return ((await response.json()) as { id: string }).id;
  }

  /** POST /api/components: the streamed answer, unread. */
  startGeneration(web: ClusterNode, chatId: string, prompt: string, files: File[] = []): Promise<Response> {
    const form = new FormData();
    form.set('id', chatId);
    form.set('prompt', prompt);
    for (const file of files) form.append('files', file);
    return this.request(web, `/api/components?id=${chatId}`, { method: 'POST', body: form });
  }
}

/** Reads a streamed body, keeping everything received so far (readable after an error, too). */
export class StreamReader {
  text = '';
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  ended = false;

  constructor(response: Response) {
    this.reader = response.body!.getReader();
  }

  /** Reads until at least `chars` characters arrived (or the stream ended). */
  async readAtLeast(chars: number): Promise<void> {
    while (!this.ended && this.text.length < chars) await this.readOnce();
  }

  /** Reads to the end; an error of the connection ends it too (what was received stays). */
  async readToEnd(): Promise<{ error: unknown }> {
    try {
      while (!this.ended) await this.readOnce();
      return { error: undefined };
    } catch (error) {
      this.ended = true;
      return { error };
    }
  }

  private async readOnce(): Promise<void> {
    const { done, value } = await this.reader.read();
    if (done) {
      this.text += this.decoder.decode();
      this.ended = true;
    } else {
      this.text += this.decoder.decode(value, { stream: true });
    }
  }
}

/** GET `path` of `web` under another Host (a preview's or a deployed site's), as a browser asks. */
export function getWithHost(
  web: ClusterNode,
  host: string,
  path = '/',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${web.url}${path}`, { headers: { host } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}
