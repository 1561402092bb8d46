/** Reads a streamed text body chunk by chunk (UTF-8 sequences split across chunks are kept whole). */
export async function readTextStream(
  body: ReadableStream<Uint8Array>,
  onChunk: (chunk: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (text) onChunk(text);
    }
    const rest = decoder.decode();
    if (rest) onChunk(rest);
  } finally {
    reader.releaseLock();
  }
}
