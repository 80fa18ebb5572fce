import { IMPORT_LIMITS } from '@meld/shared';
import { useRef } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { showToast } from '@/lib/toast.ts';
import { IMPORT_MAX_SIZE, isJsonFileName, useImportConversations } from '../api/settings-queries.ts';
import { SettingRow } from './setting-row.tsx';

/** Data tab: pick a .json export and upload it (spec 000 sections 5 and 8). */
export function ImportConversations() {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const importConvos = useImportConversations();

  const onFile = (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    // The picker filters to .json, but "All files" lets anything through: stop it before uploading.
    if (!isJsonFileName(file.name)) {
      showToast({ message: t('settings.data.import.fileType'), severity: 'error' });
      return;
    }
    // The server refuses it too; saying so here spares uploading megabytes for nothing.
    if (file.size > IMPORT_LIMITS.maxBytes) {
      showToast({ message: t('settings.data.import.tooLarge', { size: IMPORT_MAX_SIZE }), severity: 'error' });
      return;
    }
    importConvos.mutate(file);
  };

  return (
    <SettingRow label={t('settings.data.import.label')} hint={t('settings.data.import.hint', { size: IMPORT_MAX_SIZE })}>
      <input
        ref={inputRef}
        type="file"
        accept=".json,application/json"
        // The button below opens it; hidden keeps it out of the tab order and the accessibility tree.
        hidden
        data-testid="import-file"
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      <Button variant="secondary" size="sm" loading={importConvos.isPending} onClick={() => inputRef.current?.click()}>
        {importConvos.isPending ? null : (
          <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M10 13V3.5M6.5 7 10 3.5 13.5 7M4 12.5v2A2.5 2.5 0 0 0 6.5 17h7a2.5 2.5 0 0 0 2.5-2.5v-2" />
          </svg>
        )}
        {importConvos.isPending ? t('settings.data.import.importing') : t('settings.data.import.button')}
      </Button>
    </SettingRow>
  );
}
