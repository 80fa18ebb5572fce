import type { FileRecord } from '@meld/shared';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { getSession } from '@/lib/auth-session.ts';
import { draftStorageKey } from '@/lib/draft-storage.ts';
import { local } from '@/lib/storage.ts';

/** Spec 000 section 9: drafts are written 2.5 s after the last keystroke. */
export const DRAFT_DEBOUNCE_MS = 2_500;

/** An uploaded file as a message carries it (spec 000 Message.files). */
export type DraftFile = Pick<FileRecord, 'file_id' | 'filename' | 'filepath' | 'type' | 'bytes' | 'width' | 'height' | 'expiresAt'>;

/** Why the last send of this draft was refused (kept in memory only: it is stale after a reload). */
export interface DraftRefusal {
  code: string;
  message: string;
}

export interface Draft {
  text: string;
  /** Uploaded files (their metadata): they come back as attached, nothing is uploaded again. */
  files: readonly DraftFile[];
  refusal?: DraftRefusal;
}

const EMPTY: Draft = { text: '', files: [] };

/*
 * One store for every composer: a draft outlives the composer showing it, because the new-chat
 * page swaps its layout (and so its composer) while a send is in flight, and the answer that gives
 * the draft back may come after. Memory holds the live draft; storage a copy when drafts are saved.
 */
const live = new Map<string, Draft>();
/** Text writes waiting out the debounce, with the member each is for. */
const pending = new Map<string, { timer: ReturnType<typeof setTimeout>; userId: string }>();
const mounted = new Map<string, number>();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function parse(raw: string | null): Draft {
  if (!raw) return EMPTY;
  try {
    const value = JSON.parse(raw) as Partial<Draft>;
    const files = Array.isArray(value.files) ? value.files.filter((file): file is DraftFile => typeof file?.file_id === 'string' && typeof file.filename === 'string' && typeof file.filepath === 'string' && typeof file.type === 'string' && typeof file.bytes === 'number') : [];
    return { text: typeof value.text === 'string' ? value.text : '', files };
  } catch {
    return EMPTY;
  }
}

function snapshot(key: string, save: boolean): Draft {
  let draft = live.get(key);
  if (!draft) {
    draft = save ? parse(local.get(key)) : EMPTY;
    live.set(key, draft);
  }
  return draft;
}

/** Writes the draft to storage now, unless its member has signed out meanwhile (sign-out forgets drafts). */
function persist(key: string, userId: string) {
  clearTimeout(pending.get(key)?.timer);
  pending.delete(key);
  if (getSession().user?.id !== userId) return;
  const draft = live.get(key) ?? EMPTY;
  if (draft.text.trim() || draft.files.length) local.set(key, JSON.stringify({ text: draft.text, files: draft.files }));
  else local.remove(key);
}

// A reload or a closed tab within the debounce still keeps what was typed.
if (typeof window !== 'undefined') window.addEventListener('pagehide', () => [...pending].forEach(([key, { userId }]) => persist(key, userId)));

function update(key: string, change: Partial<Draft> | null) {
  live.set(key, change === null ? EMPTY : { ...(live.get(key) ?? EMPTY), ...change });
  for (const listener of listeners) listener();
}

/** The draft's key for the signed-in member and a conversation (null: /c/new). */
export function draftKey(conversationId: string | null): string {
  return draftStorageKey(getSession().user?.id ?? 'anonymous', conversationId);
}

/**
 * The composer's draft for one conversation: text and attached files, shared by every composer of
 * that conversation. With `save` on (the save-drafts setting) it is kept on this device, text
 * 2.5 s after the last keystroke and files at once, so a reload loses nothing; with it off nothing
 * is read or written, and the draft goes once no composer shows it.
 */
export function useDraft(conversationId: string | null, save = true) {
  const userId = getSession().user?.id ?? 'anonymous';
  const key = draftStorageKey(userId, conversationId);
  const draft = useSyncExternalStore(subscribe, () => snapshot(key, save));

  useEffect(() => {
    mounted.set(key, (mounted.get(key) ?? 0) + 1);
    return () => {
      mounted.set(key, (mounted.get(key) ?? 1) - 1);
      // Later, so a composer remounting in the same commit (the new-chat page's layouts) keeps it.
      if (!save)
        setTimeout(() => {
          if (!mounted.get(key)) live.delete(key);
        }, 0);
    };
  }, [key, save]);

  const setText = useCallback(
    (text: string) => {
      update(key, { text });
      clearTimeout(pending.get(key)?.timer);
      if (save) pending.set(key, { timer: setTimeout(() => persist(key, userId), DRAFT_DEBOUNCE_MS), userId });
    },
    [key, save, userId],
  );

  const setFiles = useCallback(
    (files: readonly DraftFile[]) => {
      update(key, { files });
      if (save) persist(key, userId);
    },
    [key, save, userId],
  );

  /**
   * Empties the composer as a send starts. The saved copy stays until the send is accepted
   * (`accepted`), so closing the tab mid-send loses nothing.
   */
  const clear = useCallback(() => {
    // The text typed since the last write goes to storage first: it is what is being sent.
    if (save) persist(key, userId);
    update(key, null);
  }, [key, save, userId]);

  /** The send was saved by the server: storage now holds only what was typed since, if anything. */
  const accepted = useCallback(() => {
    if (save) persist(key, userId);
    else local.remove(key);
  }, [key, save, userId]);

  /** Gives a refused send's draft back, with why it was refused. */
  const refused = useCallback(
    (sent: Pick<Draft, 'text' | 'files'>, refusal: DraftRefusal) => {
      const current = live.get(key) ?? EMPTY;
      // Whatever was typed meanwhile is kept after the sent text.
      const text = current.text.trim() ? `${sent.text}\n\n${current.text}` : sent.text;
      const known = new Set(sent.files.map((file) => file.file_id));
      update(key, { text, files: [...sent.files, ...current.files.filter((file) => !known.has(file.file_id))], refusal });
      if (save) persist(key, userId);
    },
    [key, save, userId],
  );

  const dismissRefusal = useCallback(() => update(key, { refusal: undefined }), [key]);

  return useMemo(() => ({ ...draft, setText, setFiles, clear, accepted, refused, dismissRefusal }), [draft, setText, setFiles, clear, accepted, refused, dismissRefusal]);
}

/** Test helper: no draft in memory and no write pending. */
export function resetDraftsForTests(): void {
  for (const { timer } of pending.values()) clearTimeout(timer);
  pending.clear();
  live.clear();
  mounted.clear();
}
