import { AVATAR_FILE_FIELD, AVATAR_RULES } from '@meld/shared';
import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatBytes } from '@/lib/format-bytes.ts';
import { useUploadAgentAvatar } from '../api/agent-api.ts';

/** The agent's picture: PNG or JPEG up to 2 MB (spec 000 section 5), uploaded once the agent exists. */
export function AvatarField({ agentId, name, avatar }: { agentId: string | null; name: string; avatar: string | null }) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAgentAvatar(agentId ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(AVATAR_RULES.mimeTypes as readonly string[]).includes(file.type) || !(AVATAR_RULES.extensions as readonly string[]).includes(extension)) {
      setProblem(t('agents.avatar.type', { name: file.name }));
      return;
    }
    if (file.size > AVATAR_RULES.maxBytes) {
      setProblem(t('agents.avatar.size', { limit: formatBytes(AVATAR_RULES.maxBytes, i18n.language) }));
      return;
    }
    setProblem(null);
    upload.mutate(file, { onError: () => setProblem(t('agents.avatar.failed')) });
  };

  return (
    <div className="flex items-center gap-4">
      <UserAvatar name={name || '?'} avatar={avatar} className="size-16 text-xl" />
      <div className="flex flex-col items-start gap-1">
        <input ref={input} type="file" name={AVATAR_FILE_FIELD} accept={AVATAR_RULES.mimeTypes.join(',')} className="sr-only" tabIndex={-1} aria-label={t('agents.avatar.file')} onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }} />
        <Button variant="secondary" size="sm" disabled={!agentId} loading={upload.isPending} onClick={() => input.current?.click()}>
          {avatar ? t('agents.avatar.change') : t('agents.avatar.upload')}
        </Button>
        <p className={problem ? 'text-xs text-danger' : 'text-xs text-ink-faint'} role={problem ? 'alert' : undefined}>
          {problem ?? (agentId ? t('agents.avatar.hint') : t('agents.avatar.saveFirst'))}
        </p>
      </div>
    </div>
  );
}
