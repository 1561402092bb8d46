import { useEffect, useRef } from 'react';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, highlightSpecialChars, lineNumbers } from '@codemirror/view';
import { syntaxHighlighting } from '@codemirror/language';
import { MergeView, unifiedMergeView } from '@codemirror/merge';
import { classHighlighter } from '@lezer/highlight';
import { codeTheme } from './code-theme.ts';
import { languageForPath, loadLanguage } from './languages.ts';

export type DiffLayout = 'split' | 'unified';

export interface MergeEditorProps {
  path: string;
  /** The older version's text (left, or the removed lines) and the newer one's. */
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
  layout: DiffLayout;
  isDark: boolean;
}

/** Unchanged stretches fold to one bar, leaving 3 lines of context around each change. */
const COLLAPSE = { margin: 3, minSize: 4 };

/**
 * Red for what the newer version removed, green for what it added, tuned per theme so that every
 * code colour keeps a 4.5:1 contrast on them (light code colours have little room: there the
 * changed words are underlined, not filled).
 */
function diffTheme(isDark: boolean): Extension {
  const removed = isDark ? '248, 113, 113' : '220, 38, 38';
  const added = isDark ? '74, 222, 128' : '22, 163, 74';
  const line = (rgb: string) => `rgba(${rgb}, ${isDark ? 0.1 : 0.05})`;
  const words = (rgb: string): Record<string, string> =>
    isDark
      ? { background: `rgba(${rgb}, 0.14)`, borderRadius: '2px' }
      : { background: `linear-gradient(rgba(${rgb}, 0.6), rgba(${rgb}, 0.6)) bottom / 100% 2px no-repeat` };
  return [
    EditorView.darkTheme.of(isDark),
    EditorView.theme({
      '&.cm-merge-a .cm-changedLine, .cm-deletedChunk': { backgroundColor: line(removed) },
      '&.cm-merge-b .cm-changedLine': { backgroundColor: line(added) },
      '&.cm-merge-a .cm-changedText, .cm-deletedChunk .cm-deletedText': words(removed),
      '&.cm-merge-b .cm-changedText': words(added),
      '&.cm-merge-a .cm-changedLineGutter, .cm-deletedLineGutter': { background: `rgb(${removed})` },
      '&.cm-merge-b .cm-changedLineGutter': { background: `rgb(${added})` },
      '.cm-collapsedLines': {
        background: 'var(--muted)',
        color: 'var(--muted-foreground)',
        fontFamily: 'var(--font-sans)',
        fontSize: '12px',
        padding: '4px 12px',
      },
      // Its default '⦚' marks are missing from common fonts.
      '.cm-collapsedLines:before, .cm-collapsedLines:after': { content: 'none' },
      '.cm-collapsedLines:hover': { color: 'var(--foreground)' },
    }),
  ];
}

function sideExtensions(label: string, language: Compartment, isDark: boolean): Extension[] {
  return [
    lineNumbers(),
    highlightSpecialChars(),
    syntaxHighlighting(classHighlighter),
    EditorState.readOnly.of(true),
    EditorView.editable.of(false),
    // A change is seen whole: both columns wrap rather than hide the end of a long line.
    EditorView.lineWrapping,
    EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': 'true' }),
    codeTheme,
    diffTheme(isDark),
    language.of([]),
  ];
}

/** The scrolling element is the one tab stop, so arrow keys scroll the diff. */
function makeScrollRegion(element: HTMLElement, label: string) {
  element.tabIndex = 0;
  element.setAttribute('role', 'region');
  element.setAttribute('aria-label', label);
}

/**
 * CodeMirror's merge view of one file (issue 17 item 5), read-only: side by side (older left) or
 * unified (the removed lines shown above the added ones). Loaded lazily, like the code editor.
 */
export default function MergeEditor({
  path,
  before,
  after,
  beforeLabel,
  afterLabel,
  layout,
  isDark,
}: MergeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const language = new Compartment();
    let views: EditorView[];
    let destroy: () => void;
    const regionLabel = `Changes in ${path}: ${beforeLabel} and ${afterLabel}`;
    if (layout === 'split') {
      const merge = new MergeView({
        parent: host,
        a: { doc: before, extensions: sideExtensions(`${path}, ${beforeLabel}`, language, isDark) },
        b: { doc: after, extensions: sideExtensions(`${path}, ${afterLabel}`, language, isDark) },
        gutter: true,
        highlightChanges: true,
        collapseUnchanged: COLLAPSE,
      });
      makeScrollRegion(merge.dom, regionLabel);
      views = [merge.a, merge.b];
      destroy = () => merge.destroy();
    } else {
      const view = new EditorView({
        parent: host,
        state: EditorState.create({
          doc: after,
          extensions: [
            sideExtensions(
              `${path}, ${afterLabel} with the lines of ${beforeLabel} it removed`,
              language,
              isDark,
            ),
            unifiedMergeView({
              original: before,
              mergeControls: false,
              gutter: true,
              highlightChanges: true,
              collapseUnchanged: COLLAPSE,
            }),
          ],
        }),
      });
      makeScrollRegion(view.scrollDOM, regionLabel);
      views = [view];
      destroy = () => view.destroy();
    }
    let isCurrent = true;
    const id = languageForPath(path);
    if (id !== null) {
      loadLanguage(id).then(
        (extension) => {
          if (!isCurrent) return;
          for (const view of views) view.dispatch({ effects: language.reconfigure(extension) });
        },
        () => undefined,
      );
    }
    return () => {
      isCurrent = false;
      destroy();
    };
  }, [path, before, after, beforeLabel, afterLabel, layout, isDark]);

  return (
    <div
      ref={hostRef}
      data-testid="merge-view"
      data-layout={layout}
      className="h-full min-h-0 overflow-hidden [&_.cm-mergeView]:h-full [&_.cm-mergeView]:overflow-y-auto [&_.cm-mergeViewEditor+.cm-mergeViewEditor]:border-l"
    />
  );
}
