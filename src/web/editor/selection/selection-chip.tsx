import { Code2, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useEditor } from '../state/editor-context.ts';
import { useElementSelection } from './selection-store.ts';

/** "<button> in src/components/Hero.tsx:42": what the next prompt will be about (issue 17 item 2). */
export function selectionLabel(selection: { tagName: string; file: string; line: number }): string {
  return `<${selection.tagName}> in ${selection.file}:${selection.line}`;
}

/** The selected element above the prompt box, removable; it goes with the next prompt. */
export function SelectionChip() {
  const { chatId, selectedVersion } = useEditor();
  const { selected, clear } = useElementSelection(chatId);
  // A location names a line of the version on screen: another version drops it.
  const shownVersion = useRef(selectedVersion);
  useEffect(() => {
    if (shownVersion.current === selectedVersion) return;
    shownVersion.current = selectedVersion;
    clear();
  }, [selectedVersion, clear]);
  if (!selected) return null;
  const label = selectionLabel(selected);
  return (
    <div className="flex">
      <div
        role="status"
        aria-label={`Selected element: ${label}`}
        className="inline-flex max-w-full items-center gap-1.5 rounded-md border bg-muted py-0.5 pr-0.5 pl-2 text-xs"
        title={selected.outerHTML}
      >
        <Code2 className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="truncate font-mono">{label}</span>
        <button
          type="button"
          className="inline-flex size-5 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground"
          aria-label="Remove the selected element"
          onClick={clear}
        >
          <X className="size-3.5" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
