import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { apiRequest } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { CodeBlock } from './code-block.tsx';
import { useMessageDisplaySettings } from './display-settings.tsx';
import { Icon } from './icons.tsx';
import { formatArgs, toolCallState, type ToolCallState, type ToolCallView } from './tool-call-model.ts';

function StatusMark({ state }: { state: ToolCallState }) {
  if (state === 'running') return <Spinner className="text-accent" />;
  if (state === 'done') return <Icon name="check" className="size-4 text-sage" />;
  if (state === 'auth') return <Icon name="lock" className="size-4 text-warning" />;
  return (
    <span data-testid="tool-failed" className="grid size-4 place-items-center rounded-full bg-danger text-canvas">
      <Icon name="cross" className="size-3" />
    </span>
  );
}

function useLabel(call: ToolCallView, state: ToolCallState): string {
  const { t } = useTranslation();
  const name = call.name || t('messages.tool.unnamed');
  if (call.kind === 'code') return t(`messages.tool.code${state === 'auth' ? 'Running' : capital(state)}`);
  if (call.kind === 'search') return t(`messages.tool.search${state === 'auth' ? 'Running' : capital(state)}`);
  if (call.domain && state === 'running') return t('messages.tool.talking', { domain: call.domain });
  if (call.domain && state === 'done') return t('messages.tool.talked', { domain: call.domain });
  return t(`messages.tool.${state}`, { name });
}

const capital = <T extends string>(word: T) => (word.charAt(0).toUpperCase() + word.slice(1)) as Capitalize<T>;

function Section({ title, children }: { title: string; children: string }) {
  return (
    <div className="px-3 pb-3">
      <p className="mb-1 text-xs font-medium tracking-wide text-ink-faint uppercase">{title}</p>
      <pre className="max-h-72 overflow-auto rounded-lg bg-sunken/70 px-3 py-2 font-mono text-[0.8rem] leading-relaxed whitespace-pre-wrap text-ink-soft">{children}</pre>
    </div>
  );
}

/**
 * An OAuth action waiting for the member to sign in. The tool call's link is Meld's own, with a
 * ticket that signs nobody in (a shared conversation shows it): the member's own request turns it
 * into the provider's page, tied to this browser (decision 0027), which opens in a new tab.
 */
function AuthPrompt({ call }: { call: ToolCallView }) {
  const { t } = useTranslation();
  const start = actionSignIn(call.auth);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const domain = call.domain ?? '';

  const signIn = async () => {
    if (!start) return;
    // Opened now, within the click, so no popup blocker stops it; it goes to the provider once Meld answers.
    const tab = window.open('', '_blank');
    setPending(true);
    setError(null);
    try {
      const { url } = await apiRequest('startActionOAuth', { params: { actionId: start.actionId }, body: { state: start.state } });
      if (!/^https?:\/\//i.test(url)) throw new Error('not a web address');
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.open(url, '_blank', 'noopener,noreferrer');
    } catch (failure) {
      tab?.close();
      setError(isApiError(failure) && failure.status < 500 ? failure.message : t('messages.tool.signInFailed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="border-t border-line px-3 py-2.5 text-sm">
      {start ? (
        <button type="button" onClick={() => void signIn()} disabled={pending} className="font-medium text-accent underline underline-offset-2 hover:text-accent-strong disabled:opacity-60">
          {t('messages.tool.signIn', { domain })}
        </button>
      ) : null}
      {error ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
      <p className="mt-1 flex items-center gap-1.5 text-xs text-warning">
        <Icon name="alert" className="size-3.5" />
        {t('messages.tool.trust')}
      </p>
    </div>
  );
}

function CodeRun({ call, label, mark }: { call: ToolCallView; label: string; mark: ReactNode }) {
  const { t } = useTranslation();
  const { showCode } = useMessageDisplaySettings();
  const [open, setOpen] = useState(showCode);
  return (
    <>
      <div className="flex items-center gap-2 px-3 py-2 text-sm text-ink-soft">
        {mark}
        <span className="min-w-0 flex-1 truncate">{label}</span>
        {call.code?.input ? (
          <button type="button" aria-expanded={open} onClick={() => setOpen((value) => !value)} className="rounded-md px-2 py-1 text-xs text-ink-faint hover:bg-sunken hover:text-ink">
            {open ? t('messages.hideCode') : t('messages.showCode')}
          </button>
        ) : null}
      </div>
      {open && call.code?.input ? (
        <div className="px-3 [&>div]:my-0 [&>div]:mb-3">
          <CodeBlock language={call.code.language} code={call.code.input} />
        </div>
      ) : null}
      {call.output ? <Section title={t('messages.tool.output')}>{call.output}</Section> : null}
    </>
  );
}

/** One tool call as a card: its state and label, what it was given and returned, and a sign-in when it waits for one. */
export function ToolCall({ call, streaming, children }: { call: ToolCallView; streaming: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const state = toolCallState(call, streaming);
  const label = useLabel(call, state);
  const mark = <StatusMark state={state} />;
  const failed = state === 'failed' || state === 'stopped';
  const args = call.args ? formatArgs(call.args) : '';
  return (
    <div data-state={state} className={clsx('my-3 overflow-hidden rounded-xl border bg-surface/60 first:mt-0', failed ? 'border-danger-line' : 'border-line')}>
      {call.kind === 'code' ? (
        <CodeRun call={call} label={label} mark={mark} />
      ) : call.kind === 'function' && (args || call.output) ? (
        <details className="group/tool">
          <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm text-ink-soft select-none hover:text-ink [&::-webkit-details-marker]:hidden">
            {mark}
            <span className="min-w-0 flex-1 truncate">{label}</span>
            <Icon name="chevronDown" className="size-3.5 -rotate-90 transition-transform group-open/tool:rotate-0" />
          </summary>
          {args ? <Section title={t('messages.tool.arguments')}>{args}</Section> : null}
          {call.output ? <Section title={t('messages.tool.output')}>{call.output}</Section> : null}
        </details>
      ) : (
        <p className="flex items-center gap-2 px-3 py-2 text-sm text-ink-soft">
          {mark}
          <span className="min-w-0 flex-1 truncate">{label}</span>
        </p>
      )}
      {state === 'auth' ? <AuthPrompt call={call} /> : null}
      {children ? <div className="flex flex-wrap gap-2 border-t border-line p-3">{children}</div> : null}
    </div>
  );
}

/** The action and ticket of a tool call's sign-in link, when it is Meld's own callback address. */
function actionSignIn(link: string | null): { actionId: string; state: string } | null {
  if (!link) return null;
  try {
    const url = new URL(link, window.location.origin);
    const match = /^\/api\/actions\/([^/]+)\/oauth\/callback$/.exec(url.pathname);
    const state = url.searchParams.get('state');
    return url.origin === window.location.origin && match && state ? { actionId: decodeURIComponent(match[1]!), state } : null;
  } catch {
    return null;
  }
}
