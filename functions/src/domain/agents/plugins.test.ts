import { describe, expect, it } from 'vitest';
import { keysFromSecret, unseal } from '../../crypto/envelope.ts';
import type { StoredPlugin } from '../../store/agent-store.ts';
import type { AgentDeps } from './agent-deps.ts';
import { BUILTIN_TOOLS, installPlugin, listTools, pluginSealContext, toolAuth, type ToolSource } from './plugins.ts';

/** A tool that needs the user's own values, as a configured third-party plugin would. */
const WEATHER: ToolSource = {
  name: 'Weather',
  pluginKey: 'weather',
  description: 'Forecasts',
  icon: null,
  authConfig: [{ authField: 'WEATHER_API_KEY', label: 'Weather API key', description: 'From your weather account' }],
};
const TOOLS = [...BUILTIN_TOOLS, WEATHER];
const keys = keysFromSecret('plugin-test-secret');

function memoryDeps() {
  const plugins = new Map<string, StoredPlugin>();
  const store = {
    putUserPlugin: async (userId: string, plugin: StoredPlugin) => void plugins.set(`${userId}/${plugin.pluginKey}`, plugin),
    getUserPlugin: async (userId: string, pluginKey: string) => plugins.get(`${userId}/${pluginKey}`),
    listUserPluginKeys: async (userId: string) => [...plugins.entries()].filter(([key]) => key.startsWith(`${userId}/`)).map(([, plugin]) => plugin.pluginKey),
    deleteUserPlugin: async (userId: string, pluginKey: string) => plugins.delete(`${userId}/${pluginKey}`),
  } as unknown as AgentDeps['store'];
  return { plugins, deps: { store, encryptionKeys: async () => keys } };
}

const now = new Date('2026-03-01T10:00:00Z');

describe('plugins with values', () => {
  it('stores each value sealed for the user and the plugin, and the tool turns ready for that user only', async () => {
    const { plugins, deps } = memoryDeps();
    expect((await listTools('maya', deps, TOOLS)).find((tool) => tool.pluginKey === 'weather')?.authenticated).toBe(false);
    expect(await toolAuth('maya', 'weather', deps, TOOLS)).toEqual({ authenticated: false, message: 'Enter Weather API key to use Weather' });

    expect(await installPlugin('maya', { pluginKey: 'weather', action: 'install', auth: { WEATHER_API_KEY: ' wk-123 ' } }, now, deps, TOOLS)).toEqual({ pluginKey: 'weather', installed: true });
    const stored = plugins.get('maya/weather')!;
    expect(JSON.stringify(stored)).not.toContain('wk-123');
    expect(unseal(stored.values.WEATHER_API_KEY!, keys, pluginSealContext('maya', 'weather'))).toBe('wk-123');
    expect(() => unseal(stored.values.WEATHER_API_KEY!, keys, pluginSealContext('james', 'weather'))).toThrow();

    expect(await toolAuth('maya', 'weather', deps, TOOLS)).toEqual({ authenticated: true, message: 'user_provided' });
    expect((await listTools('maya', deps, TOOLS)).map((tool) => tool.authenticated)).toEqual([true, true, true]);
    expect((await listTools('james', deps, TOOLS)).map((tool) => tool.authenticated)).toEqual([true, true, false]);

    await installPlugin('maya', { pluginKey: 'weather', action: 'uninstall' }, now, deps, TOOLS);
    expect(plugins.has('maya/weather')).toBe(false);
  });

  it('refuses a missing value and a value the plugin does not ask for, naming the field', async () => {
    const { deps } = memoryDeps();
    await expect(installPlugin('maya', { pluginKey: 'weather', action: 'install', auth: { WEATHER_API_KEY: '  ' } }, now, deps, TOOLS)).rejects.toMatchObject({
      kind: 'invalid',
      field: 'auth.WEATHER_API_KEY',
      message: 'Enter Weather API key',
    });
    await expect(installPlugin('maya', { pluginKey: 'weather', action: 'install', auth: { WEATHER_API_KEY: 'k', OTHER: 'x' } }, now, deps, TOOLS)).rejects.toMatchObject({ field: 'auth.OTHER' });
  });
});
