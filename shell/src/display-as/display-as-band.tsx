import { Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSessionState, useShell } from '../shell-context';

/**
 * While display-as runs: a band across the top of every page (in the header, sticky with it) that names the displayed user and the
 * mode, with Stop, which gives the administrator their own identity back at once (no reload).
 */
export function DisplayAsBand() {
  const { t } = useTranslation('shell');
  const { session } = useShell();
  const { displayAs, displayedUser } = useSessionState();
  if (!displayAs || !displayedUser) return null;
  const name = `${displayedUser.first_name} ${displayedUser.last_name}`;
  return (
    <Flex
      role="region"
      aria-label={t('displayAs.title')}
      align="center"
      justify="center"
      wrap="wrap"
      gap="3"
      px="4"
      py="2"
      bg="orange.muted"
      color="fg"
      borderBottomWidth="3px"
      borderColor="orange.solid"
    >
      <Text fontWeight="semibold">
        {t(displayAs.includesUnpublished ? 'displayAs.bandUnpublished' : 'displayAs.bandStandard', { name })}
      </Text>
      <Button size="sm" colorPalette="brand" onClick={() => session.stopDisplayAs()}>
        {t('displayAs.stop')}
      </Button>
    </Flex>
  );
}
