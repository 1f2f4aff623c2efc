import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../auth/sign-out';
import { paths } from '../paths';
import type { Theme } from '../preferences/preferences';
import { usePreferences, useSessionState, useShell } from '../shell-context';
import { MenuButton } from './menu-button';
import { UserAvatar } from './user-avatar';

const THEMES: Theme[] = ['light', 'dark', 'system'];

/** Name and initials, with the profile, the theme and Sign out. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const services = useShell();
  const state = useSessionState();
  const preferences = usePreferences();
  const navigate = useNavigate();
  const user = state.user;
  if (!user) return null;

  function onSelect(value: string) {
    if (value === 'sign-out') void signOut({ session: services.session, authApi: services.apis.authApi });
    else if (value === 'profile') navigate(paths.profile);
    else if ((THEMES as string[]).includes(value)) services.preferences.set('theme', value as Theme);
  }

  return (
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
      sections={[
        { items: [{ value: 'profile', label: t('userMenu.profile') }] },
        {
          label: t('layout.theme'),
          items: THEMES.map((theme) => ({ value: theme, label: t(`layout.${theme}`), checked: preferences.theme === theme })),
        },
        { items: [{ value: 'sign-out', label: t('logout.action') }] },
      ]}
      onSelect={onSelect}
    />
  );
}
