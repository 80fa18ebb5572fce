import { describe, expect, it } from 'vitest';
import { artifactMode, artifactsIn, replaceArtifact, settleArtifactSettings, splitArtifacts } from './artifact-blocks.ts';

const html = '<h1>Hello</h1>\n<p>World</p>';
const reply = [
  'Here is a page.',
  '',
  ':::artifact{identifier="hello-page" type="text/html" title="Hello page"}',
  '```html',
  html,
  '```',
  ':::',
  '',
  'And a chart:',
  ':::artifact{identifier="flow" type="application/vnd.mermaid" title="Flow"}',
  '```mermaid',
  'graph TD; A-->B',
  '```',
  ':::',
].join('\n');

describe('splitArtifacts', () => {
  it('splits a reply into its prose and artifacts, in order, with their attributes and code', () => {
    const segments = splitArtifacts(reply);
    expect(segments.map((segment) => segment.kind)).toEqual(['text', 'artifact', 'text', 'artifact']);
    const [page, flow] = artifactsIn(reply);
    expect(page).toMatchObject({ index: 0, identifier: 'hello-page', type: 'text/html', title: 'Hello page', language: 'html', content: html, complete: true });
    expect(flow).toMatchObject({ index: 1, identifier: 'flow', type: 'application/vnd.mermaid', content: 'graph TD; A-->B', complete: true });
    expect(segments[2]).toEqual({ kind: 'text', text: '\n\nAnd a chart:\n' });
  });

  it('shows a block still streaming as an incomplete artifact holding the code so far', () => {
    const partial = 'Sure.\n:::artifact{identifier="x" type="image/svg+xml" title="Dot"}\n```svg\n<svg><circle';
    const [artifact] = artifactsIn(partial);
    expect(artifact).toMatchObject({ type: 'image/svg+xml', content: '<svg><circle', complete: false });
    expect(artifactsIn('Sure.\n:::artifact{identifier="x" type="text/html" title="T"}\n')[0]).toMatchObject({ content: '', complete: false });
  });

  it('leaves a directive that is not followed by a code block as text', () => {
    const text = ':::artifact{identifier="x"}\nnot code\n';
    expect(splitArtifacts(text)).toEqual([{ kind: 'text', text }]);
  });

  it('guesses the type from the fence when the directive names none it knows', () => {
    expect(artifactsIn(':::artifact{identifier="c" type="text/x-unknown"}\n```tsx\nexport default () => null;\n```\n:::')[0]!.type).toBe('application/vnd.react');
  });
});

describe('replaceArtifact', () => {
  it('replaces only the code of the artifact at the index, keeping the fences and the rest', () => {
    const updated = replaceArtifact(reply, 1, 'graph TD; A-->B', 'graph LR; A-->C');
    expect(updated).toBe(reply.replace('graph TD; A-->B', 'graph LR; A-->C'));
    expect(artifactsIn(updated!)[1]!.content).toBe('graph LR; A-->C');
  });

  it('answers null when the stored code is not the original the edit started from, or there is no such artifact', () => {
    expect(replaceArtifact(reply, 0, '<h1>Old</h1>', '<h1>New</h1>')).toBeNull();
    expect(replaceArtifact(reply, 2, '', 'x')).toBeNull();
  });
});

describe('artifact settings', () => {
  it('turning artifacts off turns shadcn and custom prompt mode off too', () => {
    expect(settleArtifactSettings({ artifacts: true, artifactsShadcn: true, artifactsCustomPrompt: false }, { artifacts: false })).toEqual({ artifacts: false, artifactsShadcn: false, artifactsCustomPrompt: false });
  });

  it('custom prompt mode on turns shadcn off', () => {
    expect(settleArtifactSettings({ artifacts: true, artifactsShadcn: true, artifactsCustomPrompt: false }, { artifactsCustomPrompt: true })).toEqual({ artifactsCustomPrompt: true, artifactsShadcn: false });
  });

  it('maps the settings to the mode the ask sends', () => {
    expect(artifactMode({ artifacts: false, artifactsShadcn: true, artifactsCustomPrompt: false })).toBeNull();
    expect(artifactMode({ artifacts: true, artifactsShadcn: false, artifactsCustomPrompt: false })).toBe('default');
    expect(artifactMode({ artifacts: true, artifactsShadcn: true, artifactsCustomPrompt: false })).toBe('shadcnui');
    expect(artifactMode({ artifacts: true, artifactsShadcn: true, artifactsCustomPrompt: true })).toBe('custom');
  });
});
