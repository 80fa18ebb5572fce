import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES } from '@meld/shared';
import { moveRequestClock, requestTime } from '../http/clock.ts';
import { sendJson } from './http-result.ts';

/** Where the local runtime's clock is read and moved; never part of the route table, never deployed. */
export const CLOCK_CONTROL_PATH = '/__local/clock';

/**
 * `GET` answers `{ now }`; `PUT {"now": ISO-8601}` moves the clock every handler reads to that
 * instant, from where it keeps running. Only with MELD_CLOCK_CONTROL=1 (decision 0008).
 */
export async function handleClockControl(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
  if (req.method === 'PUT') {
    let at: Date | undefined;
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { now?: unknown };
      if (typeof parsed.now === 'string' && !Number.isNaN(Date.parse(parsed.now))) at = new Date(parsed.now);
    } catch {
      // Answered below as a bad request.
    }
    if (!at) return sendJson(res, 400, { code: ERROR_CODES.validation, message: 'Send {"now": "<ISO-8601 instant>"}' });
    moveRequestClock(at);
  } else if (req.method !== 'GET') {
    return sendJson(res, 405, { code: ERROR_CODES.methodNotAllowed, message: `${req.method} is not allowed for ${CLOCK_CONTROL_PATH}; use GET, PUT` }, { allow: 'GET, PUT' });
  }
  return sendJson(res, 200, { now: requestTime().toISOString() });
}
