import { Box, CloseButton, Drawer, Flex, IconButton, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { LanguageMenu } from './language-menu';
import { NavigationMenu } from './navigation-menu';
import { UserMenu } from './user-menu';

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
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

      <Drawer.Root open={drawerOpen} onOpenChange={(event) => setDrawerOpen(event.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW="280px">
              <Drawer.Header>
                <Drawer.Title color="brand.fg">{t('common:appTitle')}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body px="0">
                <NavigationMenu onNavigate={() => setDrawerOpen(false)} />
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('nav.closeMenu')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

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
          <IconButton hideFrom="xl" variant="ghost" size="sm" aria-label={t('nav.openMenu')} onClick={() => setDrawerOpen(true)}>
            <MenuIcon />
          </IconButton>
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
