import { Box, Card, Heading, HStack, Image, Link, Text } from '@chakra-ui/react';
import type { Category, Image as ImageRef } from '@hub/shared/api';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CategoryChip } from './category-chip';
import { LanguageMark, type LanguageFacts } from './language-mark';
import { THUMBNAIL_RATIO } from './thumbnail-ratio';

/** What a list card shows of an advice or a news item. */
export interface CardContent extends LanguageFacts {
  title: string;
  subtitle?: string | null;
  category?: Category | null;
  thumbnail?: ImageRef | null;
}

/**
 * A list card of an advice or a news item: its thumbnail, its badges and category, its title as a
 * link to its page (a heading of `level`, which names the article) and its subtitle.
 */
export function ContentCard({
  content,
  headingId,
  level,
  to,
  badge,
  fullHeight = false,
}: {
  content: CardContent;
  headingId: string;
  level: 'h2' | 'h3';
  to: string;
  /** Shown before the category chip (the pinned badge of an advice). */
  badge?: ReactNode;
  fullHeight?: boolean;
}) {
  return (
    <Card.Root as="article" flexDirection="row" overflow="hidden" size="sm" aria-labelledby={headingId} h={fullHeight ? 'full' : undefined}>
      {content.thumbnail ? (
        <Image
          src={content.thumbnail.url}
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
          <HStack gap="2" wrap="wrap" _empty={{ display: 'none' }}>
            {badge}
            {content.category ? <CategoryChip category={content.category} /> : null}
            <LanguageMark item={content} />
          </HStack>
          <Heading as={level} size="md" id={headingId} lang={content.language}>
            <Link asChild color="fg" _hover={{ color: 'brand.fg' }}>
              <RouterLink to={to}>{content.title}</RouterLink>
            </Link>
          </Heading>
          {content.subtitle ? (
            <Text color="fg.muted" lang={content.language}>
              {content.subtitle}
            </Text>
          ) : null}
        </Card.Body>
      </Box>
    </Card.Root>
  );
}
