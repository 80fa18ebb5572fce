import { DEFAULT_USER_SETTINGS } from '@meld/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_SETTINGS, MessageDisplaySettingsProvider, useMessageDisplaySettings } from './display-settings.tsx';

function Show() {
  return <p>{JSON.stringify(useMessageDisplaySettings())}</p>;
}

describe('message display settings', () => {
  it('default to the saved settings’ defaults', () => {
    const { latex, showCode, showThinking, userMarkdown } = DEFAULT_USER_SETTINGS;
    expect(DEFAULT_DISPLAY_SETTINGS).toEqual({ latex, showCode, showThinking, userMarkdown });
  });

  it('let a nested provider change some values and keep the rest', () => {
    render(
      <MessageDisplaySettingsProvider value={{ latex: false, showCode: true }}>
        <MessageDisplaySettingsProvider value={{ showCode: false }}>
          <Show />
        </MessageDisplaySettingsProvider>
      </MessageDisplaySettingsProvider>,
    );
    expect(JSON.parse(screen.getByRole('paragraph').textContent!)).toEqual({ latex: false, showCode: false, showThinking: true, userMarkdown: true });
  });
});
