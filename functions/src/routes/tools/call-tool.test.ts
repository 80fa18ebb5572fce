import type { ExecuteCodeResponse, ToolCallRecord } from '@meld/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { localSandbox } from '../../code-runner/local-sandbox.ts';
import { putConversation } from '../../store/conversation-store.ts';
import { setRolePermissions } from '../../store/role-store.ts';
import { listViolations } from '../../store/violation-store.ts';
import { dbCalls, inOneRateWindow, useApi } from '../api-test-kit.ts';
import { memberWithRole } from '../roles/role-test-kit.ts';

// A small window, so the limit test reaches it; every other test's member runs code at most three times.
// Uploads too: a run's files count against them (issue 21: one run stored ten 5 MB files outside every limit).
// Windows are fixed (aligned to their length): an hour's, so a test's four runs never straddle two
// of them, as a minute's did on a busy CI run (the fourth run found a fresh window and ran).
const api = useApi({ config: { rateLimits: { toolCall: { max: 3, windowMinutes: 60 }, fileUploads: { max: 4, windowMinutes: 15 } } } });
afterAll(() => localSandbox().close());

const RUN = '/api/agents/tools/execute_code/call';

async function member() {
  const who = await memberWithRole(api().client(), 'USER');
  const conversationId = crypto.randomUUID();
  const at = new Date().toISOString();
  await putConversation(who.userId, { conversationId, title: 'Numbers', user: who.userId, isArchived: false, tags: [], endpoint: 'demo', createdAt: at, updatedAt: at });
  return { ...who, conversationId };
}

