import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';

/** Line icons of attached files, on the 20×20 grid of the message icons. */
const paths = {
  paperclip: 'M14.5 9.5 9.3 14.7a3.2 3.2 0 0 1-4.5-4.5l5.6-5.6a2.1 2.1 0 0 1 3 3l-5.5 5.5a1 1 0 0 1-1.5-1.5l5-5',
  file: 'M11.5 3H6a1.5 1.5 0 0 0-1.5 1.5v11A1.5 1.5 0 0 0 6 17h8a1.5 1.5 0 0 0 1.5-1.5V7Zm0 0v4h4M7.5 10.5h5M7.5 13h3.5',
  image: 'M4.5 4h11a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Zm-1 9 3.5-3.5 3 3 2-2 3.5 3.5M12.5 7.5h.01',
  table: 'M4.5 4h11a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Zm-1 4.5h13M3.5 12.5h13M8.5 8.5V16',
  archive: 'M3.5 4.5h13v3h-13zM4.5 7.5v8a1 1 0 0 0 1 1h9a1 1 0 0 0 1-1v-8M8.5 10.5h3',
  download: 'M10 3.5v9M6.5 9 10 12.5 13.5 9M4.5 15.5h11',
} as const;

export type AttachmentIconName = keyof typeof paths;

export function AttachmentIcon({ name, className }: { name: AttachmentIconName; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={clsx('shrink-0', className ?? 'size-4')} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={paths[name]} />
    </svg>
  );
}

export type FileKind = 'image' | 'pdf' | 'text' | 'spreadsheet' | 'archive' | 'document' | 'file';

/** The kind a chip names and draws for a MIME type. */
export function fileKind(type: string): FileKind {
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if (/spreadsheet|excel|csv|tab-separated/.test(type)) return 'spreadsheet';
  if (/zip|tar|rar|7z|bzip|gzip/.test(type)) return 'archive';
  if (/word|presentation|powerpoint|opendocument|epub|rtf/.test(type)) return 'document';
  if (type.startsWith('text/') || /json|yaml|toml|typescript|javascript|x-tex/.test(type)) return 'text';
  return 'file';
}

const KIND_ICON: Record<FileKind, AttachmentIconName> = { image: 'image', pdf: 'file', text: 'file', spreadsheet: 'table', archive: 'archive', document: 'file', file: 'file' };

interface AttachmentChipProps {
  name: string;
  type: string;
  /** The line under the name: size, progress or an error. */
  detail: ReactNode;
  /** An image's thumbnail in place of the kind icon. */
  thumbnail?: string | null;
  tone?: 'default' | 'danger' | 'muted';
  /** A trailing control (remove, download). */
  action?: ReactNode;
  /** Progress 0 to 1 drawn along the chip's foot while uploading. */
  progress?: number | null;
}

/** One attached file: thumbnail or kind icon, its name, a detail line, and one action. */
export function AttachmentChip({ name, type, detail, thumbnail, tone = 'default', action, progress }: AttachmentChipProps) {
  const { t } = useTranslation();
  const kind = fileKind(type);
  return (
    <div className={clsx('relative flex w-60 max-w-full min-w-0 items-center gap-2.5 overflow-hidden rounded-xl border bg-surface p-2 pr-1.5', tone === 'danger' ? 'border-danger-line bg-danger-soft' : 'border-line')}>
      {thumbnail ? (
        <img src={thumbnail} alt="" className="size-10 shrink-0 rounded-lg object-cover" />
      ) : (
        <span className={clsx('grid size-10 shrink-0 place-items-center rounded-lg', kind === 'pdf' ? 'bg-accent/15 text-accent-strong' : 'bg-sunken text-ink-soft')}>
          <AttachmentIcon name={KIND_ICON[kind]} className="size-5" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className={clsx('block truncate text-sm font-medium', tone === 'muted' ? 'text-ink-faint' : 'text-ink')} title={name}>
          {name}
        </span>
        <span className={clsx('block truncate text-xs', tone === 'danger' ? 'text-danger' : 'text-ink-faint')}>
          {t(`attachments.kinds.${kind}`)} · {detail}
        </span>
      </span>
      {action}
      {progress !== null && progress !== undefined ? (
        <span className="absolute inset-x-0 bottom-0 h-0.5 bg-line" aria-hidden="true">
          <span className="block h-full bg-accent transition-[width] duration-300" style={{ width: `${Math.max(progress, 0.08) * 100}%` }} />
        </span>
      ) : null}
    </div>
  );
}
