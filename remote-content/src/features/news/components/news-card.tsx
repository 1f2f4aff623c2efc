import { Box, Card, Heading, HStack, Image, Link, Text } from '@chakra-ui/react';
import type { NewsItem } from '@hub/shared/api';
import { Link as RouterLink } from 'react-router-dom';
import { THUMBNAIL_RATIO } from '../../../components/thumbnail-ratio';
import { CategoryChip } from '../../../components/category-chip';
import { paths } from '../../../paths';

export function NewsCard({ item }: { item: NewsItem }) {
  return (
    <Card.Root as="article" flexDirection="row" overflow="hidden" size="sm" aria-labelledby={`news-${item.id}`} h="full">
      {item.thumbnail ? (
        <Image
          src={item.thumbnail.url}
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
          {item.category ? (
            <HStack gap="2" wrap="wrap">
              <CategoryChip category={item.category} />
            </HStack>
          ) : null}
          <Heading as="h3" size="md" id={`news-${item.id}`}>
            <Link asChild color="fg" _hover={{ color: 'brand.fg' }}>
              <RouterLink to={paths.newsDetails(item.id)}>{item.title}</RouterLink>
            </Link>
          </Heading>
          {item.subtitle ? <Text color="fg.muted">{item.subtitle}</Text> : null}
        </Card.Body>
      </Box>
    </Card.Root>
  );
}
