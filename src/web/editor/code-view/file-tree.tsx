import { useMemo, useState } from 'react';
import { ChevronRight, FileCode2, FileImage, FileType, Folder, FolderOpen } from 'lucide-react';
import {
  binaryTypeFromName,
  buildFileTree,
  isImageType,
  type FileTreeNode,
} from '../../../core/artifact/index.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { LockButton } from './lock-button.tsx';

interface FileTreeProps {
  files: readonly { name: string; isLocked: boolean; binary?: unknown }[];
  selectedFile: string | null;
  activeFile: string | null;
  onSelect: (path: string) => void;
  canLock: boolean;
  onToggleLock: (kind: 'file' | 'folder', path: string) => void;
}

/** Spec §2 "File tree sidebar titled 'Files'" with lock toggles for authorized users. */
export function FileTree({
  files,
  selectedFile,
  activeFile,
  onSelect,
  canLock,
  onToggleLock,
}: FileTreeProps) {
  const tree = useMemo(() => buildFileTree(files), [files]);
  const binaryFiles = useMemo(
    () => new Set(files.filter((file) => file.binary !== undefined).map((file) => file.name)),
    [files],
  );
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggleFolder = (path: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const renderNodes = (nodes: FileTreeNode[], depth: number) => (
    <ul role={depth === 0 ? undefined : 'group'} className="flex flex-col">
      {nodes.map((node) => {
        const indent = { paddingLeft: `${depth * 12 + 8}px` };
        if (node.type === 'folder') {
          const isOpen = !collapsed.has(node.path);
          return (
            <li key={node.path}>
              <div className="group flex items-center rounded-md hover:bg-accent">
                <button
                  type="button"
                  aria-expanded={isOpen}
                  onClick={() => toggleFolder(node.path)}
                  style={indent}
                  className="flex h-7 min-w-0 flex-1 items-center gap-1.5 pr-1 text-left text-[13px] text-foreground/90"
                >
                  <ChevronRight
                    aria-hidden="true"
                    className={cn(
                      'size-3.5 shrink-0 text-muted-foreground transition-transform',
                      isOpen && 'rotate-90',
                    )}
                  />
                  {isOpen ? (
                    <FolderOpen aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                  ) : (
                    <Folder aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                  )}
                  <span className="truncate">{node.name}</span>
                </button>
                <LockButton
                  kind="folder"
                  name={node.path}
                  isLocked={node.isLocked}
                  canLock={canLock}
                  onToggle={() => onToggleLock('folder', node.path)}
                />
              </div>
              {isOpen ? renderNodes(node.children, depth + 1) : null}
            </li>
          );
        }
        const isSelected = node.path === selectedFile;
        return (
          <li key={node.path}>
            <div
              className={cn(
                'group flex items-center rounded-md',
                isSelected ? 'bg-brand-soft text-brand-foreground' : 'hover:bg-accent',
              )}
            >
              <button
                type="button"
                aria-current={isSelected ? 'true' : undefined}
                onClick={() => onSelect(node.path)}
                style={indent}
                className="flex h-7 min-w-0 flex-1 items-center gap-1.5 pr-1 text-left text-[13px]"
              >
                <span aria-hidden="true" className="size-3.5 shrink-0" />
                {node.path === activeFile ? (
                  <Spinner className="size-3.5 shrink-0 text-brand" label="Being written" />
                ) : binaryFiles.has(node.path) ? (
                  <BinaryFileIcon path={node.path} />
                ) : (
                  <FileCode2 aria-hidden="true" className="size-3.5 shrink-0 opacity-60" />
                )}
                <span className="truncate">{node.name}</span>
              </button>
              <LockButton
                kind="file"
                name={node.path}
                isLocked={node.isLocked}
                canLock={canLock}
                onToggle={() => onToggleLock('file', node.path)}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );

  return <nav aria-label="Files">{renderNodes(tree, 0)}</nav>;
}

/** An image or a font file (decision 0039): listed like any file, with its own icon. */
function BinaryFileIcon({ path }: { path: string }) {
  const type = binaryTypeFromName(path);
  const Icon = type !== null && !isImageType(type) ? FileType : FileImage;
  return <Icon aria-hidden="true" className="size-3.5 shrink-0 opacity-60" />;
}
