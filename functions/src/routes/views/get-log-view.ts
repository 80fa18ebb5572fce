import { timeZoneHeader } from '../../domain/compass/user-clock.ts';
import { logView } from '../../domain/log/log-view.ts';
import { coachHighlightSource, fragmentSource, interactionSource, weaveSource, winSource } from '../../domain/log/sources.ts';
import { defineHandler } from '../../http/handler.ts';
import { listCoachHighlightsBetween } from '../../store/coach-chat-store.ts';
import { getConversations } from '../../store/conversation-store.ts';
import * as fragmentStore from '../../store/fragment-store.ts';
import * as interactionStore from '../../store/interaction-store.ts';
import { getUserTimeZone, saveUserTimeZone } from '../../store/user-store.ts';
import * as winStore from '../../store/win-store.ts';

const sources = [
  interactionSource(interactionStore),
  winSource(winStore),
  fragmentSource(fragmentStore),
  weaveSource(fragmentStore),
  coachHighlightSource({ listCoachHighlightsBetween, getConversations }),
];

export const handler = defineHandler('getLogView', async ({ auth, query, event, now }) =>
  logView(auth.userId, query.month, timeZoneHeader(event.headers), now, { getUserTimeZone, saveUserTimeZone, sources }),
);
