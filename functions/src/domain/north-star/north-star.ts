import { CHAPTER_IDS, chapterWordCount, ERROR_CODES, NORTH_STAR, type ChapterId, type NarrativeVersion, type NorthStarResponse, type VersionSummary } from '@meld/shared';
import type { CoachModel } from '../reflection/coach.ts';
import { DomainError } from '../errors.ts';
import { narrativeChanges } from './changes.ts';
import { confidenceFactors, confidenceScore, dataSources, readiness, type NarrativeEvidence } from './evidence.ts';
import { parseNarrativeReply, type NarrativeReply } from './model-reply.ts';
import { narrativePrompt, retryTurns } from './prompt.ts';

/** A version as stored: when it was last edited, for the conditional write of an edit. */
export type StoredVersion = NarrativeVersion & { updatedAt: string };

export interface NorthStarStore {
  /** Writes a new version (never over an existing one). */
  putVersion(userId: string, version: StoredVersion): Promise<void>;
  getVersion(userId: string, versionId: string): Promise<StoredVersion | undefined>;
  /** The newest versions first. */
  latestVersions(userId: string, limit: number): Promise<StoredVersion[]>;
  /** Read, change, write back unless edited in between (then again); undefined when there is no such version. */
  updateVersion(userId: string, versionId: string, change: (current: StoredVersion) => StoredVersion): Promise<StoredVersion | undefined>;
}

export interface RegenerateDeps {
  store: NorthStarStore;
  coach: CoachModel | undefined;
  now: Date;
  newId(): string;
  onCoachError(error: unknown): void;
}

const versionNotFound = () => new DomainError('not-found', ERROR_CODES.notFound, 'Narrative version not found.');

export function toVersion(stored: StoredVersion): NarrativeVersion {
  const { updatedAt: _updatedAt, ...version } = stored;
  return version;
}

function summary(version: NarrativeVersion): VersionSummary {
  return { id: version.id, createdAt: version.createdAt, headline: version.headline, confidence: version.confidence, changes: version.changes };
}

/** The latest version and the history, or what is missing before there can be one. */
export async function northStarView(userId: string, evidence: NarrativeEvidence, coachConfigured: boolean, store: NorthStarStore): Promise<NorthStarResponse> {
  const versions = await store.latestVersions(userId, NORTH_STAR.historyShown);
  const ready = readiness(evidence, coachConfigured);
  const latest = versions[0];
  const status = latest ? 'ready' : ready.canGenerate ? 'not-generated' : 'insufficient-data';
  return { status, narrative: latest ? toVersion(latest) : null, versions: versions.map(summary), readiness: ready };
}

/**
 * The second ask must fit the request as well: the HTTP API answers for at most 30 s and one coach
 * call may take 20 s, so a first answer slower than this gets no second chance.
 */
export const RETRY_WITHIN_MS = 8_000;

/** The coach's narrative, asked twice at most; a second unusable answer is a failure, never a made-up narrative. */
async function askCoach(coach: CoachModel, evidence: NarrativeEvidence, previous: NarrativeVersion | undefined, onError: (error: unknown) => void): Promise<NarrativeReply> {
  const turns = narrativePrompt(evidence, previous);
  const started = Date.now();
  let reply = '';
  let problem = '';
  for (const attempt of [0, 1]) {
    if (attempt === 1 && Date.now() - started > RETRY_WITHIN_MS) break;
    try {
      reply = await coach.complete(attempt === 0 ? turns : retryTurns(turns, reply, problem));
    } catch (error) {
      onError(error);
      problem = 'the coach model did not answer';
      continue;
    }
    const parsed = parseNarrativeReply(reply);
    if (parsed.ok) return parsed.narrative;
    problem = parsed.problem;
    onError(new Error(`The coach's narrative was unusable: ${problem}`));
  }
  throw new DomainError('unprocessable', ERROR_CODES.internal, 'The coach could not write your narrative just now. Please try again in a minute.');
}

