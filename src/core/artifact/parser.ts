/**
 * The incremental artifact parser (spec §3 "Artifact markup"; docs/artifact-format.md).
 *
 * It is a state machine over chunks: each chunk is scanned once for '<' (`nextTagCandidate`), and only
 * an undecided tag start (bounded by MAX_TAG_LENGTH) or a few held-back characters (a newline
 * or a code fence that may turn out to be markup around the content) are carried over to the
 * next chunk. Every carry-over decision depends only on the text seen so far, never on where
 * the chunks were cut, so any chunking yields the same result (docs/decisions/0011).
 */
import { BLOB_ATTRIBUTE, type BinarySource } from './binary-files.ts';
import { categorizeFile, type FileCategory } from './categories.ts';
import { DEFAULT_ARTIFACT_TITLE, decodeAttribute, normalizeFilePath, type FinishReason } from './markup.ts';

export interface ParsedFileHeader {
  name: string;
  isDelete: boolean;
  isContinue: boolean;
  /** `action="edit"`: the content is SEARCH/REPLACE blocks, not the file (decision 0044). */
  isEdit: boolean;
  isLocked: boolean;
  category: FileCategory;
  /**
   * A binary file (image, icon, font): where its bytes are (docs/artifact-format.md "Binary
   * files"). Absent for text files and deletions. A binary file is never continued.
   */
  binary?: BinarySource;
}

/** Spec §3 "Generated file (parsed)". */
export interface ParsedFile extends ParsedFileHeader {
  content: string;
  /** The file the model is writing right now (only while streaming). */
  isActive: boolean;
  /** The file's closing tag has not been seen (yet, or ever: a cut-off stream). */
  isIncomplete: boolean;
}

export type Segment =
  | { type: 'text'; content: string }
  | { type: 'thinking'; content: string; isComplete: boolean }
  | { type: 'artifact'; title: string; files: ParsedFile[]; isComplete: boolean };

export interface ParsedArtifactText {
  segments: Segment[];
  /** Every file element, in order, across all artifacts (a name may occur twice). */
  files: ParsedFile[];
  /** The last artifact's explicit title; 'Untitled' when it had none; null without artifact. */
  title: string | null;
  finishReason: FinishReason | null;
}

export type ArtifactEvent =
  | { type: 'text-delta'; delta: string }
  | { type: 'thinking-start' }
  | { type: 'thinking-delta'; delta: string }
  | { type: 'thinking-end'; isComplete: boolean }
  | { type: 'artifact-start'; title: string }
  | { type: 'artifact-end'; isComplete: boolean }
  | { type: 'file-start'; file: ParsedFileHeader }
  | { type: 'file-delta'; name: string; delta: string }
  | { type: 'file-end'; name: string; isIncomplete: boolean }
  | { type: 'finish-reason'; reason: FinishReason };

export interface ArtifactParserOptions {
  /**
   * 'model' (default) reads model output leniently: markdown fences around the artifact or a
   * file's content are dropped and CRLF counts as a newline. 'snapshot' reads exactly what
   * `serializeSnapshot` writes, so that parse(serialize(x)) equals x for any content.
   */
  mode?: 'model' | 'snapshot';
  /**
   * Receives the events as `push`/`end` find them, synchronously. Without it no event is
   * built: a reader of `result()` pays nothing for them. A callback rather than a returned
   * list keeps a 16-byte chunk to one allocation (docs/decisions/0011).
   */
  onEvent?: (event: ArtifactEvent) => void;
}

export interface ArtifactParser {
  /**
   * Feeds the next chunk. With `onEvent` it is parsed at once and what it completes or appends
   * goes to the callback; without, it may be buffered until `result()` or `end()`. Never throws.
   */
  push(chunk: string): void;
  /** Ends the stream: undecided text is flushed, open files stay incomplete. */
  end(): void;
  /** The document so far (joins contents: call it per render, not per chunk). */
  result(): ParsedArtifactText;
}

/** An open tag longer than this is not markup (keeps carry-over, and so cost, bounded). */
export const MAX_TAG_LENGTH = 4096;
/**
 * File elements read from one text; later ones are dropped like a nameless file. Real projects
 * have tens of files (the largest blank template has 12), so this is never reached by honest
 * input; it bounds every per-file cost downstream (snapshots, the file tree, zips, a build's
 * workspace) when a model or a request sends a flood of them (issue 12: 150,000 files).
 */
export const MAX_ARTIFACT_FILES = 1000;
/**
 * A file's content is cut at this length and the file is incomplete, as if the stream had
 * ended there (issue 21 item 4: a 50 MB file). Generated files are kilobytes; the largest honest
 * content is a binary file in base64 (5 MB, MAX_BINARY_FILE_BYTES, is 7 MB of base64).
 */
export const MAX_FILE_CONTENT_LENGTH = 8 * 1024 * 1024;
/** The files of one text together: content past it is cut the same way. */
export const MAX_ARTIFACT_CONTENT_LENGTH = 32 * 1024 * 1024;
/** Buffered input is parsed once it reaches this length (keeps its rope shallow). */
const MAX_PENDING_LENGTH = 16 * 1024;
/** A fence line ("```tsx") longer than this is not a fence. */
const MAX_FENCE_LENGTH = 64;
/** Markdown files keep fences: they are content there. */
const MARKDOWN_FILE = /\.(md|mdx|markdown)$/i;

