import type { Page } from '@playwright/test';

/**
 * Replaces the page's POST /api/components with a streamed answer of about `bytes` bytes (a
 * React table, 4 KB chunks, as a real stream would arrive). The end of the answer is held until
 * `finish()` is called, so the streaming state can be asserted on any machine. The page records
 * its long tasks and long animation frames (`window.__longTasks`, `__frames`, `__streamEnd`) for
 * the editor-stream benchmark.
 */
export async function installBigAnswerStream(
  page: Page,
  bytes: number,
  { holdEnd = true }: { holdEnd?: boolean } = {},
): Promise<{ finish(): Promise<void> }> {
  // Run under tsx (the benchmark), esbuild wraps named functions in `__name(...)`, which the
  // page does not have; the serialized script below would throw without it.
  await page.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  await page.addInitScript(
    ({ bytes, holdEnd }) => {
      const w = window as unknown as {
        __longTasks: { start: number; duration: number }[];
        __frames: string[];
        __streamEnd: number;
        __finishStream: () => void;
      };
      let finish: () => void = () => {};
      const finished = holdEnd ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve();
      w.__finishStream = () => finish();
      const original = window.fetch.bind(window);
      const row = (i: number) =>
        `  <tr><td>${i}</td><td>Row number ${i}</td><td>${'x'.repeat(40)}</td></tr>\n`;
      window.fetch = async (input, init) => {
        const url = new URL(
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
          location.href,
        );
        if (url.pathname !== '/api/components' || init?.method !== 'POST') return original(input, init);
        const head =
          '<thinking>A very large table.</thinking>Here it is.\n<kilnArtifact title="Big Table">\n' +
          '<kilnFile name="src/App.tsx">\nexport default function App() {\n  return <table>\n';
        let i = 0;
        let sent = 0;
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (sent === 0) {
              controller.enqueue(encoder.encode(head));
              sent += head.length;
              return;
            }
            if (sent >= bytes) {
              await finished;
              w.__streamEnd = performance.now();
              controller.enqueue(encoder.encode('</table>;\n}\n</kilnFile>\n</kilnArtifact>'));
              controller.close();
              return;
            }
            let chunk = '';
            while (chunk.length < 4096) chunk += row(i++);
            sent += chunk.length;
            controller.enqueue(encoder.encode(chunk));
            await new Promise((resolve) => setTimeout(resolve, 2));
          },
        });
        return new Response(body, {
          status: 200,
          headers: { 'X-Kiln-Version': '1', 'Content-Type': 'text/plain' },
        });
      };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: false });
      // Long animation frames name the scripts behind a slow frame.
      w.__frames = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          scripts?: { invoker: string; duration: number; sourceFunctionName: string }[];
        })[]) {
          if (entry.duration < 150) continue;
          const scripts = (entry.scripts ?? [])
            .map((s) => `${s.invoker}/${s.sourceFunctionName}:${Math.round(s.duration)}`)
            .join(', ');
          w.__frames.push(`${Math.round(entry.startTime)} +${Math.round(entry.duration)}ms [${scripts}]`);
        }
      }).observe({ type: 'long-animation-frame', buffered: false });
    },
    { bytes, holdEnd },
  );
  return {
    finish: () => page.evaluate(() => (window as unknown as { __finishStream: () => void }).__finishStream()),
  };
}

/** Creates an empty chat through the API as the signed-in user of `page`. */
export async function createEmptyChat(page: Page, prompt: string): Promise<{ id: string; slug: string }> {
  return page.evaluate(async (prompt) => {
    const response = await fetch('/api/chats', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ prompt, framework: 'react' }),
    });
    return (await response.json()) as { id: string; slug: string };
  }, prompt);
}
