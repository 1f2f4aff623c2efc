import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { LanguageMenu } from './language-menu';
import { NavDrawer } from './nav-drawer';
import { NavigationMenu } from './navigation-menu';
import { UserMenu } from './user-menu';

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
 * The default layout (SPEC §1, §9): vertical navigation beside the page from 1280 px, an overlay
 * drawer opened from the header's menu button below (the `xl` breakpoint is 1280 px).
 */
export function DashboardLayout() {
  const { t } = useTranslation('shell');
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
  return (
    <Flex minH="100vh" bg="bg.subtle">
      <Box
        as="aside"
        hideBelow="xl"
        w="260px"
        flexShrink={0}
        borderEndWidth="1px"
        bg="bg"
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

      <NavDrawer open={drawerOpen} onClose={closeDrawer} title={t('common:appTitle')} closeLabel={t('nav.closeMenu')}>
        <NavigationMenu onNavigate={closeDrawer} />
      </NavDrawer>

      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          align="center"
          gap="2"
          px={{ base: '3', md: '6' }}
          h="16"
          bg="bg"
          borderBottomWidth="1px"
          position="sticky"
          top="0"
          zIndex="sticky"
        >
          <Button
            ref={menuButtonRef}
            hideFrom="xl"
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
          <Text hideFrom="xl" fontWeight="bold" color="brand.fg">
            {t('common:appTitle')}
          </Text>
          <Box flex="1" />
          <LanguageMenu />
          <UserMenu />
        </Flex>
        <Box as="main" flex="1" p={{ base: '3', md: '6' }} w="full" maxW="1440px" mx="auto">
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
