import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../fixtures/pdf.ts';
import { chunkText, startFakeLlm, type FakeLlm } from '../fixtures/fake-llm/server.ts';
import { answer, createChat, generate, signedUpUser, useKilnWithFakeLlm } from './generation-helpers.ts';
import { createTestKiln } from './test-app.ts';

const APP = answer('Brief', { 'src/App.tsx': 'export default function App() { return <h1>Brief</h1>; }' });

describe('PDF attachments reach the model', () => {
  const ctx = useKilnWithFakeLlm();

  it('as a file part where the provider reads PDFs (OpenAI)', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    ctx.llm.enqueue({ chunks: chunkText(APP) });
    const pdf = new File([makePdf('Quarterly revenue grew')], 'brief.pdf', { type: 'application/pdf' });
    await generate(client, { id: chat.id, prompt: 'Follow the brief' }, [pdf]);
    await ctx.kiln.services.generation.settle();
    const sent = JSON.stringify(ctx.llm.requests.at(-1)!.body);
    expect(sent).toContain('"type":"file"');
    expect(sent).toContain('brief.pdf');
  });
});

describe('an OpenAI-compatible provider (Ollama, vLLM...) gets the PDF as extracted text', () => {
  let llm: FakeLlm;
  let kiln: Awaited<ReturnType<typeof createTestKiln>>;
  beforeAll(async () => {
    llm = await startFakeLlm();
    kiln = await createTestKiln({
      KILN_MODEL: 'compatible:llama3.1',
      KILN_OPENAI_COMPATIBLE_BASE_URL: llm.openaiBaseUrl,
    });
  });
  afterAll(async () => {
    await kiln.close();
    await llm.close();
  });

  it('streams through the compatible client and sends the text of the PDF', async () => {
    const { client } = await signedUpUser(kiln);
    const chat = await createChat(client);
    llm.enqueue({ chunks: chunkText(APP) });
    const pdf = new File([makePdf('Quarterly revenue grew')], 'brief.pdf', { type: 'application/pdf' });
    const { text } = await generate(client, { id: chat.id, prompt: 'Follow the brief' }, [pdf]);
    expect(text).toBe(APP);
    await kiln.services.generation.settle();
    const request = llm.requests.at(-1)!;
    expect(request.body.model).toBe('llama3.1');
    const sent = JSON.stringify(request.body);
    expect(sent).toContain('Attached PDF \\"brief.pdf\\"');
    expect(sent).toContain('Quarterly revenue grew');
  });
});
