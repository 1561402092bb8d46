import { useState } from 'react';
import { FileImage, FileType, ImageOff } from 'lucide-react';
import {
  BINARY_MIME_TYPES,
  binaryFileSize,
  binaryTypeFromName,
  isImageType,
  type SnapshotFile,
} from '../../../core/artifact/index.ts';
import { formatFileSize } from '../../../core/display/index.ts';
import { EmptyState } from '../../components/empty-state.tsx';

interface BinaryFileViewProps {
  chatId: string;
  /** The stored version whose file this is (null while a first version is being written). */
  version: number | null;
  file: SnapshotFile & { binary: NonNullable<SnapshotFile['binary']> };
}

/** Where the code view reads a binary file of a version (docs/api.md). */
export function versionFileUrl(chatId: string, version: number, path: string): string {
  const encodedPath = path.split('/').map(encodeURIComponent).join('/');
  return `/api/chats/${encodeURIComponent(chatId)}/versions/${version}/files/${encodedPath}`;
}

/**
 * A binary file in the code view (decision 0039): an image is shown as a picture, a font as a
 * short panel with its size; neither is ever shown as text.
 */
export function BinaryFileView({ chatId, version, file }: BinaryFileViewProps) {
  const type = binaryTypeFromName(file.name);
  const isImage = type !== null && isImageType(type);
  const size = binaryFileSize(file.binary, file.content);
  const format = type === null ? 'Binary' : type.toUpperCase();
  const details = `${isImage ? `${format} image` : type ? `${format} font` : 'Binary file'}${
    size === null ? '' : `, ${formatFileSize(size)}`
  }`;
  const [failed, setFailed] = useState<string | null>(null);

  if (file.binary.kind === 'attachment') {
    return (
      <EmptyState
        icon={<FileImage />}
        title="Binary file"
        description={`Placed from your attachment ${file.binary.attachment} when the version is finished.`}
        className="h-full justify-center"
      />
    );
  }
  if (isImage && (file.binary.kind === 'blob' ? version !== null : file.content !== '')) {
    const src =
      file.binary.kind === 'blob' && version !== null
        ? versionFileUrl(chatId, version, file.name)
        : `data:${BINARY_MIME_TYPES[type]};base64,${file.content.replace(/\s+/g, '')}`;
    if (failed !== src) {
      return (
        <figure
          aria-label={`Image preview of ${file.name}`}
          className="flex h-full min-h-0 flex-col items-center justify-center gap-3 overflow-auto p-6"
        >
          <div className="rounded-lg border bg-[repeating-conic-gradient(var(--color-muted)_0_25%,transparent_0_50%)] bg-[length:16px_16px] p-3 shadow-xs">
            <img
              src={src}
              alt={file.name}
              onError={() => setFailed(src)}
              className="block max-h-[60vh] max-w-full object-contain [image-rendering:auto]"
            />
          </div>
          <figcaption className="font-mono text-xs text-muted-foreground">{details}</figcaption>
        </figure>
      );
    }
    return (
      <EmptyState
        icon={<ImageOff />}
        title="Image not available"
        description={`${details}. It could not be shown; the preview and the zip still hold it.`}
        className="h-full justify-center"
      />
    );
  }
  return (
    <EmptyState
      icon={isImage ? <FileImage /> : <FileType />}
      title="Binary file"
      description={`${details}. It is part of the project, but has no text to show.`}
      className="h-full justify-center"
    />
  );
}
