import type { LanguageModelV3FilePart, LanguageModelV3TextPart } from '@ai-sdk/provider';
import type { Plan } from '../../core/plans/index.ts';
import {
  attachmentKind,
  MAGIC_BYTES_LENGTH,
  validateAttachments,
  type AcceptedAttachment,
} from '../../core/validation/index.ts';
import type { MessageFile } from '../db/schema/index.ts';
import { ServiceError } from '../http/errors.ts';
import type { BlobStore } from '../storage/blob-store.ts';

export interface UploadedAttachment extends AcceptedAttachment {
  bytes: Uint8Array;
}

/**
 * Checks uploaded files on the server with the core rules: type by extension AND magic bytes,
 * per-type size, count, and images only for premium. The browser's checks are a convenience.
 */
export async function acceptAttachments(files: File[], plan: Plan): Promise<UploadedAttachment[]> {
  const loaded = await Promise.all(
    files.map(async (file) => ({
      name: file.name,
      size: file.size,
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );
  const result = validateAttachments(
    loaded.map((file) => ({
      name: file.name,
      size: file.size,
      head: file.bytes.subarray(0, MAGIC_BYTES_LENGTH),
    })),
    plan,
  );
  if (!result.ok) {
    throw ServiceError.fromUserError(
      result.error,
      result.error.code === 'payment-required-for-image' ? 402 : 400,
    );
  }
  return result.value.map((accepted, index) => ({ ...accepted, bytes: loaded[index]!.bytes }));
}

export function attachmentUrl(chatId: string, fileId: string): string {
  return `/api/attachments/${chatId}/${fileId}`;
}

export function attachmentKey(chatId: string, fileId: string): string {
  return `attachments/${chatId}/${fileId}`;
}

/**
 * Stores the files; returns the message's `files` ({url, order} plus what the chat shows). All or
 * none: when one cannot be stored (disk full, the bucket failing) the others are removed and the
 * person is told, so no message ever names a file that is not there (issue 21 item 6).
 */
export async function storeAttachments(
  blobs: BlobStore,
  chatId: string,
  attachments: UploadedAttachment[],
): Promise<MessageFile[]> {
  const fileIds = attachments.map(() => crypto.randomUUID());
  const results = await Promise.allSettled(
    attachments.map((attachment, index) =>
      blobs.put(attachmentKey(chatId, fileIds[index]!), attachment.bytes, attachment.mimeType),
    ),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(
      fileIds.map((fileId) => blobs.delete(attachmentKey(chatId, fileId)).catch(() => undefined)),
    );
    throw storageRefusal(failed.reason);
  }
  return attachments.map((attachment, order) => ({
    url: attachmentUrl(chatId, fileIds[order]!),
    order,
    name: attachment.name,
    contentType: attachment.mimeType,
    size: attachment.size,
  }));
}

/** Removes stored files no message will name (the request was refused after storing them). */
export async function deleteAttachments(blobs: BlobStore, files: readonly MessageFile[]): Promise<void> {
  await Promise.all(
    files.map((file) => {
      const [chatId, fileId] = file.url.split('/').slice(-2);
      return blobs.delete(attachmentKey(chatId!, fileId!)).catch(() => undefined);
    }),
  );
}

function storageRefusal(error: unknown): ServiceError {
  if ((error as NodeJS.ErrnoException | undefined)?.code === 'ENOSPC') {
    return new ServiceError(
      507,
      'storage-full',
      "Kiln's storage is full, so your files could not be saved. Please try again later.",
      { title: 'Upload failed' },
    );
  }
  console.error('Attachment storage failed', error);
  return new ServiceError(503, 'storage-unavailable', 'Your files could not be saved. Please try again.', {
    title: 'Upload failed',
  });
}

async function extractPdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

const MAX_PDF_TEXT_CHARS = 60_000;

/**
 * Attachments as model input: images as image file parts; PDFs as file parts where the
 * provider reads them, else as their extracted text.
 */
export async function toModelParts(
  attachments: UploadedAttachment[],
  acceptsPdf: boolean,
): Promise<Array<LanguageModelV3FilePart | LanguageModelV3TextPart>> {
  const parts: Array<LanguageModelV3FilePart | LanguageModelV3TextPart> = [];
  for (const attachment of attachments) {
    if (attachmentKind(attachment.type) === 'image') {
      parts.push({
        type: 'file',
        data: attachment.bytes,
        mediaType: attachment.mimeType,
        filename: attachment.name,
      });
    } else if (acceptsPdf) {
      parts.push({
        type: 'file',
        data: attachment.bytes,
        mediaType: 'application/pdf',
        filename: attachment.name,
      });
    } else {
      let text: string;
      try {
        text = (await extractPdfText(attachment.bytes)).slice(0, MAX_PDF_TEXT_CHARS);
      } catch {
        text = '(The PDF could not be read.)';
      }
      parts.push({ type: 'text', text: `Attached PDF "${attachment.name}":\n${text}` });
    }
  }
  return parts;
}
