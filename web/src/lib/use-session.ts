import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type SessionState } from './auth-session.ts';

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
