import { Badge, Box, Heading, HStack, Image, Text } from '@chakra-ui/react';
import type { Category, EntitySummary, Image as HubImage } from '@hub/shared/api';
import { useTranslation } from 'react-i18next';
import { CategoryChip } from './category-chip';
import { LanguageMark, type LanguageFacts } from './language-mark';
import { RichText } from './rich-text';
import { BANNER_RATIO } from './thumbnail-ratio';

export interface ArticleContent extends LanguageFacts {
  title: string;
  subtitle: string | null;
  description: string;
  category: Category | null;
  banner: HubImage | null;
  pinned: boolean;
  tag?: string | null;
  entity?: EntitySummary | null;
  forYou?: boolean;
}

/** The details of an advice or a news item: banner, title, subtitle, category, description, source. */
export function ContentArticle({ item }: { item: ArticleContent }) {
  const { t } = useTranslation('content');
  return (
    <Box as="article" aria-labelledby="content-title" maxW="4xl">
      {item.banner ? (
        <Image src={item.banner.url} alt="" w="full" aspectRatio={BANNER_RATIO} objectFit="cover" borderRadius="md" mb="5" />
      ) : null}
      <HStack gap="2" wrap="wrap" mb="3">
        {item.pinned ? (
          <Badge colorPalette="brand" variant="subtle">
            {t('advices.pinned')}
          </Badge>
        ) : null}
        {item.category ? <CategoryChip category={item.category} /> : null}
        {item.tag ? <Badge variant="outline">{item.tag}</Badge> : null}
        <LanguageMark item={item} />
      </HStack>
      <Heading as="h1" size="2xl" id="content-title" mb="2" lang={item.language}>
        {item.title}
      </Heading>
      {item.subtitle ? (
        <Text fontSize="lg" color="fg.muted" mb="5" lang={item.language}>
          {item.subtitle}
        </Text>
      ) : null}
      <Box lang={item.language}>
        <RichText html={item.description} />
      </Box>
      {item.entity || item.forYou ? (
        <Text as="footer" color="fg.muted" fontSize="sm" mt="6">
          {[item.entity ? t('details.from', { name: item.entity.name }) : null, item.forYou ? t('details.forYou') : null]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      ) : null}
    </Box>
  );
}
