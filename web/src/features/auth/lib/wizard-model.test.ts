import { describe, expect, it } from 'vitest';
import { canAdvance, emptyDraft, joinChoices, stepForField, toRegisterPayload, type RegisterDraft } from './wizard-model.ts';

const draft = (patch: Partial<RegisterDraft> = {}): RegisterDraft => ({ ...emptyDraft(), ...patch });
const withChoices = (set: keyof RegisterDraft['choices'], ids: string[], other = '') => {
  const base = emptyDraft();
  return { ...base, choices: { ...base.choices, [set]: ids }, other: { ...base.other, [set]: other } };
};

describe('wizard step rules', () => {
  it('step 0 needs a non-blank name', () => {
    expect(canAdvance(0, draft())).toBe(false);
    expect(canAdvance(0, draft({ name: '   ' }))).toBe(false);
    expect(canAdvance(0, draft({ name: 'Maya' }))).toBe(true);
  });

  it('step 1 can always be passed: city, state and birthday are optional', () => {
    expect(canAdvance(1, draft())).toBe(true);
  });

  it('step 2 needs email, password and a matching confirmation, all error-free', () => {
    const good = { email: 'maya@example.com', password: 'longenough', confirmPassword: 'longenough' };
    expect(canAdvance(2, draft(good))).toBe(true);
    expect(canAdvance(2, draft({ ...good, email: 'maya@' }))).toBe(false);
    expect(canAdvance(2, draft({ ...good, password: 'short', confirmPassword: 'short' }))).toBe(false);
    expect(canAdvance(2, draft({ ...good, confirmPassword: 'different1' }))).toBe(false);
    expect(canAdvance(2, draft({ ...good, confirmPassword: '' }))).toBe(false);
  });

  it('step 3 needs at least one reason', () => {
    expect(canAdvance(3, draft())).toBe(false);
    expect(canAdvance(3, withChoices('whyHere', ['idea']))).toBe(true);
  });

  it('steps 4 and 5 need text when Other is chosen', () => {
    expect(canAdvance(4, withChoices('lifeArena', ['other']))).toBe(false);
    expect(canAdvance(4, withChoices('lifeArena', ['other'], '  '))).toBe(false);
    expect(canAdvance(4, withChoices('lifeArena', ['other'], 'Health'))).toBe(true);
    expect(canAdvance(5, withChoices('identitySegment', ['stem', 'other']))).toBe(false);
    expect(canAdvance(5, withChoices('identitySegment', ['stem', 'other'], 'Founder'))).toBe(true);
  });

  it('step 6 accepts Other without text', () => {
    expect(canAdvance(6, draft())).toBe(false);
    expect(canAdvance(6, withChoices('currentBlock', ['other']))).toBe(true);
  });
});

describe('registration payload', () => {
  it('joins ids in option order and puts the typed text in place of "other"', () => {
    const d = withChoices('lifeArena', ['other', 'career'], ' Health ');
    expect(joinChoices(d, 'lifeArena')).toBe('career,Health');
  });

  it('keeps "other" when no text was typed (allowed on the last step)', () => {
    expect(joinChoices(withChoices('currentBlock', ['time', 'other']), 'currentBlock')).toBe('time,other');
  });

  it('maps the draft to the register body with the signup code', () => {
    const d: RegisterDraft = {
      ...emptyDraft(),
      name: ' Maya ',
      city: 'Austin',
      state: 'Texas',
      birthday: '1995-04-02',
      email: ' maya@example.com ',
      password: 'longenough',
      confirmPassword: 'longenough',
      choices: { whyHere: ['goal'], lifeArena: ['career'], identitySegment: ['stem'], currentBlock: ['time'] },
    };
    expect(toRegisterPayload(d, 'PILOT-1')).toEqual({
      name: 'Maya',
      city: 'Austin',
      state: 'Texas',
      birthday: '1995-04-02',
      email: 'maya@example.com',
      password: 'longenough',
      confirm_password: 'longenough',
      signup_code: 'PILOT-1',
      whyHere: 'goal',
      lifeArena: 'career',
      identitySegment: 'stem',
      currentBlock: 'time',
    });
  });

  it('knows which step owns a field the server rejected', () => {
    expect(stepForField('email')).toBe(2);
    expect(stepForField('lifeArena')).toBe(4);
    expect(stepForField(undefined)).toBeNull();
  });
});
