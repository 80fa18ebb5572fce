import type { Action } from '@meld/shared';
import { ACTION_DELIMITER } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { agentToolsQuery } from '../api/agent-api.ts';

interface ToolsSectionProps {
  selected: readonly string[];
  /** The open agent's actions: each operation is a tool it may call. */
  actions: readonly Action[];
  onChange: (tools: string[]) => void;
  error?: string | null;
}

interface ToolRow {
  key: string;
  name: string;
  description: string;
  ready: boolean;
}

/** An operation's tool name without its encoded domain (`getWeather_action_api---x---com` → getWeather). */
const operationOf = (tool: string) => tool.split(ACTION_DELIMITER)[0] || tool;

/** The tools an agent may call, as checkboxes: the built-in ones and plugins, then each action's operations. */
export function ToolsSection({ selected, actions, onChange, error }: ToolsSectionProps) {
  const { t } = useTranslation();
  const tools = useQuery(agentToolsQuery);
  const toggle = (key: string, on: boolean) => onChange(on ? [...selected, key] : selected.filter((tool) => tool !== key));

  const groups: { title: string; rows: ToolRow[] }[] = [
    { title: t('agents.form.builtInTools'), rows: (tools.data ?? []).map((tool) => ({ key: tool.pluginKey, name: tool.name, description: tool.description, ready: tool.authenticated })) },
    ...actions.map((action) => ({
      title: t('agents.form.actionTools', { domain: action.metadata.domain }),
      rows: action.metadata.tools.map((tool) => ({ key: tool, name: operationOf(tool), description: '', ready: true })),
    })),
  ];

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-ink">{t('agents.form.tools')}</legend>
      {tools.isPending ? <Spinner label={t('agents.form.toolsLoading')} className="text-accent" /> : null}
      {tools.isError ? <p className="text-sm text-danger">{t('agents.form.toolsError')}</p> : null}
      {groups
        .filter((group) => group.rows.length)
        .map((group) => (
          <div key={group.title} className="flex flex-col gap-1.5">
            <p className="text-xs font-medium tracking-wide text-ink-faint uppercase">{group.title}</p>
            <ul className="grid gap-2 sm:grid-cols-2">
              {group.rows.map((row) => (
                <li key={row.key}>
                  <label className="flex h-full cursor-pointer items-start gap-3 rounded-xl border border-line bg-surface/70 px-3 py-2.5 transition-colors has-[:checked]:border-accent has-[:checked]:bg-accent/5">
                    <input type="checkbox" checked={selected.includes(row.key)} onChange={(event) => toggle(row.key, event.target.checked)} className="mt-0.5 size-4 accent-[var(--accent)]" />
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-ink">{row.name}</span>
                      {row.description ? <span className="mt-0.5 block text-xs leading-snug text-ink-faint">{row.description}</span> : null}
                      {!row.ready ? <span className="mt-0.5 block text-xs text-warning">{t('agents.form.toolNeedsKey')}</span> : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ))}
      {error ? <p className="text-sm text-danger">{error}</p> : null}
    </fieldset>
  );
}
