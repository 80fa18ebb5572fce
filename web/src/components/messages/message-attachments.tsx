import type { Message } from '@meld/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { LazyModal } from '@/components/ui/lazy-modal.tsx';
import { downloadFile } from '@/lib/download.ts';
import { fetchStoredFile } from '@/lib/file-download.ts';
import { formatBytes } from '@/lib/format-bytes.ts';
import { showToast } from '@/lib/toast.ts';
import { AttachmentChip, AttachmentIcon } from './attachment-chip.tsx';

type MessageFile = NonNullable<Message['files']>[number];
interface FileView {
  file_id: string;
  filename: string;
  filepath: string;
  type: string;
  bytes: number | null;
  width: number | null;
  height: number | null;
  expired: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);

/** A saved file entry read defensively: imported conversations carry LibreChat's own shapes. */
function viewOf(file: MessageFile, now: number): FileView | null {
  const filepath = text(file.filepath);
  // Only this site's download paths are fetched with the user's token.
  if (!filepath.startsWith('/api/files/')) return null;
  const expiresAt = Date.parse(text(file.expiresAt));
  return { file_id: file.file_id, filename: text(file.filename) || file.file_id, filepath, type: text(file.type), bytes: number(file.bytes), width: number(file.width), height: number(file.height), expired: Number.isFinite(expiresAt) && expiresAt <= now };
}

/** The object URL of a stored file's bytes while mounted; null while loading or when it failed. */
function useStoredFileUrl(filepath: string): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchStoredFile(filepath, controller.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      })
      .catch(() => !controller.signal.aborted && setState({ url: null, failed: true }));
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [filepath]);
  return state;
}

function ImageAttachment({ file }: { file: FileView }) {
  const { t } = useTranslation();
  const { url, failed } = useStoredFileUrl(file.filepath);
  const [open, setOpen] = useState(false);
  if (failed) return <FileAttachment file={file} />;
  const ratio = file.width && file.height ? `${file.width} / ${file.height}` : '4 / 3';
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} disabled={!url} aria-label={t('attachments.open', { name: file.filename })} className="block h-32 max-w-64 cursor-zoom-in overflow-hidden rounded-xl border border-line bg-sunken/60" style={{ aspectRatio: ratio }}>
        {url ? <img src={url} alt={file.filename} className="size-full object-cover" /> : null}
      </button>
      <LazyModal open={open} onOpenChange={setOpen} title={file.filename} size="xl">
        <div className="overflow-auto px-6 pb-6">{url ? <img src={url} alt={file.filename} className="mx-auto max-h-[75dvh] w-auto max-w-full rounded-lg object-contain" /> : null}</div>
      </LazyModal>
    </>
  );
}

function FileAttachment({ file }: { file: FileView }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const size = file.bytes === null ? '' : formatBytes(file.bytes, i18n.language);
  if (file.expired) return <AttachmentChip name={file.filename} type={file.type} tone="muted" detail={t('attachments.expired')} />;
  const download = async () => {
    setBusy(true);
    try {
      const blob = await fetchStoredFile(file.filepath);
      downloadFile(file.filename, blob, blob.type || file.type);
    } catch {
      showToast({ message: t('attachments.downloadError'), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <AttachmentChip
      name={file.filename}
      type={file.type}
      detail={size}
      action={
        <button type="button" onClick={() => void download()} disabled={busy} aria-label={t('attachments.download', { name: file.filename })} title={t('attachments.download', { name: file.filename })} className="grid size-8 shrink-0 place-items-center rounded-full text-ink-soft hover:bg-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-focus disabled:opacity-50">
          <AttachmentIcon name="download" />
        </button>
      }
    />
  );
}

type FileEntry = Pick<MessageFile, 'file_id'> & Record<string, unknown>;

function FileList({ files, label, className }: { files: readonly FileEntry[]; label: string; className: string }) {
  const [now] = useState(() => Date.now());
  const views = files.flatMap((file) => viewOf(file as MessageFile, now) ?? []);
  if (views.length === 0) return null;
  return (
    <ul aria-label={label} className={className}>
      {views.map((file) => (
        <li key={file.file_id} className="max-w-full">
          {file.type.startsWith('image/') && file.type !== 'image/svg+xml' && !file.expired ? <ImageAttachment file={file} /> : <FileAttachment file={file} />}
        </li>
      ))}
    </ul>
  );
}

/** The files a user attached to a message: images as thumbnails opening full size, the rest as chips that download. */
export function MessageAttachments({ files }: { files: Message['files'] }) {
  const { t } = useTranslation();
  return <FileList files={files ?? []} label={t('attachments.list')} className="mb-2 flex flex-wrap justify-end gap-2" />;
}

/** Files a tool made for a reply (a plot, a CSV): images shown inline, the rest as downloads. */
export function ToolFiles({ files }: { files: readonly FileEntry[] }) {
  const { t } = useTranslation();
  return <FileList files={files} label={t('attachments.toolFiles')} className="flex flex-wrap gap-2" />;
}
