import type { FileConfig, FileRecord, Message } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useLocation } from 'react-router-dom';
import type { TFunction } from 'i18next';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { fetchStoredFile } from '@/lib/file-download.ts';
import { formatBytes } from '@/lib/format-bytes.ts';
import { fileConfigQuery } from '../../api/chat-queries.ts';
import { isImageType, refusalFor, rulesFor, typeOf, type Refusal } from './attachments-rules.ts';
import { uploadAttachment } from './attachments-upload.ts';
import type { DraftFile } from '../../hooks/use-draft.ts';

export interface Attachment {
  id: string;
  name: string;
  size: number;
  type: string;
  /** A local preview of an image, shown while and after it uploads (or once fetched, for a restored draft's). */
  preview: string | null;
  status: 'uploading' | 'ready' | 'failed';
  progress: number;
  /** The uploaded file as the message will carry it. */
  file?: DraftFile;
  error?: string;
}

export type MessageFile = NonNullable<Message['files']>[number];

/** What a sent message keeps of each file (spec 000 Message.files), as the server saves it too. */
function messageFile(record: FileRecord): DraftFile {
  const { file_id, filename, filepath, type, bytes, width, height, expiresAt } = record;
  return { file_id, filename, filepath, type, bytes, ...(width ? { width } : {}), ...(height ? { height } : {}), ...(expiresAt ? { expiresAt } : {}) };
}

export function refusalText(t: TFunction, { key, values }: Refusal): string {
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

/** An uploaded file of a kept draft, attached again as it was. */
function restoredItem(file: DraftFile): Attachment {
  return { id: file.file_id, name: file.filename, size: file.bytes, type: file.type, preview: null, status: 'ready', progress: 1, file };
}

/** The uploaded files of the composer, as the message (and the draft) keeps them. */
export function readyFiles(items: readonly Attachment[]): DraftFile[] {
  return items.flatMap((item) => (item.status === 'ready' && item.file ? [item.file] : []));
}

/** Deletes uploads that were never sent; only still-temporary files go, so a racing send keeps its own. */
function clearTemporary(items: readonly Attachment[]): void {
  const fileIds = items.flatMap((item) => (item.file ? [item.file.file_id] : []));
  if (fileIds.length) void apiRequest('deleteTemporaryFiles', { body: { file_ids: fileIds } }).catch(() => undefined);
}

interface AttachmentOptions {
  /** The kept draft's files, attached from the start. */
  initial?: readonly DraftFile[];
  /** Drafts are saved: uploads not sent belong to the draft and stay when the composer is left. */
  keepUnsent?: boolean;
}

/**
 * The composer's attachments: each file checked against the endpoint's rules, uploaded at once,
 * and removable. Leaving the conversation (a new chat, another one) deletes the uploads that were
 * not sent, as spec 000 section 4 asks of a new chat, unless drafts are saved: then they are the
 * draft's, and come back with it (decision 0041).
 */
export function useAttachments(endpoint: string | null, conversationId: string | null, { initial = [], keepUnsent = false }: AttachmentOptions = {}) {
  const { t, i18n } = useTranslation();
  const config = useQuery(fileConfigQuery);
  const [items, setItems] = useState<Attachment[]>(() => initial.map(restoredItem));
  // What the event handlers and the leaving cleanup read: the items as last rendered.
  const live = useRef(items);
  useEffect(() => {
    live.current = items;
  }, [items]);
  const uploads = useRef(new Map<string, AbortController>());
  // A new navigation (New chat pressed on /c/new too) starts the composer afresh.
  const { key: location } = useLocation();
  // With drafts saved, a New chat press keeps /c/new's draft, files included.
  const visit = keepUnsent ? null : location;

  const patch = useCallback((id: string, change: Partial<Attachment>) => setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item))), []);

  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
      if (!keepUnsent) clearTemporary(live.current);
      for (const item of live.current) if (item.preview) URL.revokeObjectURL(item.preview);
      live.current = [];
      setItems([]);
    };
  }, [conversationId, visit, keepUnsent]);

  const rules = config.data && endpoint ? rulesFor(config.data, endpoint) : null;

  const start = useCallback(
    (file: File, item: Attachment, fileConfig: FileConfig, target: string) => {
      const controller = new AbortController();
      uploads.current.set(item.id, controller);
      uploadAttachment(file, { endpoint: target, config: fileConfig, tempId: item.id, signal: controller.signal, onProgress: (progress) => patch(item.id, { progress }) })
        .then((record) => patch(item.id, { status: 'ready', progress: 1, file: messageFile(record) }))
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
    if (item.file) void apiRequest('deleteFiles', { body: { files: [{ file_id: item.file.file_id }] } }).catch(() => undefined);
    if (item.preview) URL.revokeObjectURL(item.preview);
    setItems((current) => current.filter((entry) => entry.id !== id));
  }, []);

  /** Attaches a kept draft's files again (those not attached already), as uploaded. */
  const restore = useCallback((files: readonly DraftFile[]) => {
    const attached = (list: readonly Attachment[]) => new Set(list.flatMap((item) => (item.file ? [item.file.file_id] : [])));
    if (files.every((file) => attached(live.current).has(file.file_id))) return;
    setItems((current) => {
      const known = attached(current);
      return [...current, ...files.filter((file) => !known.has(file.file_id)).map(restoredItem)];
    });
  }, []);

  // A restored image has no local copy: its thumbnail comes from the server.
  const fetched = useRef(new Set<string>());
  useEffect(() => {
    for (const item of items) {
      if (item.preview || !item.file || !isImageType(item.type) || fetched.current.has(item.id)) continue;
      fetched.current.add(item.id);
      fetchStoredFile(item.file.filepath)
        .then((blob) => {
          const url = URL.createObjectURL(blob);
          if (live.current.some((entry) => entry.id === item.id)) patch(item.id, { preview: url });
          else URL.revokeObjectURL(url);
        })
        .catch(() => undefined);
    }
  }, [items, patch]);

  /** The uploaded files for the message being sent; the composer is empty again. Failed chips stay out. */
  const take = useCallback((): DraftFile[] => {
    const sent = readyFiles(live.current);
    for (const item of live.current) if (item.preview) URL.revokeObjectURL(item.preview);
    live.current = [];
    setItems([]);
    return sent;
  }, []);

  return {
    items,
    add,
    remove,
    restore,
    take,
    uploading: items.some((item) => item.status === 'uploading'),
    /** The endpoint's file rules; null until known. */
    rules,
    /** Null until the rules are known; a disabled endpoint takes no files. */
    enabled: rules ? !rules.disabled : null,
    accept: rules?.supportedMimeTypes.join(','),
  };
}
