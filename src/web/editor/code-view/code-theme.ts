import { EditorView } from '@codemirror/view';

/** The code view's look (Kiln's code colors and font), shared by the editor and the compare view. */
export const codeTheme = EditorView.theme({
  '&': {
    height: '100%',
    fontSize: '13px',
    backgroundColor: 'var(--code-background)',
    color: 'var(--foreground)',
  },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.6' },
  '.cm-content': { padding: '12px 0', caretColor: 'var(--foreground)' },
  '.cm-gutters': {
    backgroundColor: 'var(--code-background)',
    color: 'var(--code-gutter)',
    border: 'none',
    paddingLeft: '6px',
  },
  '.cm-activeLine': { backgroundColor: 'var(--code-active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'transparent', color: 'var(--foreground)' },
  '&.cm-focused': { outline: 'none' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': {
    backgroundColor: 'var(--code-selection) !important',
  },
  '.cm-foldGutter span': { color: 'var(--code-gutter)' },
});