const TEXT = 0;
const THINKING = 1;
const ARTIFACT = 2;
const FILE = 3;
type State = typeof TEXT | typeof THINKING | typeof ARTIFACT | typeof FILE;

const TAG_ARTIFACT_OPEN = 0;
const TAG_ARTIFACT_CLOSE = 1;
const TAG_FILE_OPEN = 2;
const TAG_FILE_CLOSE = 3;
const TAG_THINKING_OPEN = 4;
const TAG_THINKING_CLOSE = 5;
const TAG_FINISH = 6;
type TagKind =
  | typeof TAG_ARTIFACT_OPEN
  | typeof TAG_ARTIFACT_CLOSE
  | typeof TAG_FILE_OPEN
  | typeof TAG_FILE_CLOSE
  | typeof TAG_THINKING_OPEN
  | typeof TAG_THINKING_CLOSE
  | typeof TAG_FINISH;

interface TagMatch {
  kind: TagKind;
  end: number;
  attributes: TagAttributes;
  isSelfClosing: boolean;
  reason: FinishReason | null;
}
const NEED_MORE = -1;
const NO_TAG = -2;
type MatchResult = TagMatch | typeof NEED_MORE | typeof NO_TAG;

/** Contents are appended with `+=`: V8 builds a rope and flattens it once, when read. */
interface TextSegmentState {
  type: 'text';
  content: string;
}
interface ThinkingSegmentState {
  type: 'thinking';
  content: string;
  isComplete: boolean;
}
interface FileState extends ParsedFileHeader {
  content: string;
  isActive: boolean;
  isIncomplete: boolean;
  /** Its content reached a length limit: the rest is dropped and the file stays incomplete. */
  isCut: boolean;
}
interface ArtifactSegmentState {
  type: 'artifact';
  title: string;
  files: FileState[];
  isComplete: boolean;
}
type SegmentState = TextSegmentState | ThinkingSegmentState | ArtifactSegmentState;

export function createArtifactParser(options: ArtifactParserOptions = {}): ArtifactParser {
  return new StreamingArtifactParser(options.mode !== 'snapshot', options.onEvent ?? null);
}

/** Parses a whole text at once; the same result as streaming it in any chunks. */
export function parseArtifactText(text: string, options: Omit<ArtifactParserOptions, 'onEvent'> = {}) {
  const parser = new StreamingArtifactParser(options.mode !== 'snapshot', null);
  parser.push(text);
  parser.end();
  return parser.result();
}

class StreamingArtifactParser implements ArtifactParser {
  private readonly isLenient: boolean;
  private readonly onEvent: ((event: ArtifactEvent) => void) | null;
  private state: State = TEXT;
  private isEnded = false;
  /** Input pushed but not parsed yet (only without an event consumer). */
  private pending = '';
  /** Input from an undecided '<' on; always shorter than MAX_TAG_LENGTH. */
  private raw = '';
  /** `raw` is `<kilnArtifact` or `<kilnFile` and a space: only a '>' can complete it. */
  private isRawInOpenTag = false;

  private readonly segments: SegmentState[] = [];
  private text: TextSegmentState | null = null;
  private thinking: ThinkingSegmentState | null = null;
  private artifact: ArtifactSegmentState | null = null;
  /** The open file; null in FILE state means a nameless file whose content is dropped. */
  private file: FileState | null = null;
  private title: string | null = null;
  private finishReason: FinishReason | null = null;
  /** Files recorded so far (bounded by MAX_ARTIFACT_FILES). */
  private fileCount = 0;
  /** Content of all files so far (bounded by MAX_ARTIFACT_CONTENT_LENGTH). */
  private contentLength = 0;

  // Text sink: a closing fence right after an artifact, an opening fence right before one.
  private textLead: string | null = null;
  private textHeld = '';
  private isTextAtLineStart = true;

  // File sink: a leading newline / fence line, a trailing newline / fence line.
  private fileStart: string | null = null;
  private fileHeld = '';
  private isFileFenced = false;
  private canFenceFile = false;

  constructor(isLenient: boolean, onEvent: ((event: ArtifactEvent) => void) | null) {
    this.isLenient = isLenient;
    this.onEvent = onEvent;
  }

  push(chunk: string): void {
    if (this.isEnded || typeof chunk !== 'string' || chunk.length === 0) return;
    if (this.onEvent !== null) {
      this.parse(chunk);
      return;
    }
    // Nobody waits for events: buffer, and parse when the result is read (a reader renders far
    // less often than tokens arrive) or a bounded amount is pending. Any split of the input
    // gives the same result, so parsing a batch equals parsing its chunks one by one.
    this.pending += chunk;
    if (this.pending.length >= MAX_PENDING_LENGTH) this.parsePending();
  }

  private parsePending(): void {
    const pending = this.pending;
    if (pending === '') return;
    this.pending = '';
    this.parse(pending);
  }

