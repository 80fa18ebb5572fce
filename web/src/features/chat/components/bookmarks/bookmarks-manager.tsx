import type { Tag } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type DragEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { showToast } from '@/lib/toast.ts';
import { tagsQuery } from '../../api/chat-queries.ts';
import { tagErrorMessage, useCreateTag, useDeleteTag, useMoveTag, useUpdateTag } from '../../api/tag-mutations.ts';
import { BookmarkFields, type BookmarkDraft } from './bookmark-fields.tsx';
import { BookmarkRow, type FocusTarget } from './bookmark-row.tsx';

interface BookmarksManagerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A bookmark was renamed or deleted: a filter holding its old name follows. */
  onRenamed: (from: string, to: string) => void;
  onDeleted: (tag: string) => void;
}

/**
 * The bookmarks (tags) manager: create, rename, describe, reorder and delete. Order is the tag's
 * `position`, changed by dragging a row or with each row's move buttons (the keyboard's way), and
 * announced to screen readers. Renames and deletes reach the conversations through the server's
 * background job; the cached ones change at once (tag-mutations.ts).
 */
export function BookmarksManager({ open, onOpenChange, onRenamed, onDeleted }: BookmarksManagerProps) {
  const { t } = useTranslation();
  const tags = useQuery({ ...tagsQuery, enabled: open });
  const create = useCreateTag();
  const update = useUpdateTag();
  const move = useMoveTag();
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<string | null>(null);
  // Where focus goes once a row has re-rendered: the row's tag and button, and for a move the place
  // the row is going to (the list changes a render after the click).
  const [focusRequest, setFocusRequest] = useState<{ tag: string; target: FocusTarget; at?: number } | null>(null);
  const focusGiven = useCallback(() => setFocusRequest(null), []);
  const [announcement, setAnnouncement] = useState('');
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropOn, setDropOn] = useState<string | null>(null);
  const [newFormKey, setNewFormKey] = useState(0);
  const list = tags.data ?? [];
  // Focus hand-backs belong to this opening: the rows mount afresh next time and must not grab focus.
  const changeOpen = (next: boolean) => {
    if (!next) {
      setEditing(null);
      setFocusRequest(null);
    }
    onOpenChange(next);
  };

  const moveTo = (tag: string, position: number, button: 'up' | 'down' | null) => {
    const target = Math.max(0, Math.min(position, list.length - 1));
    if (list.findIndex((other) => other.tag === tag) === target) return;
    setFocusRequest(button ? { tag, target: button, at: target } : null);
    setAnnouncement(t('chat.bookmarks.manager.moved', { tag, place: String(target + 1), total: String(list.length) }));
    move.mutate({ tag, position: target });
  };

  const save = (tag: Tag, draft: BookmarkDraft) => {
    const change = { ...(draft.tag !== tag.tag ? { tag: draft.tag } : {}), ...(draft.description !== (tag.description ?? '') ? { description: draft.description || null } : {}) };
    if (!Object.keys(change).length) {
      closeEditor(tag.tag);
      return;
    }
    update.mutate(
      { tag: tag.tag, change },
      {
        onSuccess: (updated) => {
          if (updated.tag !== tag.tag) onRenamed(tag.tag, updated.tag);
          closeEditor(updated.tag);
          showToast({ message: t('chat.bookmarks.manager.saved', { tag: updated.tag }), severity: 'success' });
        },
      },
    );
  };
  const closeEditor = (tag: string) => {
    update.reset();
    setEditing(null);
    setFocusRequest({ tag, target: 'edit' });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const name = deleting.tag;
    remove.mutate(name, {
      onSuccess: () => {
        onDeleted(name);
        setDeleting(null);
        showToast({ message: t('chat.bookmarks.manager.deleted', { tag: name }), severity: 'success' });
      },
    });
  };

  const drop = (target: string) => (event: DragEvent) => {
    event.preventDefault();
    const tag = event.dataTransfer.getData('text/plain') || dragging;
    setDropOn(null);
    setDragging(null);
    if (tag && tag !== target) moveTo(tag, list.findIndex((other) => other.tag === target), null);
  };

  return (
    <>
      <Modal open={open} onOpenChange={changeOpen} title={t('chat.bookmarks.manager.title')} description={t('chat.bookmarks.manager.description')}>
        <div className="flex min-h-0 flex-col gap-4 overflow-y-auto px-6 pt-2 pb-6">
          {tags.isPending ? (
            <div className="flex justify-center py-6 text-accent">
              <Spinner label={t('loading')} />
            </div>
          ) : list.length === 0 ? (
            <p className="text-sm leading-relaxed text-ink-soft">{t('chat.bookmarks.manager.empty')}</p>
          ) : (
            <ol aria-label={t('chat.bookmarks.manager.list')} className="flex flex-col gap-1">
              {list.map((tag, index) => (
                <BookmarkRow
                  key={tag.tag}
                  tag={tag}
                  index={index}
                  total={list.length}
                  editing={editing === tag.tag}
                  saving={update.isPending}
                  saveError={update.error ? tagErrorMessage(update.error, t('chat.bookmarks.manager.saveFailed')) : null}
                  focusTarget={focusRequest?.tag === tag.tag && (focusRequest.at ?? index) === index ? focusRequest.target : null}
                  onFocused={focusGiven}
                  dropTarget={dropOn === tag.tag && dragging !== tag.tag}
                  onEdit={() => {
                    update.reset();
                    setFocusRequest(null);
                    setEditing(tag.tag);
                  }}
                  onCancelEdit={() => closeEditor(tag.tag)}
                  onSave={(draft) => save(tag, draft)}
                  onMove={(position, button) => moveTo(tag.tag, position, button)}
                  onDelete={() => setDeleting(tag)}
                  onDragStart={(event) => {
                    event.dataTransfer.setData('text/plain', tag.tag);
                    event.dataTransfer.effectAllowed = 'move';
                    setDragging(tag.tag);
                  }}
                  onDragOver={(event) => {
                    if (!dragging) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    setDropOn(tag.tag);
                  }}
                  onDrop={drop(tag.tag)}
                  onDragEnd={() => {
                    setDragging(null);
                    setDropOn(null);
                  }}
                />
              ))}
            </ol>
          )}
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
          <section className="border-t border-line pt-4">
            <BookmarkFields
              key={newFormKey}
              initial={{ tag: '', description: '' }}
              nameLabel={t('chat.bookmarks.manager.newName')}
              descriptionLabel={t('chat.bookmarks.manager.newDescription')}
              submitLabel={t('chat.bookmarks.manager.create')}
              pending={create.isPending}
              error={create.error ? tagErrorMessage(create.error, t('chat.bookmarks.manager.saveFailed')) : null}
              onSubmit={(draft) =>
                create.mutate(
                  { tag: draft.tag, description: draft.description || null },
                  {
                    onSuccess: (created) => {
                      create.reset();
                      setNewFormKey((key) => key + 1);
                      showToast({ message: t('chat.bookmarks.manager.created', { tag: created.tag }), severity: 'success' });
                    },
                  },
                )
              }
            />
          </section>
        </div>
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={t('chat.bookmarks.manager.deleteTitle', { tag: deleting?.tag ?? '' })}
        body={t('chat.bookmarks.manager.deleteBody', { count: deleting?.count ?? 0 })}
        confirmLabel={t('chat.bookmarks.manager.deleteConfirm')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </>
  );
}
