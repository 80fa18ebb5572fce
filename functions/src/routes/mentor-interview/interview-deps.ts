import { getAppConfig } from '../../config/app-config.ts';
import type { AudioSettings } from '../../domain/mentor-interview/answers.ts';
import { logger } from '../../http/logger.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { configuredCoach } from '../../providers/llm/coach-model.ts';
import * as store from '../../store/mentor-interview-store.ts';

/** The interview's collaborators: its store, the configured coach and the log for a coach that fails. */
export function interviewDeps() {
  return {
    findMentorIdByTokenHash: store.findMentorIdByTokenHash,
    getMentorInterview: store.getMentorInterview,
    updateMentorRecord: store.updateMentorRecord,
    getMentorResponse: store.getMentorResponse,
    createMentorResponse: store.createMentorResponse,
    updateMentorResponse: store.updateMentorResponse,
    coach: configuredCoach(),
    onCoachError: (error: unknown) => logger.warn('The coach model failed; the interview answers from its fallback', { error: error instanceof Error ? error.message : String(error) }),
  };
}

/** Whether recordings can be transcribed (a speech engine is configured), and how large one may be. */
export function audioSettings(): AudioSettings {
  const config = getAppConfig();
  return { transcriptionAvailable: config.speech.stt !== undefined, maxAudioBytes: config.mentorInterview.maxAudioBytes };
}

/** Every model call of an interview counts against its mentor. */
export function limitInterviewCalls(mentorId: string, now: Date): Promise<void> {
  return enforceRateLimit(getAppConfig(), 'mentorInterview', mentorId, now.getTime());
}