  private parse(chunk: string): void {
    const raw = this.raw;
    if (raw !== '') {
      // A carried open tag whose name is complete can only end at a '>': until one arrives a
      // chunk just extends it (were it no tag after all, that is found at the '>' with the same
      // result). Re-scanning it per chunk would cost O(tag length) per push.
      if (this.isRawInOpenTag && chunk.indexOf('>') < 0 && raw.length + chunk.length < MAX_TAG_LENGTH) {
        this.raw = raw + chunk;
        return;
      }
      this.raw = '';
    } else if (this.state === FILE && this.file !== null && this.fileStart === null) {
      // The common streaming case: inside a file, a chunk with no tag candidate is content.
      if (nextTagCandidate(chunk, 0) < 0) {
        this.appendFileBody(chunk);
        return;
      }
    }
    const buf = raw === '' ? chunk : raw + chunk;
    let contentStart = 0;
    let searchFrom = 0;
    for (;;) {
      const lt = nextTagCandidate(buf, searchFrom);
      if (lt < 0) {
        this.appendContent(buf, contentStart, buf.length);
        break;
      }
      const match = this.matchTag(buf, lt);
      if (match === NEED_MORE) {
        this.appendContent(buf, contentStart, lt);
        this.raw = buf.slice(lt);
        this.isRawInOpenTag = isOpenTagWithName(this.raw);
        break;
      }
      if (match === NO_TAG) {
        searchFrom = lt + 1;
        continue;
      }
      this.appendContent(buf, contentStart, lt);
      this.applyTag(match);
      contentStart = searchFrom = match.end;
    }
  }

  end(): void {
    if (this.isEnded) return;
    this.parsePending();
    if (this.raw.length > 0) {
      const rest = this.raw;
      this.raw = '';
      this.appendContent(rest, 0, rest.length);
    }
    switch (this.state) {
      case TEXT:
        this.endText(false);
        break;
      case THINKING:
        this.closeThinking(false);
        break;
      case FILE:
        this.closeFile(false);
        this.closeArtifact(false);
        break;
      case ARTIFACT:
        this.closeArtifact(false);
        break;
    }
    this.state = TEXT;
    this.isEnded = true;
  }

  result(): ParsedArtifactText {
    this.parsePending();
    const segments: Segment[] = [];
    const files: ParsedFile[] = [];
    for (const segment of this.segments) {
      if (segment.type === 'text') {
        const content = segment.content;
        if (content.trim() !== '') segments.push({ type: 'text', content });
      } else if (segment.type === 'thinking') {
        segments.push({
          type: 'thinking',
          content: segment.content,
          isComplete: segment.isComplete,
        });
      } else {
        const artifactFiles = segment.files.map(toParsedFile);
        // One by one: spreading a long array into push() overflows the call stack.
        for (const file of artifactFiles) files.push(file);
        segments.push({
          type: 'artifact',
          title: segment.title,
          files: artifactFiles,
          isComplete: segment.isComplete,
        });
      }
    }
    return { segments, files, title: this.title, finishReason: this.finishReason };
  }

  private emit(event: ArtifactEvent): void {
    if (this.onEvent !== null) this.onEvent(event);
  }

  // ---- tag recognition -------------------------------------------------------------------

  private matchTag(buf: string, at: number): MatchResult {
    const next = at + 1;
    if (next >= buf.length) return NEED_MORE;
    const c = buf.charCodeAt(next);
    if (c === 0x21 /* ! */) return matchFinishMarker(buf, at);
    const state = this.state;
    if (c === 0x2f /* / */) {
      const nameAt = next + 1;
      if (state === FILE) {
        return (
          matchCloseTag(buf, at, nameAt, 'kilnfile', TAG_FILE_CLOSE) ??
          matchCloseTag(buf, at, nameAt, 'kilnartifact', TAG_ARTIFACT_CLOSE) ??
          NO_TAG
        );
      }
      if (state === ARTIFACT)
        return matchCloseTag(buf, at, nameAt, 'kilnartifact', TAG_ARTIFACT_CLOSE) ?? NO_TAG;
      if (state === THINKING) return matchCloseTag(buf, at, nameAt, 'thinking', TAG_THINKING_CLOSE) ?? NO_TAG;
      return NO_TAG;
    }
    if (state === FILE || state === ARTIFACT)
      return matchOpenTag(buf, at, next, 'kilnfile', TAG_FILE_OPEN) ?? NO_TAG;
    if (state === THINKING) return matchOpenTag(buf, at, next, 'kilnartifact', TAG_ARTIFACT_OPEN) ?? NO_TAG;
    return (
      matchOpenTag(buf, at, next, 'kilnartifact', TAG_ARTIFACT_OPEN) ??
      matchOpenTag(buf, at, next, 'thinking', TAG_THINKING_OPEN) ??
      NO_TAG
    );
  }

  private applyTag(tag: TagMatch): void {
    switch (tag.kind) {
      case TAG_FINISH:
        if (tag.reason !== null) {
          this.finishReason = tag.reason;
          this.emit({ type: 'finish-reason', reason: tag.reason });
        }
        return;
      case TAG_THINKING_OPEN:
        this.endText(false);
        this.thinking = { type: 'thinking', content: '', isComplete: false };
        this.segments.push(this.thinking);
        this.state = THINKING;
        this.emit({ type: 'thinking-start' });
        return;
      case TAG_THINKING_CLOSE:
        this.closeThinking(true);
        return;
      case TAG_ARTIFACT_OPEN:
        // A thinking block the model forgot to close ends where the artifact begins.
        if (this.state === THINKING) this.closeThinking(true);
        else this.endText(true);
        this.openArtifact(tag.attributes);
        return;
      case TAG_ARTIFACT_CLOSE:
        if (this.state === FILE) this.closeFile(true);
        this.closeArtifact(true);
        this.textLead = this.isLenient ? '' : null;
        return;
      case TAG_FILE_OPEN:
        if (this.state === FILE) this.closeFile(true);
        this.openFile(tag.attributes);
        if (tag.isSelfClosing) this.closeFile(true);
        return;
      case TAG_FILE_CLOSE:
        this.closeFile(true);
        return;
    }
  }

