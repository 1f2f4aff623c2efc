import { Avatar, Button, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { initials } from '@hub/shared/api';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../auth/sign-out';
import { paths } from '../paths';
import type { Theme } from '../preferences/preferences';
import { usePreferences, useSessionState, useShell } from '../shell-context';

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
  const name = `${user.first_name} ${user.last_name}`;

  function onSelect(value: string) {
    if (value === 'sign-out') void signOut({ session: services.session, authApi: services.apis.authApi });
    else if (value === 'profile') navigate(paths.profile);
    else if ((THEMES as string[]).includes(value)) services.preferences.set('theme', value as Theme);
  }

  return (
    <Menu.Root onSelect={({ value }) => onSelect(value)}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" gap="2" px="2">
          <Avatar.Root size="xs" colorPalette="brand" aria-hidden="true">
            {user.profile_image ? <Avatar.Image src={user.profile_image.url} alt="" /> : null}
            <Avatar.Fallback>{initials(user)}</Avatar.Fallback>
          </Avatar.Root>
          {/* Named by its content (axe label-content-name-mismatch): 'User menu: ' then the visible name. */}
          <VisuallyHidden>{`${t('userMenu.label')}: `}</VisuallyHidden>
          <Text as="span" hideBelow="md">
            {name}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            <Menu.Item value="profile">{t('userMenu.profile')}</Menu.Item>
            <Menu.Separator />
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('layout.theme')}</Menu.ItemGroupLabel>
              {THEMES.map((theme) => (
                <Menu.Item key={theme} value={theme} fontWeight={preferences.theme === theme ? 'bold' : undefined}>
                  {t(`layout.${theme}`)}
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="sign-out">{t('logout.action')}</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
