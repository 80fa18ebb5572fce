import type { FileConfig, FileRecord, Message } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { TFunction } from 'i18next';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { formatBytes } from '@/lib/format-bytes.ts';
import { isImageType, refusalFor, rulesFor, typeOf, type Refusal } from './attachments-rules.ts';
import { uploadAttachment } from './attachments-upload.ts';

export interface Attachment {
  id: string;
  name: string;
  size: number;
  type: string;
  /** A local preview of an image, shown while and after it uploads. */
  preview: string | null;
  status: 'uploading' | 'ready' | 'failed';
  progress: number;
  record?: FileRecord;
  error?: string;
}

export type MessageFile = NonNullable<Message['files']>[number];

export const fileKeys = { config: () => ['files', 'config'] as const };

/** What a sent message keeps of each file (spec 000 Message.files), as the server saves it too. */
function messageFile(record: FileRecord): MessageFile {
  const { file_id, filename, filepath, type, bytes, width, height, expiresAt } = record;
  return { file_id, filename, filepath, type, bytes, ...(width ? { width } : {}), ...(height ? { height } : {}), ...(expiresAt ? { expiresAt } : {}) };
}

function refusalText(t: TFunction, { key, values }: Refusal): string {
  const limit = String(values.limit ?? '');
  const name = values.name ?? '';
  switch (key) {
    case 'disabled':
      return t('attachments.rules.disabled');
    case 'count':
      return t('attachments.rules.count', { limit });
    case 'total':
      return t('attachments.rules.total', { limit });
    case 'type':
      return t('attachments.rules.type', { name });
    case 'size':
      return t('attachments.rules.size', { name, limit });
  }
}

/** Deletes uploads that were never sent; only still-temporary files go, so a racing send keeps its own. */
function clearTemporary(items: readonly Attachment[]): void {
  const fileIds = items.flatMap((item) => (item.record ? [item.record.file_id] : []));
  if (fileIds.length) void apiRequest('deleteTemporaryFiles', { body: { file_ids: fileIds } }).catch(() => undefined);
}

/**
 * The composer's attachments: each file checked against the endpoint's rules, uploaded at once,
 * and removable. Leaving the conversation (a new chat, another one) deletes the uploads that were
 * not sent, as spec 000 section 4 asks of a new chat.
 */
export function useAttachments(endpoint: string | null, conversationId: string | null) {
  const { t, i18n } = useTranslation();
  const config = useQuery({ queryKey: fileKeys.config(), queryFn: () => apiRequest('getFileConfig'), staleTime: 5 * 60_000 });
  const [items, setItems] = useState<Attachment[]>([]);
  // What the event handlers and the leaving cleanup read: the items as last rendered.
  const live = useRef(items);
  useEffect(() => {
    live.current = items;
  }, [items]);
  const uploads = useRef(new Map<string, AbortController>());
  // A new navigation (New chat pressed on /c/new too) starts the composer afresh.
  const { key: visit } = useLocation();

  const patch = useCallback((id: string, change: Partial<Attachment>) => setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item))), []);

  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
      clearTemporary(live.current);
      for (const item of live.current) if (item.preview) URL.revokeObjectURL(item.preview);
      live.current = [];
      setItems([]);
    };
  }, [conversationId, visit]);

  const rules = config.data && endpoint ? rulesFor(config.data, endpoint) : null;

  const start = useCallback(
    (file: File, item: Attachment, fileConfig: FileConfig, target: string) => {
      const controller = new AbortController();
      uploads.current.set(item.id, controller);
      uploadAttachment(file, { endpoint: target, config: fileConfig, tempId: item.id, signal: controller.signal, onProgress: (progress) => patch(item.id, { progress }) })
        .then((record) => patch(item.id, { status: 'ready', progress: 1, record }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          patch(item.id, { status: 'failed', error: isApiError(error) && error.status !== 0 ? error.message : t('attachments.uploadFailed', { name: file.name }) });
        })
        .finally(() => uploads.current.delete(item.id));
    },
    [patch, t],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      if (!config.data || !endpoint || !rules) return;
      const size = (bytes: number) => formatBytes(bytes, i18n.language);
      const counted = live.current.filter((item) => item.status !== 'failed');
      const added: Attachment[] = [];
      for (const file of files) {
        const type = typeOf(file);
        const refusal = refusalFor(file, rules, counted, size);
        const item: Attachment = { id: crypto.randomUUID(), name: file.name, size: file.size, type, preview: isImageType(type) ? URL.createObjectURL(file) : null, status: refusal ? 'failed' : 'uploading', progress: 0 };
        if (refusal) item.error = refusalText(t, refusal);
        else {
          counted.push(item);
          start(file, item, config.data, endpoint);
        }
        added.push(item);
      }
      setItems((current) => [...current, ...added]);
    },
    [config.data, endpoint, rules, i18n.language, start, t],
  );

  const remove = useCallback((id: string) => {
    const item = live.current.find((entry) => entry.id === id);
    if (!item) return;
    uploads.current.get(id)?.abort();
    if (item.record) void apiRequest('deleteFiles', { body: { files: [{ file_id: item.record.file_id }] } }).catch(() => undefined);
    if (item.preview) URL.revokeObjectURL(item.preview);
    setItems((current) => current.filter((entry) => entry.id !== id));
  }, []);

  /** The uploaded files for the message being sent; the composer is empty again. Failed chips stay out. */
  const take = useCallback((): MessageFile[] => {
    const sent = live.current.flatMap((item) => (item.status === 'ready' && item.record ? [messageFile(item.record)] : []));
    for (const item of live.current) if (item.preview) URL.revokeObjectURL(item.preview);
    live.current = [];
    setItems([]);
    return sent;
  }, []);

  return {
    items,
    add,
    remove,
    take,
    uploading: items.some((item) => item.status === 'uploading'),
    /** Null until the rules are known; a disabled endpoint takes no files. */
    enabled: rules ? !rules.disabled : null,
    accept: rules?.supportedMimeTypes.join(','),
  };
}
