import { defaultPermissions } from '@meld/shared';
import { describe, expect, it } from 'vitest';
import { forbiddenMessage, mergePermissions } from './permissions.ts';

describe('mergePermissions', () => {
  it("gives a role nobody changed the spec's defaults: ADMIN everything, others use and create without sharing globally", () => {
    expect(mergePermissions('MENTOR', {})).toEqual(defaultPermissions('MENTOR'));
    expect(mergePermissions('USER', {}).PROMPTS).toEqual({ SHARED_GLOBAL: false, USE: true, CREATE: true });
    expect(mergePermissions('USER', {}).BOOKMARKS).toEqual({ USE: true });
    expect(mergePermissions('ADMIN', {}).AGENTS).toEqual({ SHARED_GLOBAL: true, USE: true, CREATE: true });
    expect(mergePermissions('ADMIN', {}).RUN_CODE).toEqual({ USE: true });
  });

  it('lays the stored types over the defaults, keeping every type that was not stored', () => {
    const merged = mergePermissions('USER', { AGENTS: { CREATE: false }, BOOKMARKS: { USE: false }, PROMPTS: { SHARED_GLOBAL: true } });
    expect(merged.AGENTS).toEqual({ SHARED_GLOBAL: false, USE: true, CREATE: false });
    expect(merged.BOOKMARKS).toEqual({ USE: false });
    expect(merged.PROMPTS).toEqual({ SHARED_GLOBAL: true, USE: true, CREATE: true });
    expect(merged.TEMPORARY_CHAT).toEqual({ USE: true });
  });

  it('lets a stored refusal take away even what ADMIN has by default', () => {
    expect(mergePermissions('ADMIN', { RUN_CODE: { USE: false } }).RUN_CODE).toEqual({ USE: false });
  });

  it('does not change the defaults it starts from', () => {
    mergePermissions('USER', { AGENTS: { USE: false } });
    expect(defaultPermissions('USER').AGENTS.USE).toBe(true);
  });
});

describe('forbiddenMessage', () => {
  it('says what the role cannot do, in words the browser can show', () => {
    expect(forbiddenMessage('AGENTS', 'CREATE')).toBe('Your role cannot create agents');
    expect(forbiddenMessage('PROMPTS', 'SHARED_GLOBAL')).toBe('Your role cannot share prompts with everyone');
    expect(forbiddenMessage('TEMPORARY_CHAT', 'USE')).toBe('Your role cannot use temporary chats');
    expect(forbiddenMessage('RUN_CODE', 'USE')).toBe('Your role cannot run code');
  });
});
