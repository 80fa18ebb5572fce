import { MENTOR_FEED, type CompassDay, type FeedCard } from '@meld/shared';
import { addDays } from '../compass/local-time.ts';
import { onSpokenDay, spokenDay } from '../spoken-day.ts';

/**
 * The member's records the triggers read, on their local days; routes gather them, tests fix them.
 * Card words name days as people write them ("on Thursday"), seen from the member's today.
 */
export interface FeedInput {
  /** The member's local today. */
  today: string;
  /** Compass and evening days, any order. */
  days: CompassDay[];
  wins: { date: string; title: string }[];
  themes: { id: string; label: string; fragmentCount: number; changePercent: number | null }[];
  /** The latest North-Star narrative's goals (none before the first narrative). */
  goals: { id: string; title: string; alignment: string; completed: boolean }[];
  /** A real coach answers coach chats; without one no card offers to start a chat (decision 0049). */
  coachAvailable: boolean;
}

/** A card before the member's state (read) is applied. */
export type GeneratedCard = Omit<FeedCard, 'isRead'>;

const EVENING = { label: 'Open evening check-in', href: '/today?reflect=evening' };
const COACH = { label: 'Start a coach chat', href: '/chats' };
const coachAction = (input: FeedInput) => (input.coachAvailable ? COACH : null);
const at = (date: string) => `${date}T12:00:00.000Z`;
const card = (fields: Omit<GeneratedCard, 'canSnooze' | 'canMute'>): GeneratedCard => ({ ...fields, canSnooze: true, canMute: true });

/**
 * The current run of low-energy days: a low today always gets a card, since Today's recharge nudge
 * (energy below 40, spec 002) links here and must land on it; a run that ended yesterday still gets
 * one once it is long enough. The id is the run's first day, so a snooze holds while the run goes on.
 */
function recharge(input: FeedInput): GeneratedCard[] {
  const energy = new Map(input.days.filter((day) => day.energy !== null).map((day) => [day.date, day.energy!]));
  const low = (date: string) => (energy.get(date) ?? 100) < MENTOR_FEED.lowEnergy;
  const lowToday = low(input.today);
  const end = lowToday ? input.today : addDays(input.today, -1);
  let start = end;
  const run: number[] = [];
  while (low(start)) {
    run.push(energy.get(start)!);
    start = addDays(start, -1);
  }
  if (run.length === 0 || (!lowToday && run.length < MENTOR_FEED.lowEnergyDays)) return [];
  const first = addDays(start, 1);
  const content =
    run.length === 1
      ? `Your energy is ${run[0]} today. A short evening check-in can show what is draining you and what would help.`
      : `Your energy has been below ${MENTOR_FEED.lowEnergy} for ${run.length} days running. A short evening check-in can show what is draining you and what would help.`;
  return [
    card({
      id: `recharge-${first}`,
      type: 'nudge',
      trigger: 'recharge',
      title: 'Time to recharge',
      content,
      timestamp: at(end),
      source: 'Daily compass',
      sourceDetails:
        run.length === 1
          ? `Energy ${run[0]} ${onSpokenDay(end, input.today)}`
          : `Energy ${[...run].reverse().join(', ')} from ${spokenDay(first, input.today)} to ${spokenDay(end, input.today)}`,
      primaryAction: EVENING,
      secondaryAction: coachAction(input),
    }),
  ];
}

function goalDrift(input: FeedInput): GeneratedCard[] {
  return input.goals
    .filter((goal) => goal.alignment === 'drifting' && !goal.completed)
    .map((goal) =>
      card({
        id: `goal-drift-${goal.id}`,
        type: 'task-nudge',
        trigger: 'goal-drift',
        title: `“${goal.title}” is drifting`,
        content: 'Your recent entries say little about this goal. Pick one small step for it this week.',
        timestamp: at(input.today),
        source: 'North-Star narrative',
        sourceDetails: `Goal “${goal.title}” marked drifting in your latest narrative`,
        primaryAction: { label: 'Open the goal', href: '/library/north-star' },
        secondaryAction: coachAction(input),
      }),
    );
}

