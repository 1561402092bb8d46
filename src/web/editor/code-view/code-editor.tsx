import { useEffect, useRef } from 'react';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { bracketMatching, foldGutter, foldKeymap, syntaxHighlighting } from '@codemirror/language';
import { classHighlighter } from '@lezer/highlight';
import { codeTheme } from './code-theme.ts';
import { languageForPath, loadLanguage } from './languages.ts';

/** Spec §9: 'editor autoscroll check every 200 ms'. */
export const AUTOSCROLL_CHECK_MS = 200;

export interface CodeEditorProps {
  path: string;
  content: string;
  /** The file is being written right now: keep the end in view unless the reader scrolled up. */
  isStreaming: boolean;
}

const baseExtensions: Extension[] = [
  lineNumbers(),
  highlightActiveLineGutter(),
  foldGutter(),
  highlightSpecialChars(),
  drawSelection(),
  highlightActiveLine(),
  bracketMatching(),
  syntaxHighlighting(classHighlighter),
  keymap.of(foldKeymap),
  // Read-only: the scroller is the one tab stop, so arrow keys scroll the code.
  EditorState.readOnly.of(true),
  EditorView.editable.of(false),
  EditorView.contentAttributes.of({ 'aria-label': 'Code', 'aria-readonly': 'true' }),
  codeTheme,
];

/**
 * A file this large that is still streaming is shown without syntax highlighting: re-parsing a
 * growing multi-megabyte document would cost long main-thread tasks (highlighting comes back
 * when the file is complete).
 */
export const STREAMING_HIGHLIGHT_LIMIT = 64_000;

/**
 * Below the md breakpoint (Tailwind's 48rem) lines wrap: a phone shows ~40 characters of code, and
 * a line cut at the edge hides what matters (a long class list, a URL). Wider screens scroll.
 */
const NARROW_SCREEN = '(max-width: 47.999rem)';

/** How much of the old text the new one must repeat at the same place to count as "appended". */
const APPEND_PROBE = 64;

function isAppend(previous: string, next: string): boolean {
  if (next.length < previous.length) return false;
  const from = Math.max(0, previous.length - APPEND_PROBE);
  return next.slice(from, previous.length) === previous.slice(from);
}

/** CodeMirror 6, read-only, highlighted by extension. Loaded lazily (its own chunk). */
export default function CodeEditor({ path, content, isStreaming }: CodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const languageRef = useRef(new Compartment());
  const wrapRef = useRef(new Compartment());
  const shownRef = useRef<{ path: string; content: string }>({ path: '', content: '' });
  const followRef = useRef(true);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const narrow = window.matchMedia(NARROW_SCREEN);
    const wrapping = () => (narrow.matches ? EditorView.lineWrapping : []);
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: '',
        extensions: [baseExtensions, languageRef.current.of([]), wrapRef.current.of(wrapping())],
      }),
    });
    const onWidthChange = () => view.dispatch({ effects: wrapRef.current.reconfigure(wrapping()) });
    narrow.addEventListener('change', onWidthChange);
    viewRef.current = view;
    view.scrollDOM.tabIndex = 0;
    view.scrollDOM.setAttribute('role', 'region');
    view.scrollDOM.setAttribute('aria-label', 'Code (read-only)');
    const onScroll = () => {
      const scroller = view.scrollDOM;
      followRef.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 48;
    };
    view.scrollDOM.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      narrow.removeEventListener('change', onWidthChange);
      view.scrollDOM.removeEventListener('scroll', onScroll);
      view.destroy();
      viewRef.current = null;
      shownRef.current = { path: '', content: '' };
    };
  }, []);

  // The text: appended in place while a file streams (cheap for a 2 MB file), replaced otherwise.
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const shown = shownRef.current;
    if (shown.path === path && shown.content === content) return;
    if (shown.path === path && isAppend(shown.content, content)) {
      view.dispatch({
        changes: { from: view.state.doc.length, insert: content.slice(shown.content.length) },
      });
    } else {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: content } });
      if (shown.path !== path) {
        view.scrollDOM.scrollTop = 0;
        followRef.current = true;
      }
    }
    shownRef.current = { path, content };
  }, [path, content]);

  // The language of the file's extension.
  const isPlain = isStreaming && content.length > STREAMING_HIGHLIGHT_LIMIT;
  useEffect(() => {
    const id = isPlain ? null : languageForPath(path);
    let isCurrent = true;
    const apply = (extension: Extension) => {
      if (isCurrent) viewRef.current?.dispatch({ effects: languageRef.current.reconfigure(extension) });
    };
    if (id === null) apply([]);
    else loadLanguage(id).then(apply, () => apply([]));
    return () => {
      isCurrent = false;
    };
  }, [path, isPlain]);

  // Spec §2 'while streaming it auto-scrolls' (checked every 200 ms).
  useEffect(() => {
    if (!isStreaming) return;
    followRef.current = true;
    const timer = setInterval(() => {
      const view = viewRef.current;
      if (!view || !followRef.current) return;
      const scroller = view.scrollDOM;
      scroller.scrollTop = scroller.scrollHeight;
    }, AUTOSCROLL_CHECK_MS);
    return () => clearInterval(timer);
  }, [isStreaming]);

  return <div ref={hostRef} className="h-full min-h-0 overflow-hidden" data-testid="code-editor" />;
}