describe('POST /api/agents/tools/execute_code/call', () => {
  it('runs Python and answers its output with the files it wrote, which the user can download', async () => {
    const { call, conversationId, userId } = await member();
    const code = 'print("sum", 2 + 3)\nwith open("/mnt/data/table.csv", "w") as f:\n    f.write("a,b\\n1,2\\n")';
    const answer = await call<ExecuteCodeResponse>('POST', RUN, { lang: 'py', code, messageId: 'm1', conversationId, partIndex: 0, blockIndex: 1 });
    expect(answer.status).toBe(200);
    expect(answer.json.result).toBe('stdout:\nsum 5\n\nfiles:\ntable.csv');
    expect(answer.json.attachments).toEqual([
      expect.objectContaining({ filename: 'table.csv', type: 'text/csv', bytes: 8, filepath: expect.stringMatching(new RegExp(`^/api/files/download/${userId}/`)) }),
    ]);
    const download = await call('GET', answer.json.attachments[0]!.filepath);
    expect(download.status).toBe(302);
    const bytes = await fetch(download.headers.get('location')!);
    expect(await bytes.text()).toBe('a,b\n1,2\n');
  });

  it('runs JavaScript and answers an exception as the run\'s error', async () => {
    const { call } = await member();
    const ok = await call<ExecuteCodeResponse>('POST', RUN, { lang: 'JavaScript', code: 'console.log([1, 2].map((n) => n * 2)); "done"', messageId: 'm1' });
    expect(ok.json).toEqual({ result: 'stdout:\n[2,4]\n\nresult:\ndone', attachments: [] });
    const failed = await call<ExecuteCodeResponse>('POST', RUN, { lang: 'js', code: 'null.x', messageId: 'm1' });
    expect(failed.status).toBe(200);
    expect(failed.json.result).toMatch(/^error:\nTypeError: cannot read property 'x' of null/);
  });

  it('lists a conversation\'s runs with their place in the reply, and none of another user\'s', async () => {
    const owner = await member();
    await owner.call('POST', RUN, { lang: 'python', code: 'print(1)', messageId: 'reply-1', conversationId: owner.conversationId, partIndex: 2, blockIndex: 0 });
    const second = await owner.call('POST', RUN, { lang: 'python', code: 'print(2)', messageId: 'reply-1', conversationId: owner.conversationId, partIndex: 2, blockIndex: 0 });
    // The role's permissions, the ban check, the rate-limit window, the conversation, the record.
    expect(dbCalls(second)).toBe(6);
    const listed = await owner.call<ToolCallRecord[]>('GET', `/api/agents/tools/calls?conversationId=${owner.conversationId}`);
    expect(listed.status).toBe(200);
    // The session and the address's ban (an agent route, decision 0011), then the runs.
    expect(dbCalls(listed)).toBe(3);
    expect(listed.json.map(({ result, messageId, partIndex, blockIndex, lang, toolId }) => ({ result, messageId, partIndex, blockIndex, lang, toolId }))).toEqual([
      { result: 'stdout:\n1', messageId: 'reply-1', partIndex: 2, blockIndex: 0, lang: 'python', toolId: 'execute_code' },
      { result: 'stdout:\n2', messageId: 'reply-1', partIndex: 2, blockIndex: 0, lang: 'python', toolId: 'execute_code' },
    ]);

    const stranger = await member();
    const theirs = await stranger.call<ToolCallRecord[]>('GET', `/api/agents/tools/calls?conversationId=${owner.conversationId}`);
    expect(theirs.json).toEqual([]);
    const intoTheirs = await stranger.call('POST', RUN, { lang: 'python', code: 'print(3)', messageId: 'reply-1', conversationId: owner.conversationId });
    expect(intoTheirs.status).toBe(404);
  });

  it('forgets a conversation\'s runs when the conversation is deleted', async () => {
    const owner = await member();
    await owner.call('POST', RUN, { lang: 'js', code: '1 + 1', messageId: 'reply-1', conversationId: owner.conversationId });
    const deleted = await owner.call('DELETE', '/api/convos', { arg: { conversationId: owner.conversationId } });
    expect(deleted.status).toBe(200);
    const listed = await owner.call<ToolCallRecord[]>('GET', `/api/agents/tools/calls?conversationId=${owner.conversationId}`);
    expect(listed.json).toEqual([]);
  });

  it('refuses an unknown tool (404), an unknown language or too long code (400)', async () => {
    const { call } = await member();
    const unknown = await call('POST', '/api/agents/tools/web_search/call', { lang: 'python', code: 'print(1)', messageId: 'm1' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('unknown tool: web_search');
    const ruby = await call('POST', RUN, { lang: 'ruby', code: 'puts 1', messageId: 'm1' });
    expect(ruby.status).toBe(400);
    expect(ruby.json.field).toBe('lang');
    const long = await call('POST', RUN, { lang: 'python', code: 'x'.repeat(50_001), messageId: 'm1' });
    expect(long.status).toBe(400);
    expect(long.json.field).toBe('code');
  });

  it('refuses a role without RUN_CODE/USE (403) until it is given back', async () => {
    const { call } = await member();
    await setRolePermissions('USER', 'RUN_CODE', { USE: false }, new Date().toISOString());
    try {
      const refused = await call('POST', RUN, { lang: 'python', code: 'print(1)', messageId: 'm1' });
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ code: 'FORBIDDEN', message: 'Your role cannot run code' });
    } finally {
      await setRolePermissions('USER', 'RUN_CODE', { USE: true }, new Date().toISOString());
    }
    expect((await call('POST', RUN, { lang: 'python', code: 'print(1)', messageId: 'm1' })).status).toBe(200);
  });

  it("counts a run's files against the member's upload limits: past them files are not kept, and the next upload is refused", async () => {
    inOneRateWindow(15);
    const { call, userId } = await member();
    const code = 'for i in range(6):\n    open(f"/mnt/data/part{i}.csv", "w").write("a,b\\n1,2\\n")';
    const answer = await call<ExecuteCodeResponse>('POST', RUN, { lang: 'python', code, messageId: 'm1' });
    expect(answer.status).toBe(200);
    expect(answer.json.attachments.map((file) => file.filename)).toEqual(['part0.csv', 'part1.csv', 'part2.csv', 'part3.csv']);
    expect(answer.json.result).toContain('files not kept:\npart4.csv: the upload rate limit is reached\npart5.csv: the upload rate limit is reached');
    expect(await listViolations(userId, 'file_upload_limit')).toHaveLength(1);
    expect((await call('POST', '/api/files/uploads', { filename: 'more.csv', type: 'text/csv', bytes: 4 })).status).toBe(429);
  });

  it('limits runs per user (429) and records a tool_call_limit violation', async () => {
    inOneRateWindow(60);
    const { call, userId } = await member();
    for (let run = 0; run < 3; run++) expect((await call('POST', RUN, { lang: 'js', code: '1', messageId: 'm1' })).status).toBe(200);
    const refused = await call('POST', RUN, { lang: 'js', code: '1', messageId: 'm1' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await listViolations(userId, 'tool_call_limit')).toHaveLength(1);
  });
});
