import type { PublicUser } from '@meld/shared';
import { forgetDrafts } from './draft-storage.ts';

/**
 * The signed-in session. The access token lives in memory only (never in web storage); a reload
 * restores it through the HttpOnly refresh cookie. Other tabs follow through a BroadcastChannel,
 * with a storage-event ping as a fallback that carries no token.
 */
export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: PublicUser | null;
  /**
   * Signed in: where the guest-only guard sends the user once a sign-in completes. Signed out on
   * purpose: where the sign-in guard sends them (declining the terms goes to /login?redirect=false).
   */
  redirectTo: string | null;
  /** True after a deliberate sign-out, so the next sign-in does not return to the old page. */
  signedOut: boolean;
}

type Listener = () => void;
type BroadcastMessage = { type: 'token-updated'; token: string | null; user: PublicUser | null };

export const TOKEN_UPDATED_EVENT = 'token-updated';
const CHANNEL_NAME = 'meld-auth';

const initialState: SessionState = { status: 'unknown', token: null, user: null, redirectTo: null, signedOut: false };
let state: SessionState = initialState;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;
let onPeerPing: (() => void) | null = null;

function emit(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function broadcast(message: BroadcastMessage): void {
  if (channel) {
    channel.postMessage(message);
    return;
  }
  try {
    // Fallback for browsers without BroadcastChannel: a ping only; peers refresh on their own.
    localStorage.setItem(TOKEN_UPDATED_EVENT, String(Date.now()));
  } catch {
    // Storage can be unavailable (private mode); other tabs then catch up on their next 401.
  }
}

export function getSession(): SessionState {
  return state;
}

export function getAccessToken(): string | null {
  return state.token;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

interface SetOptions {
  redirectTo?: string;
  /** False when the change came from another tab, so it is not echoed back. */
  broadcast?: boolean;
}

export function setSession(token: string, user: PublicUser | null, options: SetOptions = {}): void {
  emit({ status: 'authenticated', token, user: user ?? state.user, redirectTo: options.redirectTo ?? null, signedOut: false });
  if (options.broadcast !== false) broadcast({ type: 'token-updated', token, user: user ?? state.user });
}

interface ClearOptions {
  broadcast?: boolean;
  /** The user asked to sign out (here or in another tab), as opposed to a session that expired. */
  signedOut?: boolean;
  /** Where a deliberate sign-out lands, an app path; the sign-in guard goes there instead of /login. */
  redirectTo?: string;
}

export function clearSession(options: ClearOptions = {}): void {
  const wasSignedIn = state.status === 'authenticated';
  const signedOut = options.signedOut ?? false;
  // A deliberate sign-out takes the unsent drafts with it; a session that merely expired keeps them.
  if (signedOut) forgetDrafts();
  emit({ status: 'anonymous', token: null, user: null, redirectTo: (signedOut && options.redirectTo) || null, signedOut });
  if (wasSignedIn && options.broadcast !== false) broadcast({ type: 'token-updated', token: null, user: null });
}

/**
 * Listens for session changes made in other tabs. `onPing` runs when only a storage ping arrives
 * (no token attached), so the caller can refresh from the cookie.
 */
export function startSessionSync(onPing: () => void): () => void {
  onPeerPing = onPing;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent<BroadcastMessage>) => {
      const message = event.data;
      if (message?.type !== 'token-updated') return;
      if (message.token) setSession(message.token, message.user, { broadcast: false });
      // Only a sign-out clears every tab at once (an expiry is discovered by each tab itself).
      else clearSession({ broadcast: false, signedOut: true });
    };
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_UPDATED_EVENT) onPeerPing?.();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener('storage', onStorage);
    channel?.close();
    channel = null;
    onPeerPing = null;
  };
}

/** Test helper: back to the pre-bootstrap state. */
export function resetSessionForTests(): void {
  state = initialState;
  listeners.clear();
}
