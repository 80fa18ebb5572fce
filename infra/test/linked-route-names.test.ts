import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkedRouteNames } from '../lib/route-table-slice.ts';

function sourceTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'meld-linked-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('routes kept in every handler’s slice of the route table', () => {
  it('are the ones handler code links to, not the ones tests and test support name', () => {
    const root = sourceTree({
      'routes/files/upload-avatar.ts': 'const url = routes.getAvatar.path;',
      'routes/files/upload-avatar.test.ts': 'routes.listFiles;',
      'routes/files/file-test-kit.ts': 'routes.deleteFiles;',
      'routes/convos/__fixtures__/members.ts': 'routes.listConvos;',
      'providers/llm/__fakes__/server.ts': 'routes.askOpenAI;',
      'routes/security/authorisation/programme.ts': 'routes.listWins; routes.createFragment;',
      'local/seed.ts': 'routes.getConfig;',
    });
    expect([...linkedRouteNames(root)]).toEqual(['getAvatar']);
  });
});
