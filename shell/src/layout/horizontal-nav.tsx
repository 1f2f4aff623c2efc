import { Box, Flex, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { isUnder } from '../paths';
import { useSessionState } from '../shell-context';
import { HORIZONTAL_MENU_OFFSET_PX } from './breakpoints';
import { MenuButton } from './menu-button';
import { useFilesToReview } from './collectmaster-count';
import { NavItemLabel } from './nav-item-label';
import { navigationFor } from './nav-items';

/** The horizontal navigation (from 1280 px): links in a bar, each admin area a menu of its consoles. */
export function HorizontalNav() {
  const { t } = useTranslation('shell');
  const state = useSessionState();
  const filesToReview = useFilesToReview();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!state.user || !state.displayedUser) return null;
  const items = navigationFor({ user: state.user, displayedUser: state.displayedUser, displayAs: state.displayAs !== null, filesToReview });
  const pending = state.displayedUser.pending_message_counter;
  return (
    <Flex as="nav" aria-label={t('nav.horizontal')} align="center" gap="1" wrap="wrap" px="6" py="2">
      {items.map((item) =>
        item.children ? (
          <MenuButton
            key={item.to}
            offset={HORIZONTAL_MENU_OFFSET_PX}
            align="start"
            triggerProps={{
              fontWeight: 'medium',
              color: item.children.some((child) => isUnder(pathname, child.to)) ? 'brand.fg' : 'fg',
            }}
            trigger={t(`nav.${item.label}`)}
            sections={[{ items: item.children.map((child) => ({ value: child.to, label: t(`nav.${child.label}`) })) }]}
            onSelect={(to) => navigate(to)}
          />
        ) : (
          <Link
            key={item.to}
            asChild
            px="3"
            py="1.5"
            borderRadius="md"
            color="fg"
            fontWeight="medium"
            textStyle="sm"
            textDecoration="none"
            _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
            _currentPage={{ bg: 'brand.solid', color: 'brand.contrast', _hover: { bg: 'brand.solid' } }}
            focusRingColor="brand.focusRing"
          >
            <NavLink to={item.to}>
              <NavItemLabel item={item} pending={pending} />
            </NavLink>
          </Link>
        ),
      )}
      <Box flex="1" />
    </Flex>
  );
}