  // ---- structure ---------------------------------------------------------------------------

  private openArtifact(attributes: TagAttributes): void {
    const explicit = attributes.title;
    const hasTitle = explicit !== undefined && explicit.trim() !== '';
    const title = hasTitle ? explicit : DEFAULT_ARTIFACT_TITLE;
    if (hasTitle || this.title === null) this.title = title;
    this.artifact = { type: 'artifact', title, files: [], isComplete: false };
    this.segments.push(this.artifact);
    this.state = ARTIFACT;
    this.emit({ type: 'artifact-start', title });
  }

  private closeArtifact(isComplete: boolean): void {
    if (this.artifact !== null) {
      this.artifact.isComplete = isComplete;
      this.artifact = null;
      this.emit({ type: 'artifact-end', isComplete });
    }
    this.state = TEXT;
    this.isTextAtLineStart = true;
  }

  private closeThinking(isComplete: boolean): void {
    if (this.thinking !== null) {
      this.thinking.isComplete = isComplete;
      this.thinking = null;
      this.emit({ type: 'thinking-end', isComplete });
    }
    this.state = TEXT;
    this.isTextAtLineStart = true;
  }

  private openFile(attributes: TagAttributes): void {
    this.state = FILE;
    this.fileStart = '';
    this.fileHeld = '';
    this.isFileFenced = false;
    const name = normalizeFilePath(attributes.name ?? '');
    if (name === '' || this.artifact === null || this.fileCount >= MAX_ARTIFACT_FILES) {
      this.file = null;
      return;
    }
    const action = (attributes.action ?? '').trim().toLowerCase();
    const isDelete = action === 'delete';
    const isEdit = action === 'edit';
    const binary = isDelete || isEdit ? undefined : readBinarySource(attributes);
    if (binary === null) {
      // A `blob` that is no content hash references nothing: dropped like a nameless file.
      this.file = null;
      return;
    }
    this.fileCount++;
    const locked = attributes.locked?.trim().toLowerCase();
    const file: FileState = {
      name,
      isDelete,
      isContinue: action === 'continue' && binary === undefined,
      isEdit,
      isLocked: locked === 'true' || locked === '',
      category: categorizeFile(name),
      content: '',
      isActive: true,
      isIncomplete: true,
      isCut: false,
    };
    if (binary !== undefined) file.binary = binary;
    this.file = file;
    this.artifact.files.push(file);
    this.canFenceFile = this.isLenient && !MARKDOWN_FILE.test(name);
    if (this.onEvent !== null) {
      const header: ParsedFileHeader = {
        name,
        isDelete: file.isDelete,
        isContinue: file.isContinue,
        isEdit: file.isEdit,
        isLocked: file.isLocked,
        category: file.category,
      };
      if (file.binary !== undefined) header.binary = file.binary;
      this.emit({ type: 'file-start', file: header });
    }
  }

  private closeFile(isComplete: boolean): void {
    if (this.fileStart !== null) {
      const start = this.fileStart;
      this.fileStart = null;
      const skip = this.consumeFileStart(start, true);
      if (skip < start.length) this.appendFileBody(start.slice(skip));
    }
    const held = this.fileHeld;
    this.fileHeld = '';
    if (held !== '' && !(isComplete && this.isFullFileEnding(held))) this.emitFileDelta(held);
    this.isFileFenced = false;
    this.state = ARTIFACT;
    const file = this.file;
    this.file = null;
    if (file === null) return;
    file.isActive = false;
    file.isIncomplete = !isComplete || file.isCut;
    this.emit({ type: 'file-end', name: file.name, isIncomplete: file.isIncomplete });
  }

  // ---- content sinks -----------------------------------------------------------------------

  private appendContent(buf: string, from: number, to: number): void {
    if (to <= from) return;
    switch (this.state) {
      case TEXT:
        this.appendText(from === 0 && to === buf.length ? buf : buf.slice(from, to));
        return;
      case THINKING: {
        const delta = buf.slice(from, to);
        if (this.thinking !== null) this.thinking.content += delta;
        this.emit({ type: 'thinking-delta', delta });
        return;
      }
      case FILE:
        if (this.file !== null) this.appendFile(from === 0 && to === buf.length ? buf : buf.slice(from, to));
        return;
      case ARTIFACT:
        // Whitespace (or stray prose) between file elements is not part of any file.
        return;
    }
  }

  private appendText(piece: string): void {
    let s = piece;
    if (this.textLead !== null) {
      s = this.textLead + s;
      const fence = matchClosingFence(s, false);
      if (fence === NEED_MORE_FENCE) {
        this.textLead = s;
        return;
      }
      this.textLead = null;
      if (fence > 0) s = s.slice(fence);
      if (s === '') return;
    }
    if (!this.isLenient) {
      this.emitText(s);
      return;
    }
    s = this.textHeld + s;
    const hold = openingFenceHoldStart(s, this.isTextAtLineStart);
    if (hold > 0) this.emitText(s.slice(0, hold));
    this.textHeld = s.slice(hold);
    this.isTextAtLineStart =
      hold < s.length ? true : hold === 0 ? this.isTextAtLineStart : s[hold - 1] === '\n';
  }

