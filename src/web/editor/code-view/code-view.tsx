import { lazy, Suspense, useState } from 'react';
import { FileCode2 } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { cn } from '../../lib/cn.ts';
import { useEditor, useEditorStream } from '../state/editor-context.ts';
import { BinaryFileView } from './binary-file-view.tsx';
import { CodeEditorFallback } from './code-editor-fallback.tsx';
import { CodeToolbar } from './code-toolbar.tsx';
import { CompareView } from './compare-view.tsx';
import { FileTree } from './file-tree.tsx';
import { useFileLocks } from './use-file-locks.ts';

const loadCodeEditor = () => import('./code-editor.tsx');
const CodeEditor = lazy(loadCodeEditor);

/**
 * Compiles CodeMirror and the framework's main language ahead of time (when the browser is
 * idle), so the first streamed file does not pay for it in the middle of a stream.
 */
export function preloadCodeEditor(mainFile: string): void {
  void loadCodeEditor()
    .then(() => import('./languages.ts'))
    .then(({ languageForPath, loadLanguage }) => {
      const id = languageForPath(mainFile);
      return id === null ? undefined : loadLanguage(id);
    })
    .catch(() => undefined);
}

/** Spec §2 code view: toolbar, the 'Files' tree and the read-only editor; or two versions compared. */
export function CodeView() {
  const { selectFile, isGenerating, chatId, selectedVersion, versions } = useEditor();
  const { snapshot, snapshotVersion, selectedFile, activeFile } = useEditorStream();
  const locks = useFileLocks();
  const [isFilesOpen, setIsFilesOpen] = useState(false);
  const [compareWith, setCompareWith] = useState<number | null>(null);
  const file = snapshot?.files.find((candidate) => candidate.name === selectedFile) ?? null;

  // Comparing ends with a generation, or when the other version is on screen or gone.
  const isComparing =
    compareWith !== null &&
    selectedVersion !== null &&
    compareWith !== selectedVersion &&
    versions.includes(compareWith) &&
    !isGenerating;
  if (isComparing) {
    return (
      <CompareView
        selectedVersion={selectedVersion}
        otherVersion={compareWith}
        onPickOther={setCompareWith}
        onClose={() => setCompareWith(null)}
      />
    );
  }

  return (
    <div className="flex h-full min-h-0 flex-col bg-background">
      <CodeToolbar
        fileName={selectedFile}
        content={file && !file.binary ? file.content : null}
        isFilesOpen={isFilesOpen}
        onToggleFiles={() => setIsFilesOpen((open) => !open)}
        onCompare={setCompareWith}
      />
      {/* On a phone the Files list opens above the code, never over it (it hid the line numbers). */}
      <div className="flex min-h-0 flex-1 max-md:flex-col">
        <aside
          id="code-files"
          aria-labelledby="code-files-title"
          className={cn(
            'flex w-60 shrink-0 flex-col border-r bg-surface',
            'max-md:max-h-[45%] max-md:w-full max-md:border-r-0 max-md:border-b',
            !isFilesOpen && 'max-md:hidden',
          )}
        >
          <h2
            id="code-files-title"
            className="px-3 pt-3 pb-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            Files
          </h2>
          <div className="min-h-0 flex-1 overflow-y-auto px-1.5 pb-3">
            {snapshot && snapshot.files.length > 0 ? (
              <FileTree
                files={snapshot.files}
                selectedFile={selectedFile}
                activeFile={isGenerating ? activeFile : null}
                onSelect={(path) => {
                  selectFile(path);
                  setIsFilesOpen(false);
                }}
                canLock={locks.canLock}
                onToggleLock={locks.toggle}
              />
            ) : (
              <p className="px-2 py-1 text-[13px] text-muted-foreground">No files yet.</p>
            )}
          </div>
        </aside>
        <div className="min-h-0 min-w-0 flex-1 bg-[var(--code-background)]">
          {file?.binary ? (
            <BinaryFileView
              chatId={chatId}
              version={snapshotVersion}
              file={{ ...file, binary: file.binary }}
            />
          ) : file ? (
            <Suspense fallback={<CodeEditorFallback />}>
              <CodeEditor
                path={file.name}
                content={file.content}
                isStreaming={isGenerating && file.name === activeFile}
              />
            </Suspense>
          ) : (
            <EmptyState
              icon={<FileCode2 />}
              title={isGenerating ? 'Waiting for the first file' : 'No file selected'}
              description={
                isGenerating ? 'Files appear here as Kiln writes them.' : 'Pick a file from the list.'
              }
              className="h-full justify-center"
            />
          )}
        </div>
      </div>
    </div>
  );
}
