import { en, fr, switchLanguage } from '@hub/shared/i18n';
import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createShellI18n } from './shell-i18n';
import { WithCatalogue } from './with-catalogue';

function Title({ onMount }: { onMount: () => void }) {
  const { t } = useTranslation('account');
  useEffect(onMount, [onMount]);
  return <h1>{t('help.title')}</h1>;
}

describe('a namespace fetched on first use', () => {
  it('should render once the namespace is at hand, then follow a change of language without unmounting', async () => {
    const i18n = createShellI18n('en');
    const mounted = jest.fn();
    render(
      <I18nextProvider i18n={i18n} defaultNS="shell">
        <WithCatalogue namespace="account" fallback={<p>waiting</p>}>
          <Title onMount={mounted} />
        </WithCatalogue>
      </I18nextProvider>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: en.account.help.title })).toBeVisible();

    // The shell's change of language fetches the namespace with its own before switching.
    await act(() => switchLanguage(i18n, 'fr'));
    expect(screen.getByRole('heading', { name: fr.account.help.title })).toBeVisible();
    expect(mounted).toHaveBeenCalledTimes(1);
  });
});