/** Recent past days with a win and no evening reflection (today's evening may still come). */
function unreflectedWins(input: FeedInput): GeneratedCard[] {
  const reflected = new Set(input.days.filter((day) => day.eveningNote !== null).map((day) => day.date));
  const from = addDays(input.today, -MENTOR_FEED.winLookbackDays);
  const byDate = new Map<string, string[]>();
  for (const win of input.wins) {
    if (win.date < from || win.date >= input.today || reflected.has(win.date)) continue;
    byDate.set(win.date, [...(byDate.get(win.date) ?? []), win.title]);
  }
  return [...byDate.entries()].map(([date, titles]) => {
    const when = onSpokenDay(date, input.today);
    return card({
      id: `unreflected-win-${date}`,
      type: 'journal-prompt',
      trigger: 'unreflected-win',
      title: 'What made this win possible?',
      content: `You logged “${titles[0]}” ${when} but did not reflect that evening. Capture what it taught you while it is fresh.`,
      timestamp: at(date),
      source: 'Wins vault',
      sourceDetails: `${titles.length === 1 ? '1 win' : `${titles.length} wins`} ${when}, no evening reflection`,
      // Straight into the capture dialog (the fragments page opens it from this address).
      primaryAction: { label: 'Capture a fragment', href: '/fragments?capture=quick' },
      secondaryAction: { label: 'Open Wins Vault', href: '/library/wins-vault' },
    });
  });
}

/** One card per growing theme per month, so a steady rise does not repeat daily. */
function themeGrowth(input: FeedInput): GeneratedCard[] {
  return input.themes
    .filter((theme) => theme.changePercent !== null && theme.changePercent >= MENTOR_FEED.themeGrowthPercent)
    .map((theme) =>
      card({
        id: `theme-growth-${theme.id}-${input.today.slice(0, 7)}`,
        type: 'insight',
        trigger: 'theme-growth',
        title: `${theme.label} is on your mind`,
        content: `Fragments about ${theme.label.toLowerCase()} are up ${theme.changePercent}% on the 30 days before. It may be worth weaving them into a reflection.`,
        timestamp: at(input.today),
        source: 'Fragment themes',
        sourceDetails: `${theme.fragmentCount} fragments in ${theme.label}, +${theme.changePercent}% over 30 days`,
        primaryAction: { label: 'Open fragments', href: '/fragments' },
        secondaryAction: coachAction(input),
      }),
    );
}

/** Only for members who have used the compass: the gap is counted from their last answer. */
function compassGap(input: FeedInput): GeneratedCard[] {
  const answered = input.days.filter((day) => day.mood !== null || day.energy !== null || day.note !== null).map((day) => day.date);
  if (answered.length === 0) return [];
  const last = answered.reduce((a, b) => (b > a ? b : a));
  if (last > addDays(input.today, -MENTOR_FEED.compassGapDays)) return [];
  return [
    card({
      id: `compass-gap-${last}`,
      type: 'nudge',
      trigger: 'compass-gap',
      title: 'A gentle check-in',
      content: 'It has been a few days since your last compass. Two sliders and a line are enough to pick the thread back up.',
      timestamp: at(input.today),
      source: 'Daily compass',
      sourceDetails: `Last compass ${onSpokenDay(last, input.today)}`,
      primaryAction: { label: 'Open Today', href: '/today' },
      secondaryAction: null,
    }),
  ];
}

/** Every trigger's cards, newest first (id breaks a tie, so the order is stable). */
export function generateCards(input: FeedInput): GeneratedCard[] {
  return [...recharge(input), ...goalDrift(input), ...unreflectedWins(input), ...themeGrowth(input), ...compassGap(input)].sort(
    (a, b) => b.timestamp.localeCompare(a.timestamp) || a.id.localeCompare(b.id),
  );
}
