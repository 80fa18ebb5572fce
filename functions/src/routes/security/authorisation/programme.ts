import { buildPath, routes } from '@meld/shared';
import { anyUser, ownedByUser, publicRoute, type MatrixEntries, type MatrixEntry, type MatrixRequest, type MatrixWorld } from './matrix.ts';
import {
  invitedMentor,
  memberWithEveningReflection,
  memberWithFeedCard,
  memberWithNarrative,
  memberWithNarrativeData,
  ownerCoachReply,
  ownerFragment,
  ownerThread,
  ownerWin,
  recordingForm,
  today,
} from './programme-fixtures.ts';

/**
 * The reflection programme: fragments, wins, reflection, the North-Star narrative, coach chats, the
 * mentor feed, the public interest forms and the mentor interview.
 */

let sequence = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${(sequence += 1)}@example.com`;

/** A route on one of A's objects, reached by its id. */
const owned = (request: (world: MatrixWorld) => Promise<MatrixRequest>, ok = 200): MatrixEntry => ({ request, expect: ownedByUser(ok) });
/** A route on the caller's own record: every member gets their own answer. */
const own = (request: MatrixRequest, ok = 200): MatrixEntry => ({ request: async () => request, expect: anyUser(ok) });

/**
 * A mentor-interview route, on a mentor invited for it: the 64-character token in the path is the
 * credential, so whoever holds the link gets the same answer, signed in or not, and a bearer token
 * adds nothing.
 */
const interview = (request: (mentor: Awaited<ReturnType<typeof invitedMentor>>, world: MatrixWorld) => Promise<MatrixRequest>): MatrixEntry => ({
  request: async (world) => request(await invitedMentor(world), world),
  expect: publicRoute(200),
});

const fragmentPath = (path: string) => async (world: MatrixWorld) => buildPath(path, { id: await ownerFragment(world) });
const winPath = (path: string) => async (world: MatrixWorld) => buildPath(path, { id: await ownerWin(world) });
const threadPath = (path: string) => async (world: MatrixWorld) => buildPath(path, { id: await ownerThread(world) });
const mentorPath = (token: string, path: string, stage?: number) => buildPath(path, { token, ...(stage === undefined ? {} : { stage: String(stage) }) });

export const programmeEntries: MatrixEntries = {
  // Fragments.
  listFragments: own({ path: routes.listFragments.path }),
  createFragment: own({ path: routes.createFragment.path, json: { content: 'What makes a launch feel calm?' } }, 201),
  createVoiceFragment: { request: async () => ({ path: routes.createVoiceFragment.path, ...(await recordingForm('42000')) }), expect: anyUser(201) },
  listThemes: own({ path: routes.listThemes.path }),
  weaveFragments: owned(async (world) => ({ path: routes.weaveFragments.path, json: { fragmentIds: [await ownerFragment(world)], title: 'On asking', body: 'Asking early is a habit now.' } }), 201),
  getFragment: owned(async (world) => ({ path: await fragmentPath(routes.getFragment.path)(world) })),
  updateFragment: owned(async (world) => ({ path: await fragmentPath(routes.updateFragment.path)(world), json: { isPinned: true } })),
  deleteFragment: owned(async (world) => ({ path: await fragmentPath(routes.deleteFragment.path)(world) })),
  pinFragmentToWins: owned(async (world) => ({ path: await fragmentPath(routes.pinFragmentToWins.path)(world) }), 201),

  // Wins.
  createWin: own({ path: routes.createWin.path, json: { title: 'Shipped the pilot' } }, 201),
  updateWin: owned(async (world) => ({ path: await winPath(routes.updateWin.path)(world), json: { title: 'Led the yearly review' } })),
  deleteWin: owned(async (world) => ({ path: await winPath(routes.deleteWin.path)(world) })),
  pinWin: owned(async (world) => ({ path: await winPath(routes.pinWin.path)(world), json: { pinned: true } })),
  shareWin: owned(async (world) => ({ path: await winPath(routes.shareWin.path)(world) })),

  // Evening reflection: the coach's question and summary of the caller's own day.
  generateQuestion: own({ path: routes.generateQuestion.path, json: { date: today() } }),
  // The summary is of the day's saved reflection, which is A's: B and the admin have none for the day.
  generateSummary: owned(async (world) => ({
    path: routes.generateSummary.path,
    json: { date: today(), eveningReflectionText: 'The deck came together after a walk.' },
    owner: await memberWithEveningReflection(world),
  })),

  // North-Star narrative.
  getNorthStar: own({ path: routes.getNorthStar.path }),
  regenerateNorthStar: {
    request: async (world) => ({ path: routes.regenerateNorthStar.path, owner: await memberWithNarrativeData(world) }),
    // The narrative is written from the caller's own entries: B and the admin have none, so theirs is refused as too thin.
    expect: { ...anyUser(200), otherUser: 422, admin: 422 },
  },
  getNorthStarVersion: owned(async (world) => {
    const { member, versionId } = await memberWithNarrative(world);
    return { path: buildPath(routes.getNorthStarVersion.path, { id: versionId }), owner: member };
  }),
  updateNorthStarChapter: owned(async (world) => {
    const { member, versionId } = await memberWithNarrative(world);
    return { path: buildPath(routes.updateNorthStarChapter.path, { id: versionId, chapterId: 'momentum' }), json: { content: 'Slower weeks, better decisions.' }, owner: member };
  }),
  updateNorthStarGoal: owned(async (world) => {
    const { member, versionId } = await memberWithNarrative(world);
    return { path: buildPath(routes.updateNorthStarGoal.path, { id: versionId, goalId: 'goal-1' }), json: { completed: true }, owner: member };
  }),

  // Coach chats.
  listCoachThreads: own({ path: routes.listCoachThreads.path }),
  createCoachThread: own({ path: routes.createCoachThread.path, json: { contextChips: [] } }, 201),
  updateCoachThread: owned(async (world) => ({ path: await threadPath(routes.updateCoachThread.path)(world), json: { isPinned: true } })),
  deleteCoachThread: owned(async (world) => ({ path: await threadPath(routes.deleteCoachThread.path)(world) })),
  listCoachMessages: owned(async (world) => ({ path: await threadPath(routes.listCoachMessages.path)(world) })),
  askCoach: owned(async (world) => ({ path: await threadPath(routes.askCoach.path)(world), json: { text: 'What made Tuesday easier?' } })),
  reactToCoachMessage: owned(async (world) => {
    const { threadId, messageId } = await ownerCoachReply(world);
    return { path: buildPath(routes.reactToCoachMessage.path, { id: threadId, messageId }), json: { thumbsUp: true } };
  }),
  bookmarkCoachMessage: owned(async (world) => {
    const { threadId, messageId } = await ownerCoachReply(world);
    return { path: buildPath(routes.bookmarkCoachMessage.path, { id: threadId, messageId }) };
  }),

  // Mentor feed.
  getMentorFeed: own({ path: routes.getMentorFeed.path }),
  // Marks the caller's own cards seen: no ids, so nobody can reach another member's feed.
  markFeedSeen: own({ path: routes.markFeedSeen.path }),
  updateFeedCard: owned(async (world) => {
    const { member, cardId } = await memberWithFeedCard(world);
    return { path: buildPath(routes.updateFeedCard.path, { id: cardId }), json: { action: 'read' }, owner: member };
  }),
  updateFeedCards: {
    request: async (world) => {
      const { member, cardId } = await memberWithFeedCard(world);
      return { path: routes.updateFeedCards.path, json: { ids: [cardId], action: 'archive' }, owner: member };
    },
    // Bulk: ids that are not the caller's cards are ignored, so B and the admin archive nothing and get their own (empty) feed.
    expect: anyUser(200),
  },

  // Interest forms: public, a new sign-up from each caller.
  submitMentorInterest: {
    request: async () => ({
      path: routes.submitMentorInterest.path,
      json: { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('grace'), jobTitle: 'Rear Admiral', company: 'US Navy', industry: 'Technology', careerStage: 'Senior-career (15+ years)' },
    }),
    expect: publicRoute(201),
    fresh: true,
  },
  submitUserInterest: {
    request: async () => ({
      path: routes.submitUserInterest.path,
      json: { name: 'Ada Lovelace', email: uniqueEmail('ada'), currentSituation: 'Taking a break', referralSource: 'A friend', motivation: 'Find my direction' },
    }),
    expect: publicRoute(201),
    fresh: true,
  },
  // The visitor who signed up confirms from the success page, without an account (decision 0017).
  confirmNewsletterSignup: {
    request: async (world) => {
      const signup = await world.client.request<{ _id: string }>('POST', routes.submitUserInterest.path, {
        json: { name: 'Ada Lovelace', email: uniqueEmail('ada'), currentSituation: 'Taking a break', referralSource: 'A friend', motivation: 'Find my direction' },
      });
      if (signup.status !== 201) throw new Error(`User interest sign-up failed: ${signup.status} ${signup.text}`);
      return { path: buildPath(routes.confirmNewsletterSignup.path, { id: signup.json._id }) };
    },
    expect: publicRoute(200),
  },

  // Mentor interview.
  getMentorInterview: interview(async (mentor) => ({ path: mentorPath(mentor.token, routes.getMentorInterview.path) })),
  generateMentorIntro: interview(async (mentor) => ({ path: mentorPath(mentor.token, routes.generateMentorIntro.path) })),
  getMentorResponse: interview(async (mentor) => ({ path: mentorPath(mentor.token, routes.getMentorResponse.path, 1) })),
  saveMentorResponse: interview(async (mentor) => {
    await mentor.response(1);
    return { path: mentorPath(mentor.token, routes.saveMentorResponse.path, 1), json: { response_text: 'A story about my first launch.' } };
  }),
  retryMentorTranscription: interview(async (mentor, world) => {
    await mentor.response(1);
    const recorded = await world.client.request('POST', mentorPath(mentor.token, routes.saveMentorResponse.path, 1), await recordingForm());
    if (recorded.status !== 200) throw new Error(`Recording an answer failed: ${recorded.status} ${recorded.text}`);
    // A transcribed answer is answered as it stands: the retry is idempotent for every caller.
    return { path: mentorPath(mentor.token, routes.retryMentorTranscription.path, 1) };
  }),
  generateMentorQuestion: interview(async (mentor) => {
    await mentor.response(1);
    return { path: mentorPath(mentor.token, routes.generateMentorQuestion.path), json: { previous_stage_id: 1, answer_text: 'A story about my first launch.' } };
  }),
  // The first call closes the interview; the later ones get the stored insights, so the complete page survives a reload.
  generateMentorInsights: interview(async (mentor) => {
    await mentor.answerAll((stage) => `An answer about stage ${stage}.`);
    return { path: mentorPath(mentor.token, routes.generateMentorInsights.path) };
  }),
};
