import {
  createArtifactParser,
  type ArtifactParser,
  type ParsedArtifactText,
} from '../../../core/artifact/index.ts';

/**
 * The text of one streamed answer as it arrives. Each chunk goes through the incremental core
 * parser once (never a re-parse of the whole text); `read()` builds the view for a render, so
 * it is called at the throttled render rate, not per chunk.
 */
export class StreamState {
  private readonly parser: ArtifactParser = createArtifactParser();
  private chars = 0;
  private ended = false;

  push(chunk: string): void {
    if (this.ended || chunk === '') return;
    this.chars += chunk.length;
    this.parser.push(chunk);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.parser.end();
  }

  /** Characters received so far (0 after the end means the model produced nothing). */
  get receivedChars(): number {
    return this.chars;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  read(): ParsedArtifactText {
    return this.parser.result();
  }
}