  /**
   * Ends the current text run at a tag (or the end of the stream). `beforeArtifact`: a fence
   * line held at its end wrapped the artifact and is dropped.
   */
  private endText(beforeArtifact: boolean): void {
    if (this.textLead !== null) {
      const lead = this.textLead;
      this.textLead = null;
      const fence = matchClosingFence(lead, true);
      if (fence < 0) this.appendText(lead);
      else if (fence < lead.length) this.appendText(lead.slice(fence));
    }
    if (this.textHeld !== '' && !beforeArtifact) this.emitText(this.textHeld);
    this.textHeld = '';
    this.text = null;
    this.isTextAtLineStart = true;
  }

  private emitText(delta: string): void {
    if (delta === '') return;
    if (this.text === null) {
      this.text = { type: 'text', content: '' };
      this.segments.push(this.text);
    }
    this.text.content += delta;
    this.emit({ type: 'text-delta', delta });
  }

  private appendFile(piece: string): void {
    let s = piece;
    if (this.fileStart !== null) {
      s = this.fileStart + s;
      const skip = this.consumeFileStart(s, false);
      if (skip < 0) {
        this.fileStart = s;
        return;
      }
      this.fileStart = null;
      if (skip > 0) s = s.slice(skip);
      if (s === '') return;
    }
    this.appendFileBody(s);
  }

  private appendFileBody(piece: string): void {
    const s = this.fileHeld === '' ? piece : this.fileHeld + piece;
    const hold = this.isFileFenced ? fencedEndingHoldStart(s) : this.newlineHoldStart(s);
    if (hold > 0) this.emitFileDelta(hold === s.length ? s : s.slice(0, hold));
    this.fileHeld = hold === s.length ? '' : s.slice(hold);
  }

  private emitFileDelta(text: string): void {
    const file = this.file;
    if (file === null || text === '' || file.isCut) return;
    let delta = text;
    const room = Math.min(
      MAX_FILE_CONTENT_LENGTH - file.content.length,
      MAX_ARTIFACT_CONTENT_LENGTH - this.contentLength,
    );
    if (delta.length > room) {
      // Cut where the content so far says, never inside a surrogate pair: any chunking cuts alike.
      let end = room;
      if (end > 0 && /[\uD800-\uDBFF]/.test(delta.charAt(end - 1))) end--;
      delta = delta.slice(0, end);
      file.isCut = true;
      if (delta === '') return;
    }
    file.content += delta;
    this.contentLength += delta.length;
    if (this.onEvent !== null) this.onEvent({ type: 'file-delta', name: file.name, delta });
  }

  /**
   * How many leading characters of a file's content are markup: one newline after the open
   * tag, and (model mode, not Markdown) a fence line such as "```tsx". -1: cannot tell yet.
   */
  private consumeFileStart(s: string, isAtEnd: boolean): number {
    const n = s.length;
    if (n === 0) return isAtEnd ? 0 : -1;
    let i = 0;
    if (s[0] === '\n') i = 1;
    else if (this.isLenient && s[0] === '\r') {
      if (n === 1) return isAtEnd ? 0 : -1;
      if (s[1] === '\n') i = 2;
    }
    if (!this.canFenceFile) return i;
    if (i === n) return isAtEnd ? i : -1;
    if (s[i] !== '`') return i;
    let j = i;
    for (let ticks = 0; ticks < 3; ticks++, j++) {
      if (j === n) return isAtEnd ? i : -1;
      if (s[j] !== '`') return i;
    }
    while (j < n && j - i < MAX_FENCE_LENGTH && isFenceInfoChar(s.charCodeAt(j))) j++;
    while (j < n && j - i < MAX_FENCE_LENGTH && (s[j] === ' ' || s[j] === '\t')) j++;
    if (j - i >= MAX_FENCE_LENGTH) return i;
    if (j < n && s[j] === '\r') j++;
    if (j === n) return isAtEnd ? i : -1;
    if (s[j] !== '\n') return i;
    this.isFileFenced = true;
    return j + 1;
  }

  /** Holds a trailing newline: it belongs to the markup if the closing tag follows. */
  private newlineHoldStart(s: string): number {
    const n = s.length;
    if (n === 0) return 0;
    const last = s.charCodeAt(n - 1);
    if (last === 0x0a /* \n */) return this.isLenient && n > 1 && s[n - 2] === '\r' ? n - 2 : n - 1;
    if (last === 0x0d /* \r */ && this.isLenient) return n - 1;
    return n;
  }

