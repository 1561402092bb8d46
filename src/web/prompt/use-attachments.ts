import { useCallback, useEffect, useState } from 'react';
import type { Plan } from '../../core/plans/index.ts';
import { isDroppableMimeType, validateAttachments } from '../../core/validation/index.ts';
import type { UserError } from '../../core/errors.ts';

export interface LocalAttachment {
  id: string;
  file: File;
  /** Object URL for an image thumbnail. */
  previewUrl: string | null;
}

let nextId = 0;

/**
 * The files attached to the next prompt, checked with the core rules (spec §5 "Attachments")
 * before they are added: type, size per kind, count, and images only on a paid plan.
 */
export function useAttachments(plan: Plan, onError: (error: UserError) => void) {
  const [attachments, setAttachments] = useState<LocalAttachment[]>([]);

  useEffect(
    () => () => {
      for (const attachment of attachments)
        if (attachment.previewUrl) URL.revokeObjectURL(attachment.previewUrl);
    },
    // Revoke only on unmount; removals revoke their own URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const add = useCallback(
    (files: readonly File[], options: { fromDrop?: boolean } = {}) => {
      const incoming = options.fromDrop ? files.filter((file) => isDroppableMimeType(file.type)) : [...files];
      if (incoming.length === 0) return;
      const all = [...attachments.map((attachment) => attachment.file), ...incoming];
      const result = validateAttachments(
        all.map((file) => ({ name: file.name, size: file.size })),
        plan,
      );
      if (!result.ok) {
        onError(result.error);
        return;
      }
      setAttachments([
        ...attachments,
        ...incoming.map((file) => ({
          id: `attachment-${nextId++}`,
          file,
          previewUrl: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
        })),
      ]);
    },
    [attachments, plan, onError],
  );

  const remove = useCallback((id: string) => {
    setAttachments((current) => {
      const gone = current.find((attachment) => attachment.id === id);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((attachment) => attachment.id !== id);
    });
  }, []);

  /** Hands the files over (to the request) and empties the list; thumbnails stay valid. */
  const take = useCallback((): File[] => {
    const files = attachments.map((attachment) => attachment.file);
    setAttachments([]);
    return files;
  }, [attachments]);

  return { attachments, add, remove, take };
}
