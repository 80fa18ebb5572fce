import { PROMPT_GLOBAL_PROJECT_ID } from '@meld/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { showToast } from '@/lib/toast.ts';
import { errorMessage, useCreatePrompt } from '../api/prompt-api.ts';
import { emptyGroupValues, groupErrors, type GroupErrors } from '../lib/group-values.ts';
import { GroupFields } from './group-fields.tsx';
import { PromptTextField } from './prompt-text-field.tsx';

/** A new group and its first version, which becomes its production version. */
export function NewPromptForm({ canShare }: { canShare: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePrompt();
  const [values, setValues] = useState(emptyGroupValues);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<GroupErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = groupErrors(values);
    if (!text.trim()) found.prompt = 'prompts.errors.promptRequired';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        prompt: { prompt: text, type: 'text' },
        group: {
          name: values.name.trim(),
          oneliner: values.oneliner.trim(),
          category: values.category || null,
          ...(values.command ? { command: values.command } : {}),
          ...(canShare && values.shared ? { projectIds: [PROMPT_GLOBAL_PROJECT_ID] } : {}),
        },
      },
      {
        onSuccess: ({ group }) => {
          showToast({ message: t('prompts.created'), severity: 'success' });
          void navigate(`/prompts/${group.groupId}`);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <h2 className="font-serif text-2xl font-semibold text-ink">{t('prompts.newPrompt')}</h2>
      {create.isError ? <Alert tone="error">{errorMessage(create.error, t('errors.generic'))}</Alert> : null}
      <GroupFields values={values} errors={errors} onChange={setValues} canShare={canShare} />
      <PromptTextField value={text} onChange={setText} error={errors.prompt ? t('prompts.errors.promptRequired') : null} />
      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending}>
          {t('prompts.create')}
        </Button>
      </div>
    </form>
  );
}
