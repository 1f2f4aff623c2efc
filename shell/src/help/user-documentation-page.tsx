import { Box, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../paths';
import { readPublicUrl } from './public-config';
import { withCatalogue } from '../language/with-catalogue';

/** /help: the user documentation, the way to connection help and, when known, the projects site. */
export const UserDocumentationPage = withCatalogue('account', UserDocumentation);

function UserDocumentation() {
  const { t } = useTranslation('account');
  const projectsUrl = readPublicUrl('hub-projects-url');
  return (
    <Box as="section" bg="bg" borderRadius="lg" borderWidth="1px" p={{ base: '5', md: '8' }} aria-labelledby="help-title">
      <Heading as="h1" size="2xl" mb="3" id="help-title">
        {t('help.title')}
      </Heading>
      <Text mb="4">{t('help.intro')}</Text>
      <List.Root gap="2" ps="5" mb="6">
        {(['advices', 'news', 'dashboards', 'trainings', 'contact', 'profile'] as const).map((topic) => (
          <List.Item key={topic}>{t(`help.${topic}`)}</List.Item>
        ))}
      </List.Root>
      <Stack gap="2" align="start">
        <Link asChild color="brand.fg" textDecoration="underline">
          <RouterLink to={paths.connectionHelp}>{t('help.connectionHelpLink')}</RouterLink>
        </Link>
        {projectsUrl ? (
          <Link href={projectsUrl} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
            {t('help.projects')}
          </Link>
        ) : null}
      </Stack>
    </Box>
  );
}