/** The version the coach's reply makes: ids, counts, completions carried over by goal title, changes and confidence. */
export function buildVersion(reply: NarrativeReply, evidence: NarrativeEvidence, previous: NarrativeVersion | undefined, id: string, now: Date): NarrativeVersion {
  const factors = confidenceFactors(evidence);
  const chapters = reply.chapters.map((chapter, index) => ({ id: CHAPTER_IDS[index]!, ...chapter, isEdited: false, wordCount: chapterWordCount(chapter.content) }));
  const goals = reply.goals.map((goal, index) => {
    const before = previous?.goals.find((candidate) => candidate.title.trim().toLowerCase() === goal.title.trim().toLowerCase());
    return { id: `goal-${index + 1}`, ...goal, chatId: before?.chatId ?? null, completed: before?.completed ?? false };
  });
  const draft = { headline: reply.headline, dominantValue: reply.dominantValue, chapters, goals, confidence: confidenceScore(factors) };
  return {
    id,
    createdAt: now.toISOString(),
    ...draft,
    dataSources: dataSources(evidence),
    confidenceFactors: factors,
    changes: narrativeChanges(previous, draft),
    nextUpdateDue: new Date(now.getTime() + NORTH_STAR.updateEveryDays * 86_400_000).toISOString(),
    source: 'model',
  };
}

/** What a member reads when no coach can write: no setup instructions (decision 0049). */
export const NO_WRITER_MESSAGE = 'The coach that writes narratives is not available in this pilot yet. Your entries are kept, and the page shows what they already say.';

/** A new version from the window's records, when there are enough of them and a coach to read them. */
export async function regenerateNarrative(userId: string, evidence: NarrativeEvidence, deps: RegenerateDeps): Promise<NorthStarResponse> {
  const ready = readiness(evidence, deps.coach !== undefined);
  if (!deps.coach) {
    throw new DomainError('unprocessable', ERROR_CODES.validation, NO_WRITER_MESSAGE);
  }
  if (!ready.canGenerate) {
    throw new DomainError('unprocessable', ERROR_CODES.validation, `Your narrative needs entries on ${NORTH_STAR.minDaysWithEntries} days of the last ${NORTH_STAR.windowDays}; you have ${ready.daysWithEntries}.`);
  }
  const [previous] = await deps.store.latestVersions(userId, 1);
  const reply = await askCoach(deps.coach, evidence, previous && toVersion(previous), deps.onCoachError);
  const version = buildVersion(reply, evidence, previous && toVersion(previous), deps.newId(), deps.now);
  await deps.store.putVersion(userId, { ...version, updatedAt: version.createdAt });
  return northStarView(userId, evidence, true, deps.store);
}

export async function getNarrativeVersion(userId: string, versionId: string, store: NorthStarStore): Promise<NarrativeVersion> {
  const version = await store.getVersion(userId, versionId);
  if (!version) throw versionNotFound();
  return toVersion(version);
}

/** The member's own words for a chapter: marked edited, words recounted; highlights that no longer quote it go. */
export async function editChapter(userId: string, versionId: string, chapterId: ChapterId, content: string, now: Date, store: NorthStarStore): Promise<NarrativeVersion> {
  const updated = await store.updateVersion(userId, versionId, (current) => ({
    ...current,
    updatedAt: now.toISOString(),
    chapters: current.chapters.map((chapter) =>
      chapter.id === chapterId
        ? { ...chapter, content, isEdited: true, wordCount: chapterWordCount(content), valueHighlights: chapter.valueHighlights.filter((highlight) => content.includes(highlight.text)) }
        : chapter,
    ),
  }));
  if (!updated) throw versionNotFound();
  if (!updated.chapters.some((chapter) => chapter.id === chapterId)) throw new DomainError('not-found', ERROR_CODES.notFound, 'Chapter not found.');
  return toVersion(updated);
}

export async function setGoalCompleted(userId: string, versionId: string, goalId: string, completed: boolean, now: Date, store: NorthStarStore): Promise<NarrativeVersion> {
  let found = false;
  const updated = await store.updateVersion(userId, versionId, (current) => {
    found = current.goals.some((goal) => goal.id === goalId);
    return { ...current, updatedAt: now.toISOString(), goals: current.goals.map((goal) => (goal.id === goalId ? { ...goal, completed } : goal)) };
  });
  if (!updated) throw versionNotFound();
  if (!found) throw new DomainError('not-found', ERROR_CODES.notFound, 'Goal not found.');
  return toVersion(updated);
}
