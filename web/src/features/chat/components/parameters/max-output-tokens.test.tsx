import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@/test/render.tsx';
import type { ModelChoiceState } from '../../hooks/use-model-choice.ts';
import { ParametersPanel } from './parameters-panel.tsx';

/** The panel reads only the choice and the two setters. */
function stateFor(endpointType: string, model: string) {
  return { choice: { endpoint: endpointType, endpointType, model, settings: {} }, updateSettings: () => {}, resetSettings: () => {} } as unknown as ModelChoiceState;
}

async function openPanel(endpointType: string, model: string) {
  renderAt(<ParametersPanel state={stateFor(endpointType, model)} />);
  await userEvent.click(screen.getByRole('button', { name: 'Parameters' }));
  return screen.findByRole('dialog', { name: 'Conversation parameters' });
}

describe('max output tokens in the parameters panel', () => {
  it("shows an OpenAI model's own output limit as the value it writes by default", async () => {
    const panel = await openPanel('openAI', 'gpt-4o-mini');
    expect(within(panel).getByRole('spinbutton', { name: 'Max output tokens' })).toHaveValue(16_384);
    expect(within(panel).getByRole('slider', { name: 'Max output tokens' })).toHaveValue('16384');
  });

  it('says Model default where the limit is not known, with the slider at the top rather than mid-way', async () => {
    const panel = await openPanel('demo', 'meld-demo');
    const box = within(panel).getByRole('spinbutton', { name: 'Max output tokens' });
    expect(box).toHaveValue(null);
    expect(box).toHaveAttribute('placeholder', 'Model default');
    // Mid-way would read as 64,000 chosen; a model left to itself writes as much as it may.
    expect(within(panel).getByRole('slider', { name: 'Max output tokens' })).toHaveValue('128000');
  });
});
