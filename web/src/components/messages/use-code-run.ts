import { CODE_RUN_THROTTLE_MS, EXECUTE_CODE_TOOL_ID, type CodeLanguage, type ExecuteCodeResponse, type ToolCallRecord } from '@meld/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useFeatureShown } from '@/lib/permissions.ts';
import { showToast } from '@/lib/toast.ts';
import type { CodeBlockPlace } from './code-run-scope.tsx';

export const codeRunKeys = {
  all: ['code-runs'] as const,
  conversation: (conversationId: string) => [...codeRunKeys.all, conversationId] as const,
};

/** A conversation's past runs: one request, shared by every code block in it. */
const codeRunsQuery = (conversationId: string) =>
  queryOptions({
    queryKey: codeRunKeys.conversation(conversationId),
    queryFn: ({ signal }) => apiRequest('listToolCalls', { query: { conversationId }, signal }),
    staleTime: Infinity,
    // Without them the blocks simply show no earlier output.
    meta: { toastOnError: false },
  });

export interface CodeRunner {
  running: boolean;
  output: ExecuteCodeResponse | null;
  run: () => void;
}

/** A code block that may run: its conversation, reply, part, place in the part's text, and language. */
export type CodeRunTarget = CodeBlockPlace & { conversationId: string; blockIndex: number; lang: CodeLanguage };

/**
 * The Run button's state for one code block, or null when the operator turned code runs off or
 * the role may not run code. A run is ignored while one is going and within a second of the
 * last (spec 000 section 4); its output replaces the block's earlier one, loaded with the
 * conversation's runs.
 */
export function useCodeRunner(target: CodeRunTarget, code: string): CodeRunner | null {
  const { t } = useTranslation();
  const shown = useFeatureShown('runCode', 'RUN_CODE');
  const queryClient = useQueryClient();
  const past = useQuery({ ...codeRunsQuery(target.conversationId), enabled: shown });
  const [fresh, setFresh] = useState<ExecuteCodeResponse | null>(null);
  const [running, setRunning] = useState(false);
  const lastRun = useRef(0);
  if (!shown) return null;

  const { conversationId, messageId, partIndex, blockIndex, lang } = target;
  const earlier = past.data?.findLast((record) => record.messageId === messageId && record.partIndex === partIndex && record.blockIndex === blockIndex);
  const run = () => {
    const now = Date.now();
    if (running || now - lastRun.current < CODE_RUN_THROTTLE_MS) return;
    lastRun.current = now;
    setRunning(true);
    apiRequest('callTool', { params: { toolId: EXECUTE_CODE_TOOL_ID }, body: { lang, code, messageId, conversationId, partIndex, blockIndex } })
      .then((answer) => {
        setFresh(answer);
        const record: ToolCallRecord = { id: crypto.randomUUID(), toolId: EXECUTE_CODE_TOOL_ID, conversationId, messageId, partIndex, blockIndex, lang, ...answer, createdAt: new Date().toISOString() };
        queryClient.setQueryData(codeRunKeys.conversation(conversationId), (records: ToolCallRecord[] | undefined) => [...(records ?? []), record]);
      })
      .catch((error: unknown) => {
        const reason = isApiError(error) && !error.isNetworkError ? error.message : t('codeRun.unreachable');
        showToast({ message: t('codeRun.failed', { reason }), severity: 'error' });
      })
      .finally(() => setRunning(false));
  };
  return { running, output: fresh ?? earlier ?? null, run };
}