  private isFullFileEnding(held: string): boolean {
    if (held === '\n' || (this.isLenient && held === '\r\n')) return true;
    return this.isFileFenced && /^\r?\n```[ \t]*(\r?\n)?$/.test(held);
  }
}

function toParsedFile(file: FileState): ParsedFile {
  const parsed: ParsedFile = {
    name: file.name,
    content: file.content,
    isDelete: file.isDelete,
    isActive: file.isActive,
    isContinue: file.isContinue,
    isEdit: file.isEdit,
    isIncomplete: file.isIncomplete,
    isLocked: file.isLocked,
    category: file.category,
  };
  if (file.binary !== undefined) parsed.binary = file.binary;
  return parsed;
}

/**
 * The binary source a file element names, first match wins: `blob="sha256:…"` (+ `size`),
 * `attachment="…"`, `encoding="base64"`. undefined: a text file; null: a malformed `blob`.
 */
function readBinarySource(attributes: TagAttributes): BinarySource | undefined | null {
  if (attributes.blob !== undefined) {
    const hash = BLOB_ATTRIBUTE.exec(attributes.blob.trim())?.[1];
    if (hash === undefined) return null;
    const sizeText = attributes.size?.trim() ?? '';
    const size = /^\d{1,15}$/.test(sizeText) ? Number(sizeText) : 0;
    return { kind: 'blob', hash: hash.toLowerCase(), size };
  }
  const attachment = attributes.attachment?.trim();
  if (attachment) return { kind: 'attachment', attachment };
  if (attributes.encoding?.trim().toLowerCase() === 'base64') return { kind: 'base64' };
  return undefined;
}

// ---- pure scanners (exported for tests) -------------------------------------------------

const LOWER_K = 0x6b;
const LOWER_T = 0x74;

/**
 * The next '<' at or after `from` that may begin markup in some state: `<k…` (kilnArtifact,
 * kilnFile), `<t…` (thinking), `</k…`, `</t…`, `<!` (a finish marker), or a '<' whose next
 * characters are still to come; -1 if none. Every other '<' (`<div`, `</li>`, `a < b`) is
 * content in every state, so `matchTag` need not look at it.
 */
export function nextTagCandidate(buf: string, from: number): number {
  const n = buf.length;
  let lt = buf.indexOf('<', from);
  while (lt >= 0) {
    if (lt + 1 >= n) return lt;
    let c = buf.charCodeAt(lt + 1);
    if (c === 0x2f /* / */) {
      if (lt + 2 >= n) return lt;
      c = buf.charCodeAt(lt + 2);
    } else if (c === 0x21 /* ! */) {
      return lt;
    }
    c |= 0x20;
    if (c === LOWER_K || c === LOWER_T) return lt;
    lt = buf.indexOf('<', lt + 2);
  }
  return -1;
}

/** Whether `raw` (an undecided tag start) already holds a whole open tag name and a space. */
function isOpenTagWithName(raw: string): boolean {
  for (const name of ['kilnfile', 'kilnartifact']) {
    const afterName = matchName(raw, 1, name);
    if (afterName >= 0) return afterName < raw.length && isSpace(raw.charCodeAt(afterName));
  }
  return false;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0c;
}

function isFenceInfoChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f /* _ */ ||
    code === 0x2b /* + */ ||
    code === 0x23 /* # */ ||
    code === 0x2e /* . */ ||
    code === 0x2d /* - */
  );
}

/** Case-insensitive match of an ASCII-letter tag name: the index after it, or NEED_MORE / NO_TAG. */
function matchName(buf: string, at: number, lowerName: string): number | typeof NEED_MORE | typeof NO_TAG {
  const n = buf.length;
  for (let k = 0; k < lowerName.length; k++) {
    const p = at + k;
    if (p >= n) return NEED_MORE;
    if ((buf.charCodeAt(p) | 0x20) !== lowerName.charCodeAt(k)) return NO_TAG;
  }
  return at + lowerName.length;
}

/** `</name>` with optional whitespace before '>'. null: not this tag. */
function matchCloseTag(
  buf: string,
  at: number,
  nameAt: number,
  lowerName: string,
  kind: TagKind,
): MatchResult | null {
  const afterName = matchName(buf, nameAt, lowerName);
  if (afterName === NEED_MORE) return NEED_MORE;
  if (afterName === NO_TAG) return null;
  const n = buf.length;
  let p = afterName as number;
  while (p < n && p - at < MAX_TAG_LENGTH && isSpace(buf.charCodeAt(p))) p++;
  if (p >= n) return NEED_MORE;
  if (buf[p] !== '>') return null;
  return { kind, end: p + 1, attributes: {}, isSelfClosing: false, reason: null };
}

const KNOWN_ATTRIBUTES = [
  'name',
  'action',
  'locked',
  'title',
  'blob',
  'size',
  'attachment',
  'encoding',
] as const;
type KnownAttribute = (typeof KNOWN_ATTRIBUTES)[number];
type TagAttributes = Partial<Record<KnownAttribute, string>>;
/**
 * Value spans of the known attributes of the tag being matched: [start, end) at 2a, 2a+1, -1 =
 * absent. One buffer for the module: matching is synchronous, and a tag allocates nothing
 * until it is complete.
 */
const attributeSpans = new Int32Array(KNOWN_ATTRIBUTES.length * 2);

/** Which of KNOWN_ATTRIBUTES buf[start, end) names (case-insensitive), or -1. */
function knownAttributeIndex(buf: string, start: number, end: number): number {
  const length = end - start;
  for (let a = 0; a < KNOWN_ATTRIBUTES.length; a++) {
    const name = KNOWN_ATTRIBUTES[a] as string;
    if (name.length !== length) continue;
    let k = 0;
    while (k < length && (buf.charCodeAt(start + k) | 0x20) === name.charCodeAt(k)) k++;
    if (k === length) return a;
  }
  return -1;
}

/**
 * `<name attr="v" attr='v' attr=v attr>` or `<name ... />`. null: not this tag. Only the known
 * attributes are kept (the first occurrence of each), and nothing is allocated until the tag
 * is complete: a tag cut across chunks is re-scanned on the next push.
 */
function matchOpenTag(
  buf: string,
  at: number,
  nameAt: number,
  lowerName: string,
  kind: TagKind,
): MatchResult | null {
  const afterName = matchName(buf, nameAt, lowerName);
  if (afterName === NEED_MORE) return NEED_MORE;
  if (afterName === NO_TAG) return null;
  const n = buf.length;
  const limit = at + MAX_TAG_LENGTH;
  let p = afterName;
  if (p >= n) return NEED_MORE;
  const first = buf.charCodeAt(p);
  if (!isSpace(first) && first !== 0x3e /* > */ && first !== 0x2f /* / */) return null;
  const spans = attributeSpans;
  spans.fill(-1);
  for (;;) {
    while (p < n && p < limit && isSpace(buf.charCodeAt(p))) p++;
    if (p >= limit) return null;
    if (p >= n) return NEED_MORE;
    const c = buf.charCodeAt(p);
    if (c === 0x3e /* > */ || c === 0x2f /* / */) {
      let end = p + 1;
      if (c === 0x2f) {
        if (p + 1 >= n) return NEED_MORE;
        if (buf.charCodeAt(p + 1) !== 0x3e) {
          p++;
          continue;
        }
        end = p + 2;
      }
      const attributes: TagAttributes = {};
      for (let a = 0; a < KNOWN_ATTRIBUTES.length; a++) {
        const start = spans[2 * a] as number;
        if (start >= 0) {
          attributes[KNOWN_ATTRIBUTES[a] as KnownAttribute] = decodeAttribute(
            buf.slice(start, spans[2 * a + 1]),
          );
        }
      }
      return { kind, end, attributes, isSelfClosing: c === 0x2f, reason: null };
    }
    if (c === 0x3c /* < */) return null;
    const nameStart = p;
    while (p < n && p < limit) {
      const code = buf.charCodeAt(p);
      if (isSpace(code) || code === 0x3d /* = */ || code === 0x3e /* > */ || code === 0x2f /* / */) break;
      p++;
    }
    if (p >= limit) return null;
    if (p >= n) return NEED_MORE;
    const attribute = knownAttributeIndex(buf, nameStart, p);
    let q = p;
    while (q < n && q < limit && isSpace(buf.charCodeAt(q))) q++;
    if (q >= limit) return null;
    if (q >= n) return NEED_MORE;
    let valueStart = q;
    let valueEnd = q;
    if (buf.charCodeAt(q) !== 0x3d /* = */) {
      p = q;
    } else {
      q++;
      while (q < n && q < limit && isSpace(buf.charCodeAt(q))) q++;
      if (q >= limit) return null;
      if (q >= n) return NEED_MORE;
      const quote = buf.charCodeAt(q);
      if (quote === 0x22 /* " */ || quote === 0x27 /* ' */) {
        let close = q + 1;
        while (close < n && close < limit && buf.charCodeAt(close) !== quote) close++;
        if (close >= limit) return null;
        if (close >= n) return NEED_MORE;
        valueStart = q + 1;
        valueEnd = close;
        p = close + 1;
      } else {
        valueStart = q;
        while (q < n && q < limit && !isSpace(buf.charCodeAt(q)) && buf.charCodeAt(q) !== 0x3e) q++;
        if (q >= limit) return null;
        if (q >= n) return NEED_MORE;
        valueEnd = q;
        p = q;
      }
    }
    if (attribute >= 0 && (spans[2 * attribute] as number) < 0) {
      spans[2 * attribute] = valueStart;
      spans[2 * attribute + 1] = valueEnd;
    }
  }
}

/** Case-insensitive literal at `p`: the index after it, NEED_MORE, or NO_TAG. */
function matchLiteral(buf: string, p: number, literal: string): number {
  const n = buf.length;
  for (let k = 0; k < literal.length; k++, p++) {
    if (p >= n) return NEED_MORE;
    if ((buf.charCodeAt(p) | 0x20) !== (literal.charCodeAt(k) | 0x20)) return NO_TAG;
  }
  return p;
}

/** Skips whitespace up to `limit`: the index after it, NEED_MORE at the buffer's end, NO_TAG at the limit. */
function skipSpaces(buf: string, p: number, limit: number): number {
  const n = buf.length;
  while (p < n && p < limit && isSpace(buf.charCodeAt(p))) p++;
  if (p >= limit) return NO_TAG;
  return p >= n ? NEED_MORE : p;
}

const FINISH_MARKER_MAX_LENGTH = 96;

/** `<!-- FINISH_REASON: length -->` (whitespace and case are lenient). */
function matchFinishMarker(buf: string, at: number): MatchResult {
  const limit = at + FINISH_MARKER_MAX_LENGTH;
  let p = matchLiteral(buf, at + 1, '!--');
  if (p >= 0) p = skipSpaces(buf, p, limit);
  if (p >= 0) p = matchLiteral(buf, p, 'FINISH_REASON');
  if (p >= 0) p = skipSpaces(buf, p, limit);
  if (p < 0) return p === NEED_MORE ? NEED_MORE : NO_TAG;
  if (buf[p] !== ':') return NO_TAG;
  p = skipSpaces(buf, p + 1, limit);
  if (p < 0) return p === NEED_MORE ? NEED_MORE : NO_TAG;
  const wordStart = p;
  const n = buf.length;
  while (p < n && p < limit && (buf.charCodeAt(p) | 0x20) >= 0x61 && (buf.charCodeAt(p) | 0x20) <= 0x7a) p++;
  if (p >= limit) return NO_TAG;
  if (p >= n) return NEED_MORE;
  const word = buf.slice(wordStart, p).toLowerCase();
  if (word !== 'length' && word !== 'error') return NO_TAG;
  p = skipSpaces(buf, p, limit);
  if (p >= 0) p = matchLiteral(buf, p, '-->');
  if (p < 0) return p === NEED_MORE ? NEED_MORE : NO_TAG;
  return { kind: TAG_FINISH, end: p, attributes: {}, isSelfClosing: false, reason: word };
}

const NEED_MORE_FENCE = -2;

function skipBlanks(s: string, from: number): number {
  let i = from;
  while (i < s.length && i < MAX_FENCE_LENGTH && (s[i] === ' ' || s[i] === '\t')) i++;
  return i;
}

/**
 * After `</kilnArtifact>`: the closing "```" line of a markdown fence wrapped around it
 * (optional spaces and one newline before it). The length to drop, -1 none, NEED_MORE_FENCE.
 */
export function matchClosingFence(s: string, isAtEnd: boolean): number {
  const n = s.length;
  const more = isAtEnd ? -1 : NEED_MORE_FENCE;
  let i = skipBlanks(s, 0);
  if (i >= MAX_FENCE_LENGTH) return -1;
  if (i === n) return more;
  if (s[i] === '\r') {
    i++;
    if (i === n) return more;
    if (s[i] !== '\n') return -1;
  }
  if (s[i] === '\n') i++;
  i = skipBlanks(s, i);
  if (i >= MAX_FENCE_LENGTH) return -1;
  for (let ticks = 0; ticks < 3; ticks++, i++) {
    if (i === n) return more;
    if (s[i] !== '`') return -1;
  }
  i = skipBlanks(s, i);
  if (i >= MAX_FENCE_LENGTH) return -1;
  if (i === n) return isAtEnd ? i : NEED_MORE_FENCE;
  if (s[i] === '\r') {
    if (i + 1 === n) return isAtEnd ? i + 1 : NEED_MORE_FENCE;
    return s[i + 1] === '\n' ? i + 2 : -1;
  }
  return s[i] === '\n' ? i + 1 : -1;
}

/**
 * Before `<kilnArtifact>`: where a possible opening fence line ("```xml", up to 3 spaces of
 * indent, then one newline and blanks) starts at a line start at the end of `s`; s.length if
 * there is none. The returned suffix is held back until the next tag decides its fate.
 */
export function openingFenceHoldStart(s: string, isAtLineStart: boolean): number {
  const n = s.length;
  const last = s.lastIndexOf('\n');
  const candidates: number[] = [];
  if (last >= 0) {
    const previous = last > 0 ? s.lastIndexOf('\n', last - 1) : -1;
    if (previous >= 0) candidates.push(previous + 1);
    else if (isAtLineStart) candidates.push(0);
    candidates.push(last + 1);
  } else if (isAtLineStart) {
    candidates.push(0);
  }
  for (const start of candidates) {
    if (start < n && n - start <= MAX_FENCE_LENGTH && isOpeningFencePrefix(s, start)) return start;
  }
  return n;
}

function isOpeningFencePrefix(s: string, start: number): boolean {
  const n = s.length;
  let i = start;
  for (let spaces = 0; spaces < 3 && i < n && s[i] === ' '; spaces++) i++;
  if (i === n) return true;
  for (let ticks = 0; ticks < 3; ticks++, i++) {
    if (i === n) return true;
    if (s[i] !== '`') return false;
  }
  while (i < n && isFenceInfoChar(s.charCodeAt(i))) i++;
  while (i < n && (s[i] === ' ' || s[i] === '\t')) i++;
  if (i === n) return true;
  if (s[i] === '\r') {
    i++;
    if (i === n) return true;
  }
  if (s[i] !== '\n') return false;
  i++;
  while (i < n && (s[i] === ' ' || s[i] === '\t')) i++;
  return i === n;
}

/**
 * In a fenced file: the longest suffix that may still become "\n```" (+ blanks, + newline)
 * before the closing tag, so it is held back rather than emitted.
 */
export function fencedEndingHoldStart(s: string): number {
  const n = s.length;
  const last = s.lastIndexOf('\n');
  const starts: number[] = [];
  if (last >= 0) {
    const previous = last > 0 ? s.lastIndexOf('\n', last - 1) : -1;
    if (previous >= 0) starts.push(previous > 0 && s[previous - 1] === '\r' ? previous - 1 : previous);
    starts.push(last > 0 && s[last - 1] === '\r' ? last - 1 : last);
  }
  if (n > 0 && s[n - 1] === '\r') starts.push(n - 1);
  for (const start of starts) {
    if (n - start <= MAX_FENCE_LENGTH && isFencedEndingPrefix(s, start)) return start;
  }
  return n;
}

function isFencedEndingPrefix(s: string, start: number): boolean {
  const n = s.length;
  let i = start;
  if (s[i] === '\r') {
    i++;
    if (i === n) return true;
  }
  if (s[i] !== '\n') return false;
  i++;
  for (let ticks = 0; ticks < 3; ticks++, i++) {
    if (i === n) return true;
    if (s[i] !== '`') return false;
  }
  while (i < n && (s[i] === ' ' || s[i] === '\t')) i++;
  if (i === n) return true;
  if (s[i] === '\r') {
    i++;
    if (i === n) return true;
  }
  if (s[i] !== '\n') return false;
  return i + 1 === n;
}
