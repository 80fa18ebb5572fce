import { createHash } from 'node:crypto';
import type { Request } from 'autocannon';
import type { AskEvent } from '@meld/shared';
import { askBodyFor, finalEvent, type Member } from './members.ts';

/** A signed-in member with the conversation the bench keeps talking in. */
export interface LoadUser extends Member {
  conversationId: string;
  /** The latest reply, which the next message answers. */
  replyId: string;
}

export const REQUEST_KINDS = ['list conversations', 'open conversation', 'send message'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** A message the API streamed a finished reply to: both must be in the table afterwards. */
export interface Acknowledged {
  userId: string;
  conversationId: string;
  messageId: string;
  replyId: string;
}

export interface TrafficLog {
  /** Milliseconds per response, by kind. */
  timings: Record<RequestKind, number[]>;
  /** Responses other than 200, by kind and status, with one body to show what went wrong. */
  refused: Map<string, { count: number; sample: string }>;
  acknowledged: Acknowledged[];
  /** 200s whose stream ended in an error event instead of a finished reply. */
  streamErrors: string[];
}

interface CycleContext {
  user?: number;
  sentAt?: number;
  messageId?: string;
}

function streamEvents(body: string): AskEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .flatMap((block) => {
      try {
        return [JSON.parse(block.slice('data: '.length)) as AskEvent];
      } catch {
        return [];
      }
    });
}

/**
 * What each autocannon connection does in a loop: list its conversations, open one, send a message
 * to the fake provider, as one signed-in person at a time. A cycle takes a member no other
 * connection is using (so replies chain without two sends racing in one conversation) and gives it
 * back once the reply has finished.
 */
export function trafficFor(users: LoadUser[]): { requests: Request[]; log: TrafficLog } {
  const free = users.map((_, index) => index);
  let fallback = 0;
  const log: TrafficLog = {
    timings: { 'list conversations': [], 'open conversation': [], 'send message': [] },
    refused: new Map(),
    acknowledged: [],
    streamErrors: [],
  };

  const userOf = (context: object) => users[(context as CycleContext).user!]!;
  const auth = (member: Member) => ({ authorization: `Bearer ${member.token}` });
  const record = (kind: RequestKind, status: number, body: string, context: object) => {
    const { sentAt } = context as CycleContext;
    if (sentAt !== undefined) log.timings[kind].push(performance.now() - sentAt);
    if (status === 200) return;
    // autocannon reports a request it gave up on (its timeout) without a status.
    const key = `${kind}: ${status === undefined ? 'timed out' : status}`;
    const seen = log.refused.get(key) ?? { count: 0, sample: body.slice(0, 300) };
    log.refused.set(key, { ...seen, count: seen.count + 1 });
  };

  const requests: Request[] = [
    {
      setupRequest: (request, context) => {
        const cycle = context as CycleContext;
        // A connection whose send timed out never gave its member back; borrow one rather than stall.
        cycle.user = free.shift() ?? fallback++ % users.length;
        cycle.sentAt = performance.now();
        return { ...request, method: 'GET', path: '/api/convos?limit=25', headers: auth(userOf(context)) };
      },
      onResponse: (status, body, context) => record('list conversations', status, body, context),
    },
    {
      setupRequest: (request, context) => {
        (context as CycleContext).sentAt = performance.now();
        const user = userOf(context);
        return { ...request, method: 'GET', path: `/api/messages/${user.conversationId}`, headers: auth(user) };
      },
      onResponse: (status, body, context) => record('open conversation', status, body, context),
    },
    {
      setupRequest: (request, context) => {
        const cycle = context as CycleContext;
        const user = userOf(context);
        const ask = askBodyFor(`Message at ${new Date().toISOString()}: tell me more.`, user.conversationId, user.replyId);
        const body = JSON.stringify(ask);
        cycle.messageId = ask.messageId;
        cycle.sentAt = performance.now();
        // As the browser sends it behind CloudFront OAC: the body's SHA-256, the token beside Authorization.
        const headers = { 'content-type': 'application/json', 'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'), 'x-meld-authorization': `Bearer ${user.token}` };
        return { ...request, method: 'POST', path: '/api/ask/custom', headers, body };
      },
      onResponse: (status, body, context) => {
        const cycle = context as CycleContext;
        const user = userOf(context);
        record('send message', status, body, context);
        if (status === 200) {
          const events = streamEvents(body);
          const final = finalEvent(events);
          if (final) {
            log.acknowledged.push({ userId: user.userId, conversationId: user.conversationId, messageId: cycle.messageId!, replyId: final.responseMessage.messageId });
            user.replyId = final.responseMessage.messageId;
          } else {
            const error = events.find((event) => event.type === 'error');
            log.streamErrors.push(error?.type === 'error' ? `${error.code}: ${error.message}` : 'stream ended without a final event');
          }
        }
        if (!free.includes(cycle.user!)) free.push(cycle.user!);
      },
    },
  ];
  return { requests, log };
}
