import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../paths';
import { useShell } from '../shell-context';
import { withCatalogue } from '../language/with-catalogue';

/**
 * /help/connection: 'Connection help' for external login, open signed out (from /login) and signed
 * in. Plain elements styled like the sign-in page (index.html), no design system, as /login.
 */
export const ConnectionHelpPage = withCatalogue('account', ConnectionHelp);

function ConnectionHelp() {
  const { t } = useTranslation(['account', 'common']);
  const signedIn = useShell().session.isAuthenticated();
  return (
    <main className="hub-login">
      <section className="hub-login-card" aria-labelledby="connection-help-title">
        <p className="hub-login-brand">{t('common:appTitle')}</p>
        <h1 id="connection-help-title">{t('help.connection.title')}</h1>
        <p className="hub-login-subtitle">{t('help.connection.intro')}</p>
        <ul className="hub-help-list">
          <li>{t('help.connection.default')}</li>
          <li>{t('help.connection.external')}</li>
          <li>{t('help.connection.internal')}</li>
          <li>{t('help.connection.companySso')}</li>
        </ul>
        <p>{t('help.connection.trouble')}</p>
        <Link className="hub-login-help" to={signedIn ? paths.home : paths.login}>
          {signedIn ? t('help.connection.backHome') : t('help.connection.backToLogin')}
        </Link>
      </section>
    </main>
  );
}
