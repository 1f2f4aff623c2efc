import { Box, Link, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { NavItemLabel } from './nav-item-label';
import { useSessionState } from '../shell-context';
import { useFilesToReview } from './collectmaster-count';
import { navigationFor, type NavItem } from './nav-items';

function ItemLink({ item, pending, onNavigate }: { item: NavItem; pending: number; onNavigate?: () => void }) {
  return (
    <Link
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
        <NavItemLabel item={item} pending={pending} />
      </NavLink>
    </Link>
  );
}

function Group({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const headingId = useId();
  return (
    <Box role="group" aria-labelledby={headingId} pt="2">
      <Box
        id={headingId}
        px="3"
        py="1"
        textStyle="xs"
        fontWeight="semibold"
        color="fg.muted"
        textTransform="uppercase"
        letterSpacing="wide"
      >
        {t(`nav.${item.label}`)}
      </Box>
      <Stack gap="1" ps="2">
        {item.children!.map((child) => (
          <ItemLink key={child.to} item={child} pending={0} onNavigate={onNavigate} />
        ))}
      </Stack>
    </Box>
  );
}

/** The vertical navigation's links, consoles grouped by area; `onNavigate` closes the overlay drawer. */
export function NavigationMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const state = useSessionState();
  const filesToReview = useFilesToReview();
  if (!state.user || !state.displayedUser) return null;
  const items = navigationFor({ user: state.user, displayedUser: state.displayedUser, displayAs: state.displayAs !== null, filesToReview });
  // Kept current by the contact remote's live events (it reloads the session when the counters change).
  const pending = state.displayedUser.pending_message_counter;
  return (
    <Stack as="nav" aria-label={t('nav.menu')} gap="1" p="3">
      {items.map((item) =>
        item.children ? (
          <Group key={item.to} item={item} onNavigate={onNavigate} />
        ) : (
          <ItemLink key={item.to} item={item} pending={pending} onNavigate={onNavigate} />
        ),
      )}
    </Stack>
  );
}
