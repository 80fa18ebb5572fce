import type { ModelChoiceState } from '../../hooks/use-model-choice.ts';
import { KeyButton } from '../keys/key-button.tsx';
import { ParametersPanel } from '../parameters/parameters-panel.tsx';
import { PresetsMenu } from '../presets/presets-menu.tsx';
import { ModelPicker } from './model-picker.tsx';

/**
 * What sits beside the send button: the model menu, presets, parameters, and the key of an
 * endpoint whose users bring their own (an agent needs none of the last three). The operator's interface toggles hide any of them, so
 * presets and parameters wait for the startup config rather than flash and vanish.
 */
export function ComposerTools({ state, disabled }: { state: ModelChoiceState; disabled?: boolean }) {
  const shown = state.interface;
  const endpoint = state.choice ? state.endpoints?.[state.choice.endpoint] : undefined;
  // An agent brings its own model and parameters: presets and the parameters panel do not apply.
  const agent = !!state.choice?.agentId;
  return (
    <div className="flex min-w-0 items-center gap-0.5">
      <ModelPicker state={state} disabled={disabled} />
      {shown && shown.presets !== false && !agent ? <PresetsMenu state={state} disabled={disabled} /> : null}
      {shown && shown.parameters !== false && !agent ? <ParametersPanel state={state} disabled={disabled} /> : null}
      {state.choice && endpoint?.userProvide ? <KeyButton endpoint={state.choice.endpoint} label={endpoint.label} disabled={disabled} /> : null}
    </div>
  );
}
