import * as store from '../../store/mentor-interview-store.ts';

/** What the admin's mentor routes read and write. */
export const mentorAdminDeps = {
  listMentorRecords: store.listMentorRecords,
  listMentorResponses: store.listMentorResponses,
  getMentorInterview: store.getMentorInterview,
  updateMentorRecord: store.updateMentorRecord,
  replaceMentorToken: store.replaceMentorToken,
};
