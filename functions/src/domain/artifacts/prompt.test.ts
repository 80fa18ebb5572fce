import { describe, expect, it } from 'vitest';
import { toTurns } from '../chat/history.ts';

describe('the artifacts guide in the system prompt', () => {
  it('follows the prompt prefix when artifacts are on, describing the directive and every type', () => {
    const [system] = toTurns({ promptPrefix: 'Be brief.', artifacts: 'default' }, []);
    expect(system!.role).toBe('system');
    expect(system!.content.startsWith('Be brief.\n\n')).toBe(true);
    expect(system!.content).toContain(':::artifact{identifier=');
    for (const type of ['text/html', 'image/svg+xml', 'application/vnd.mermaid', 'text/markdown', 'application/vnd.react']) expect(system!.content).toContain(type);
    expect(system!.content).not.toContain('@/components/ui');
  });

  it('names the shipped shadcn-style components only in shadcn mode', () => {
    const guide = toTurns({ artifacts: 'shadcnui' }, [])[0]!.content;
    expect(guide).toContain('from "@/components/ui": Button (');
    expect(guide).toContain('Card, CardHeader, CardTitle, CardContent, Input.');
  });

  it('adds nothing in custom prompt mode or when artifacts are off', () => {
    expect(toTurns({ promptPrefix: 'Mine.', artifacts: 'custom' }, [])).toEqual([{ role: 'system', content: 'Mine.' }]);
    expect(toTurns({ artifacts: null }, [])).toEqual([]);
  });
});
