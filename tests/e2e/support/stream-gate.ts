import type { Page } from '@playwright/test';

/**
 * Holds the body of every generation stream (POST /api/components) in the page until the test
 * releases it, so a state that lasts only while an answer streams ('Generating version...') can
 * be asserted however fast the server answers and however slow the machine is. The server's
 * generation runs on; only what the browser reads waits.
 */
export async function holdGenerationStreams(page: Page): Promise<{ release(): Promise<void> }> {
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    (window as unknown as { __kilnReleaseStreams: () => void }).__kilnReleaseStreams = () => open();
    window.fetch = async (input, init) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        location.href,
      );
      const response = await original(input, init);
      if (url.pathname !== '/api/components' || init?.method !== 'POST' || !response.ok || !response.body)
        return response;
      const reader = response.body.getReader();
      const held = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await gate;
          const { value, done } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return new Response(held, { status: response.status, headers: response.headers });
    };
  });
  return {
    release: () =>
      page.evaluate(() => (window as unknown as { __kilnReleaseStreams: () => void }).__kilnReleaseStreams()),
  };
}
