import { STORAGE_KEYS, type Provider, type ProviderList, type ProviderSummary } from '@hub/shared/api';
import { LANGUAGES } from '@hub/shared/i18n';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../paths';
import { useLanguage, useShell } from '../shell-context';
import { takeSignedOutFlag } from './sign-out';

/** True on the provider's return: /login?code=…&state=… (or ?error=…). */
export function isSignInCallback(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has('code') && params.has('state')) || params.has('error');
}

// The identity client loads on demand; so do the callback's rules, whose messages live in the
// API's auth module next to its schemas (typebox), which signed-in pages need not load.
const loadOidc = () => import(/* webpackChunkName: "oidc" */ './oidc-client');
const loadSignIn = () => import(/* webpackChunkName: "sign-in" */ './sign-in');
type SignInModule = Awaited<ReturnType<typeof loadSignIn>>;

/**
 * /login (docs/product.md §2, §4): the connections offered, and the callback address of the provider.
 * Plain elements styled by index.html, no design system: this page must stay small.
 */
export function LoginPage() {
  const { t } = useTranslation(['shell', 'common']);
  const services = useShell();
  const { apis, session, snackbar } = services;
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const callback = isSignInCallback(location.search);
  const [providers, setProviders] = useState<ProviderSummary[] | null>(null);
  const [busy, setBusy] = useState(callback);
  const [helpOpen, setHelpOpen] = useState(false);
  const handled = useRef(false);

  useEffect(() => {
    if (!takeSignedOutFlag(location.search)) return;
    snackbar.notify({ kind: 'success', message: t('logout.success') });
    if (location.search) navigate(paths.login, { replace: true }); // drop ?state=signed-out
    // The flag is taken once (takeSignedOutFlag consumes it): running again on a later change toasts nothing.
  }, [location.search, navigate, snackbar, t]);

  useEffect(() => {
    if (busy || providers) return;
    apis.authApi
      .get<ProviderList>('/auth/providers')
      .then((list) => setProviders(list.providers))
      .catch(() => setProviders([]));
  }, [busy, providers, apis]);

  useEffect(() => {
    if (!callback || handled.current) return;
    handled.current = true;
    let rules: SignInModule | null = null;
    (async () => {
      const name = localStorage.getItem(STORAGE_KEYS.providerName) ?? '';
      const [provider, oidc, signIn] = await Promise.all([
        apis.authApi.get<Provider>(`/auth/provider/${encodeURIComponent(name)}`),
        loadOidc(),
        loadSignIn(),
      ]);
      rules = signIn;
      const oidcUser = await oidc.finishSignIn(provider);
      await signIn.completeSignIn({ oidcUser, provider: provider.name, session, ...apis });
      snackbar.notify({ kind: 'success', message: t('login.success') });
      navigate(paths.home, { replace: true });
    })().catch((error: unknown) => {
      console.error('Sign-in failed', error);
      session.clear('the sign-in failed');
      const message = rules ? rules.signInFailureMessage(error, t('login.failed')) : t('login.failed');
      snackbar.notify({ kind: 'error', message });
      setBusy(false);
      navigate(paths.login, { replace: true });
    });
    // handled.current makes it run once, whatever else changes.
  }, [callback, apis, session, snackbar, navigate, t]);

  async function signInWith(summary: ProviderSummary) {
    setBusy(true);
    localStorage.setItem(STORAGE_KEYS.providerName, summary.name);
    try {
      const [provider, oidc] = await Promise.all([
        apis.authApi.get<Provider>(`/auth/provider/${encodeURIComponent(summary.name)}`),
        loadOidc(),
      ]);
      await oidc.startSignIn(provider); // the browser leaves for the provider
    } catch (error) {
      console.error('Could not start the sign-in', error);
      snackbar.notify({ kind: 'error', message: t('login.failed') });
      setBusy(false);
    }
  }

  const kindCount = (kind: string) => providers?.filter((provider) => provider.kind === kind).length ?? 0;
  const labelOf = (provider: ProviderSummary) => {
    const kind = t(`login.connections.${provider.kind}`);
    return kindCount(provider.kind) > 1 ? `${kind} (${provider.label})` : kind;
  };

  return (
    <main className="hub-login">
      <section className="hub-login-card" aria-labelledby="login-title">
        <p className="hub-login-brand">{t('common:appTitle')}</p>
        <h1 id="login-title">{t('login.title')}</h1>
        {busy ? (
          <p role="status" className="hub-login-status">
            {t('login.signingIn')}
          </p>
        ) : providers === null ? (
          <p role="status" className="hub-login-status">
            {t('common:loading')}
          </p>
        ) : providers.length === 0 ? (
          <p className="hub-login-status">{t('login.noProviders')}</p>
        ) : (
          <>
            <p className="hub-login-subtitle">{t('login.subtitle')}</p>
            <ul className="hub-login-connections">
              {providers.map((provider) => (
                <li key={provider.name}>
                  <button type="button" className="hub-login-button" onClick={() => void signInWith(provider)}>
                    {labelOf(provider)}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        <a
          href="#connection-help"
          className="hub-login-help"
          aria-expanded={helpOpen}
          aria-controls="connection-help"
          onClick={(event) => {
            event.preventDefault();
            setHelpOpen((open) => !open);
          }}
        >
          {t('login.connectionHelp')}
        </a>
        <p id="connection-help" className="hub-login-help-body" hidden={!helpOpen}>
          {t('login.connectionHelpBody')} <Link to={paths.connectionHelp}>{t('login.connectionHelp')}</Link>
        </p>
        <div className="hub-login-languages" role="group" aria-label={t('login.chooseLanguage')}>
          {LANGUAGES.map((option) => (
            <button
              key={option.code}
              type="button"
              lang={option.i18nLang}
              aria-pressed={language === option.code}
              onClick={() => services.language.set(option.code)}
            >
              {option.label}
            </button>
          ))}
        </div>
      </section>
    </main>
  );
}
