import { inject } from 'vitest';

export interface RunningApp {
  baseUrl: string;
  /** Everything the app printed so far (mail goes to its terminal; decision 0009). */
  output: () => Promise<string>;
  /** Done with the app: an exclusive one stops, a shared one waits for the next file. */
  stop: () => Promise<void>;
}

/**
 * A running app, as `npm start` runs it, from the run's app broker (support/global-setup.ts).
 * Files asking for the same environment share one app, each test on members of its own. A file
 * that moves the server's clock or brings its own config file gets an app of its own: the clock is
 * the whole server's, and its config file names servers only that file runs.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const broker = inject('appBroker');
  const exclusive = env.MELD_CLOCK_CONTROL === '1' || env.MELD_CONFIG_FILE !== undefined;
  const response = await fetch(`${broker}/apps`, { method: 'POST', body: JSON.stringify({ env, exclusive }) });
  if (!response.ok) throw new Error(`No app: ${await response.text()}`);
  const { id, baseUrl } = (await response.json()) as { id: string; baseUrl: string };
  let released = false;
  return {
    baseUrl,
    output: async () => ((await (await fetch(`${broker}/output/${id}`)).json()) as { output: string }).output,
    stop: async () => {
      if (released) return;
      released = true;
      await fetch(`${broker}/release/${id}`, { method: 'POST' });
    },
  };
}
