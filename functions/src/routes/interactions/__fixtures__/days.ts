import { randomUUID } from 'node:crypto';
import type { CreateInteractionBody, InteractionType } from '@meld/shared';
import { localDate, localTime } from '../../../domain/compass/local-time.ts';
import { insertInteraction, type StoredInteraction } from '../../../store/interaction-store.ts';
import { registerMember, type ApiClient } from '../../api-test-kit.ts';

/** Zones an hour or so apart all around the globe, so some zone is at any wanted hour now. */
const ZONES = [
  'Pacific/Pago_Pago', 'Pacific/Honolulu', 'America/Anchorage', 'America/Los_Angeles', 'America/Denver', 'America/Chicago',
  'America/New_York', 'America/Halifax', 'America/Sao_Paulo', 'America/Noronha', 'Atlantic/Azores', 'UTC',
  'Africa/Lagos', 'Africa/Cairo', 'Europe/Moscow', 'Asia/Dubai', 'Asia/Karachi', 'Asia/Dhaka',
  'Asia/Bangkok', 'Asia/Shanghai', 'Asia/Tokyo', 'Australia/Brisbane', 'Pacific/Noumea', 'Pacific/Fiji', 'Pacific/Tongatapu',
];

export interface ZoneDay {
  timeZone: string;
  /** That zone's calendar day now. */
  today: string;
}

/**
 * A zone whose local hour now is within [fromHour, toHour], for saving "today" at a wanted time
 * of day. Keep the range an hour clear of midnight and of 15:00 so a slow test stays on its side.
 */
export function zoneAtHour(fromHour: number, toHour: number, now = new Date()): ZoneDay {
  const timeZone = ZONES.find((zone) => {
    const { hour } = localTime(now, zone);
    return hour >= fromHour && hour <= toHour;
  });
  if (!timeZone) throw new Error(`No test zone is between ${fromHour}:00 and ${toHour}:59 now`);
  return { timeZone, today: localDate(now, timeZone) };
}

/** Somewhere it is the evening now (the check-in is open); somewhere it is morning (it is not). */
export const eveningZone = () => zoneAtHour(16, 21);
export const morningZone = () => zoneAtHour(4, 12);

/** An interaction body of a type; slider answers for mood and energy, text for the others. */
export function entry(type: InteractionType, answer: number | string, date: string): CreateInteractionBody {
  return {
    kind: type === 'evening-reflection' ? 'reflection' : 'compass',
    promptText: `Your ${type}?`,
    captureMethod: typeof answer === 'number' ? 'slider' : 'text',
    interactionMeta: { type },
    date,
    ...(typeof answer === 'number' ? { numericAnswer: answer } : { responseText: answer }),
  };
}

/** Writes an interaction of a past day straight into the member's partition: the API takes only today's. */
export async function seedInteraction(userId: string, body: CreateInteractionBody, capturedAt = `${body.date}T12:00:00.000Z`): Promise<StoredInteraction> {
  const interaction: StoredInteraction = { ...body, _id: randomUUID(), capturedAt, updatedAt: capturedAt };
  if (!(await insertInteraction(userId, interaction))) throw new Error(`Interaction ${interaction._id} exists already`);
  return interaction;
}

/** A member whose browser is in `timeZone`: every request carries it, as the web app's do. */
export async function zonedMember(client: ApiClient, timeZone: string) {
  const { token, response } = await registerMember(client);
  const userId = (response.json as { user: { id: string } }).user.id;
  const headers = { authorization: `Bearer ${token}`, 'x-meld-time-zone': timeZone };
  return {
    userId,
    call: <T = unknown>(method: string, path: string, json?: unknown) => client.request<T>(method, path, { headers, ...(json === undefined ? {} : { json }) }),
  };
}
