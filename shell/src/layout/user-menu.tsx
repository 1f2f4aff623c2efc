import { Box } from '@chakra-ui/react';
import { isAdministrator } from '@hub/shared/api';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../auth/sign-out';
import { paths } from '../paths';
import type { Theme } from '../preferences/preferences';
import { roleLabel } from '../profile/role-label';
import { usePreferences, useSessionState, useShell } from '../shell-context';
import { MenuButton, type MenuButtonSection } from './menu-button';
import { UserAvatar } from './user-avatar';

// Loaded when opened: /home carries neither (its JavaScript budget, 250 kB gzip).
const DisplayAsDialog = lazy(() => import(/* webpackChunkName: "display-as" */ '../display-as/display-as-dialog'));
const PreferencesDrawer = lazy(() => import(/* webpackChunkName: "preferences" */ '../preferences/preferences-drawer'));

const THEMES: Theme[] = ['light', 'dark', 'system'];

/** Name, role and initials, with the profile, display-as, the interface preferences, the theme and Sign out. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const services = useShell();
  const state = useSessionState();
  const preferences = usePreferences();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<'display-as' | 'preferences' | null>(null);
  const user = state.user;
  if (!user) return null;
  // Display-as is for administrators (docs/product.md §6), and starts from one's own identity.
  const offersDisplayAs = isAdministrator(user.rights) && !state.displayAs;

  function onSelect(value: string) {
    if (value === 'sign-out') void signOut({ session: services.session, authApi: services.apis.authApi });
    else if (value === 'profile') navigate(paths.profile);
    else if (value === 'display-as' || value === 'preferences') setOpened(value);
    else if ((THEMES as string[]).includes(value)) services.preferences.set('theme', value as Theme);
  }

  const sections: MenuButtonSection[] = [
    {
      label: `${user.first_name} ${user.last_name} · ${t(`roles.${roleLabel(user)}`)}`,
      items: [
        { value: 'profile', label: t('userMenu.profile') },
        ...(offersDisplayAs ? [{ value: 'display-as', label: t('userMenu.displayAs') }] : []),
        { value: 'preferences', label: t('userMenu.preferences') },
      ],
    },
    {
      label: t('layout.theme'),
      items: THEMES.map((theme) => ({ value: theme, label: t(`layout.${theme}`), checked: preferences.theme === theme })),
    },
    { items: [{ value: 'sign-out', label: t('logout.action') }] },
  ];

  return (
    <>
      <MenuButton
        triggerProps={{ gap: '2', px: '2' }}
        trigger={
          <>
            <UserAvatar user={user} />
            {/* Named by its content (axe label-content-name-mismatch): 'User menu: ' then the visible name. */}
            <Box as="span" srOnly>{`${t('userMenu.label')}: `}</Box>
            <Box as="span" hideBelow="md">
              {`${user.first_name} ${user.last_name}`}
            </Box>
          </>
        }
        sections={sections}
        onSelect={onSelect}
      />
      <Suspense fallback={null}>
        {opened === 'display-as' ? <DisplayAsDialog onClose={() => setOpened(null)} /> : null}
        {opened === 'preferences' ? <PreferencesDrawer onClose={() => setOpened(null)} /> : null}
      </Suspense>
    </>
  );
}
