import { addDays } from '../compass/local-time.ts';

/*
 * Days named the way people write them: "today", "yesterday", a weekday within the last week,
 * else "4 December" (with the year when it is another year). Dates are the member's local days
 * (YYYY-MM-DD), so naming them needs no zone: they are read at noon UTC.
 */

const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

export function weekdayOf(date: string): string {
  return WEEKDAY.format(atNoon(date));
}

/** The day as a member would name it on `today`: "today", "yesterday", "Tuesday" or "4 December". */
export function dayName(date: string, today: string): string {
  if (date === today) return 'today';
  if (date === addDays(today, -1)) return 'yesterday';
  if (date < today && date >= addDays(today, -6)) return weekdayOf(date);
  return (date.slice(0, 4) === today.slice(0, 4) ? DAY_MONTH : DAY_MONTH_YEAR).format(atNoon(date));
}

/** "today", "yesterday", "on Tuesday", "on 4 December": the day after a verb. */
export function onDay(date: string, today: string): string {
  const name = dayName(date, today);
  return name === 'today' || name === 'yesterday' ? name : `on ${name}`;
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A piece of a member's text in curly quotes, cut at a word near `max` characters. */
export function quoted(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return `“${flat}”`;
  const cut = flat.slice(0, max);
  const atWord = cut.lastIndexOf(' ');
  return `“${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.–—-]+$/, '')}…”`;
}

/** A sentence ending in a quotation: its full stop unless the quote ends one already. */
export function endQuoted(sentence: string): string {
  return /[.!?…]”$/.test(sentence) ? sentence : `${sentence}.`;
}

/** "1 fragment", "3 fragments". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "a", "a and b", "a, b and c". */
export function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
