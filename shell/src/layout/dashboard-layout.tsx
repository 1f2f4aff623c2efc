import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { DisplayAsBand } from '../display-as/display-as-band';
import { usePreferences } from '../shell-context';
import { FROM_MEDIUM, LARGE } from './breakpoints';
import { CollectmasterCountProvider } from './collectmaster-count';
import { EntitySelector } from './entity-selector';
import { HorizontalNav } from './horizontal-nav';
import { LanguageMenu } from './language-menu';
import { NavDrawer } from './nav-drawer';
import { NavigationMenu } from './navigation-menu';
import { ScrollToTop } from './scroll-to-top';
import { SearchTrigger } from '../search/search-trigger';
import { UserMenu } from './user-menu';
import { NotificationBell } from '../notifications/notification-bell';

function MenuIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

/**
 * The default layout (docs/product.md §1, §4, §9). Vertical navigation beside the page from 1280 px (unless
 * collapsed), or horizontal navigation under the header; below 1280 px (and when the vertical
 * navigation is collapsed) an overlay drawer opened from the header's menu button. The interface
 * preferences shape it: content width, sticky or scrolling header, blurred header, semi-dark
 * vertical navigation. While display-as runs, its band sits above everything.
 */
export function DashboardLayout() {
  const { t } = useTranslation(['shell', 'common']);
  const preferences = usePreferences();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const closeDrawer = () => setDrawerOpen(false);
  // Back to the menu button once the drawer has closed (the drawer's own effect runs first, so the
  // page is no longer inert), however it closed: Escape, backdrop, close button or a chosen link.
  useEffect(() => {
    if (wasOpen.current && !drawerOpen) menuButtonRef.current?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen]);
  const horizontal = preferences.navLayout === 'horizontal';
  const verticalShown = !horizontal && !preferences.navCollapsed;
  // The menu button (and the overlay) below 1280 px, and at every width when the vertical navigation is collapsed.
  const menuButtonHiddenFrom = verticalShown || horizontal ? LARGE : undefined;
  const sticky = horizontal || preferences.navbarType === 'sticky';
  const blur = preferences.navbarBlur && sticky;
  return (
    <CollectmasterCountProvider>
      <Box minH="100vh" bg="bg.subtle">
        <Flex minH="100vh">
          {verticalShown ? (
            <Box
              as="aside"
              className={preferences.semiDarkNav ? 'dark' : undefined}
              hideBelow={LARGE}
              w="260px"
              flexShrink={0}
              borderEndWidth="1px"
              bg="bg"
              color="fg"
              position="sticky"
              top="0"
              h="100vh"
              overflowY="auto"
            >
              <Text px="6" pt="5" pb="2" fontWeight="bold" fontSize="lg" color="brand.fg">
                {t('common:appTitle')}
              </Text>
              <NavigationMenu />
            </Box>
          ) : null}

          <NavDrawer open={drawerOpen} onClose={closeDrawer} title={t('common:appTitle')} closeLabel={t('nav.closeMenu')}>
            <NavigationMenu onNavigate={closeDrawer} />
          </NavDrawer>

          <Flex direction="column" flex="1" minW="0">
            <Box
              position={sticky ? 'sticky' : 'relative'}
              top="0"
              zIndex="sticky"
              bg={blur ? 'color-mix(in srgb, var(--chakra-colors-bg) 82%, transparent)' : 'bg'}
              backdropFilter={blur ? 'blur(8px)' : undefined}
              borderBottomWidth="1px"
            >
              <DisplayAsBand />
              {/* Below 1024 px the entity selector, when there is one, takes a row of its own under the
                  others (entity-selector.tsx), so that on a phone no control lies over another. */}
              <Flex
                as="header"
                align="center"
                alignContent="center"
                flexWrap="wrap"
                columnGap="2"
                minH="16"
                px="3"
                css={{ [FROM_MEDIUM]: { px: '6' } }}
              >
                <Button
                  ref={menuButtonRef}
                  hideFrom={menuButtonHiddenFrom}
                  variant="ghost"
                  size="sm"
                  px="0"
                  aria-label={t('nav.openMenu')}
                  aria-haspopup="dialog"
                  aria-expanded={drawerOpen}
                  onClick={() => setDrawerOpen(true)}
                >
                  <MenuIcon />
                </Button>
                {/* The product name stays whole: the controls beside it give way first. */}
                <Text
                  data-hub-brand=""
                  hideFrom={verticalShown ? LARGE : undefined}
                  fontWeight="bold"
                  color="brand.fg"
                  whiteSpace="nowrap"
                  flexShrink={0}
                >
                  {t('common:appTitle')}
                </Text>
                <Box flex="1" minH="16" />
                <SearchTrigger />
                <EntitySelector />
                <NotificationBell />
                <LanguageMenu />
                <UserMenu />
              </Flex>
              {horizontal ? (
                <Box hideBelow={LARGE} borderTopWidth="1px">
                  <HorizontalNav />
                </Box>
              ) : null}
            </Box>
            <Box
              as="main"
              flex="1"
              p="3"
              css={{ [FROM_MEDIUM]: { p: '6' } }}
              w="full"
              maxW={preferences.contentWidth === 'boxed' ? '1440px' : undefined}
              mx="auto"
            >
              <Outlet />
            </Box>
          </Flex>
        </Flex>
        <ScrollToTop />
      </Box>
    </CollectmasterCountProvider>
  );
}
