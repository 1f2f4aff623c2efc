import { parseId } from '@hub/shared/api';
import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { errorStatus } from '@hub/shared/api';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { ContentArticle } from '../../../components/content-article';
import { LoadState } from '@hub/shared/ui';
import { usePreview } from '../../../lib/use-preview';
import { PreviewBand } from '../../../components/preview-band';
import { paths } from '../../../paths';
import { useAdvice } from '../api/get-advice';
import { MustReadPanel } from './must-read-panel';

/** /advices/details/:id: one advice; a non-numeric id goes back to the list. */
export function AdviceDetailsPage() {
  const { t } = useTranslation('content');
  const id = parseId(useParams().id);
  const preview = usePreview();
  const { data, error, isLoading, mutate } = useAdvice(id, preview);
  if (id === null) return <Navigate to={paths.advices} replace />;
  // A draft or another entity's item answers 403 or 404: either way, nothing to show this user.
  // By the brand (errorStatus), never instanceof: the error comes from the shell's API client, another bundle.
  const status = errorStatus(error);
  const notFound = status === 404 || status === 403;
  return (
    <Box as="section" p={{ base: '4', md: '6' }}>
      <Link asChild color="brand.fg" mb="5" display="inline-block">
        <RouterLink to={paths.advices}>{t('adviceDetails.back')}</RouterLink>
      </Link>
      {data && preview ? <PreviewBand status={data.status} /> : null}
      {data && !preview ? <MustReadPanel advice={data} onChanged={() => mutate()} /> : null}
      {data ? (
        <ContentArticle item={{ ...data, forYou: data.audience_type === 'user' }} />
      ) : notFound ? (
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            {t('adviceDetails.notFoundTitle')}
          </Heading>
          <Text color="fg.muted">{t('adviceDetails.notFound')}</Text>
        </Stack>
      ) : (
        <LoadState
          status={isLoading || !error ? 'loading' : 'error'}
          loadingText={t('adviceDetails.loading')}
          failedText={t('adviceDetails.loadFailed')}
          onRetry={() => void mutate()}
        />
      )}
    </Box>
  );
}
