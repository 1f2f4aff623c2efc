import { Badge, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useSessionState } from '../shell-context';
import { navigationFor } from './nav-items';

/** The vertical navigation's links; `onNavigate` closes the overlay drawer. */
export function NavigationMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const state = useSessionState();
  if (!state.user || !state.displayedUser) return null;
  const items = navigationFor({ user: state.user, displayedUser: state.displayedUser, displayAs: state.displayAs !== null });
  // Kept current by the contact remote's live events (it reloads the session when the counters change).
  const pending = state.displayedUser.pending_message_counter;
  return (
    <Stack as="nav" aria-label={t('nav.menu')} gap="1" p="3">
      {items.map((item) => (
        <Link
          key={item.to}
          asChild
          display="block"
          px="3"
          py="2"
          borderRadius="md"
          color="fg"
          fontWeight="medium"
          textDecoration="none"
          _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
          _currentPage={{ bg: 'brand.solid', color: 'brand.contrast', _hover: { bg: 'brand.solid' } }}
          focusRingColor="brand.focusRing"
        >
          <NavLink to={item.to} onClick={onNavigate}>
            {t(`nav.${item.label}`)}
            {item.label === 'contact' && pending > 0 ? (
              <Badge ms="2" colorPalette="orange" variant="solid" aria-label={t('nav.pendingMessages', { count: pending })}>
                {pending}
              </Badge>
            ) : null}
          </NavLink>
        </Link>
      ))}
    </Stack>
  );
}
