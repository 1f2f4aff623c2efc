import { Badge, Box, Card, Heading, HStack, Image, Link, Text } from '@chakra-ui/react';
import type { Advice } from '@hub/shared/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { THUMBNAIL_RATIO } from '../../../components/thumbnail-ratio';
import { paths } from '../../../paths';
import { CategoryChip } from '../../../components/category-chip';

export function AdviceCard({ advice }: { advice: Advice }) {
  const { t } = useTranslation('content');
  return (
    <Card.Root as="article" flexDirection="row" overflow="hidden" size="sm" aria-labelledby={`advice-${advice.id}`}>
      {advice.thumbnail ? (
        <Image
          src={advice.thumbnail.url}
          alt=""
          objectFit="cover"
          width={{ base: '96px', md: '160px' }}
          flexShrink={0}
          alignSelf="stretch"
          aspectRatio={{ base: '1', md: THUMBNAIL_RATIO }}
        />
      ) : null}
      <Box flex="1">
        <Card.Body gap="2">
          <HStack gap="2" wrap="wrap">
            {advice.pinned ? (
              <Badge colorPalette="brand" variant="subtle">
                {t('advices.pinned')}
              </Badge>
            ) : null}
            {advice.category ? <CategoryChip category={advice.category} /> : null}
          </HStack>
          <Heading as="h2" size="md" id={`advice-${advice.id}`}>
            <Link asChild color="fg" _hover={{ color: 'brand.fg' }}>
              <RouterLink to={paths.adviceDetails(advice.id)}>{advice.title}</RouterLink>
            </Link>
          </Heading>
          {advice.subtitle ? <Text color="fg.muted">{advice.subtitle}</Text> : null}
        </Card.Body>
      </Box>
    </Card.Root>
  );
}
