import { act, render, screen } from '@testing-library/react';
import { useMemo } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { useTranslation } from './use-translation.ts';

function Loading() {
  const { t, i18n: instance } = useTranslation();
  // Memoised on `t`, as components do with their labels: a language change must give a new `t`.
  const label = useMemo(() => t('loading'), [t]);
  return (
    <p>
      {label} ({instance.language})
    </p>
  );
}

describe('useTranslation', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
    i18n.removeResourceBundle('fr', 'translation');
  });

  it('shows the strings in the page language and follows a change of language, memoised text too', async () => {
    i18n.addResourceBundle('fr', 'translation', { loading: 'Chargement…' }, true, true);
    render(
      <>
        <Loading />
        <Loading />
      </>,
    );
    expect(screen.getAllByText(`${i18n.t('loading')} (en)`)).toHaveLength(2);

    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getAllByText('Chargement… (fr)')).toHaveLength(2);

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getAllByText(`${i18n.t('loading')} (en)`)).toHaveLength(2);
  });
});
