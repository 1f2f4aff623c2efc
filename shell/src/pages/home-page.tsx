import { Box, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '../shell-context';
import { HomeWidgets } from './home-widgets';
import { WriteToConsultant } from './write-to-consultant';

/** /home: the welcome message (docs/product.md §2) of the displayed user, then the widgets the remotes offer. */
export function HomePage() {
  const { t } = useTranslation('shell');
  const { user, displayedUser, displayAs } = useSessionState();
  if (!user || !displayedUser) return null;
  return (
    <>
      <Box as="section" bg="bg" borderRadius="lg" borderWidth="1px" p={{ base: '5', md: '8' }}>
        <Heading as="h1" size="2xl" mb="3">
          {t('home.welcome', { name: `${displayedUser.first_name} ${displayedUser.last_name}` })}
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          {displayedUser.welcome_message || t('home.defaultMessage')}
        </Text>
        {displayAs ? (
          <Text mt="4" color="brand.fg">
            {t('home.displayingAs', { name: `${displayedUser.first_name} ${displayedUser.last_name}` })}
          </Text>
        ) : null}
        <WriteToConsultant />
      </Box>
      <HomeWidgets />
    </>
  );
}
