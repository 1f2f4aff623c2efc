import { Box, Button, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { AdminImage, ImageCategory } from '@hub/shared/api';
import { IMAGE_CATEGORIES, IMAGE_DISPLAY_SIZES, LoadState, previewSize } from '@hub/shared/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { useImagesOfType } from '../api/images-api';
import { ImageDeleteDialog } from './image-delete-dialog';
import { ImageUploadZone } from './image-upload-zone';
import { detailsPath, paths } from '../../../paths';

/** How wide a type's cards are at most: its display width, shrunk so that a grid holds several. */
const CARD_MAX_WIDTH: Record<ImageCategory, number> = { banner: 480, thumbnail: 240, profile: 128, logo: 240, description: 320 };

/** /admin/images (contributor or more): the library, one grid per type at that type's display size. */
export function ImagesPage() {
  const { t } = useTranslation('admin');
  const { mutate } = useSWRConfig();
  const [deleting, setDeleting] = useState<AdminImage | null>(null);
  const refresh = () => void mutate((key) => Array.isArray(key) && key[0] === 'admin/images/category');
  const [settled, setSettled] = useState<ReadonlySet<ImageCategory>>(new Set());
  const onSettled = useCallback(
    (category: ImageCategory) => setSettled((current) => (current.has(category) ? current : new Set(current).add(category))),
    [],
  );

  return (
    <Box as="section" p={{ base: '3', md: '6' }} aria-labelledby="images-title">
      <Heading as="h1" size="2xl" mb="4" id="images-title">
        {t('images.title')}
      </Heading>
      <ImageUploadZone onUploaded={refresh} />
      {/* Every type's images are asked for at once, but a type is shown only once the types above it
          have answered: a grid arriving above a visible section would push it down (a layout shift of
          0.15 on a phone), whereas a section appearing below the others moves nothing. */}
      <Stack gap="8">
        {IMAGE_CATEGORIES.map((category, index) => (
          <ImageTypeSection
            key={category}
            category={category}
            shown={IMAGE_CATEGORIES.slice(0, index).every((above) => settled.has(above))}
            onSettled={onSettled}
            onDelete={setDeleting}
          />
        ))}
      </Stack>
      <ImageDeleteDialog
        image={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          refresh();
        }}
      />
    </Box>
  );
}

interface ImageTypeSectionProps {
  category: ImageCategory;
  /** False while a type above this one is still loading: the request runs, nothing is drawn. */
  shown: boolean;
  /** Called once the type's first answer (its images or an error) has come. */
  onSettled: (category: ImageCategory) => void;
  onDelete: (image: AdminImage) => void;
}

function ImageTypeSection({ category, shown, onSettled, onDelete }: ImageTypeSectionProps) {
  const { t } = useTranslation('admin');
  const [pages, setPages] = useState(1);
  const { data, error, isLoading, mutate } = useImagesOfType(category, pages);
  const answered = data !== undefined || error !== undefined;
  useEffect(() => {
    if (answered) onSettled(category);
  }, [answered, category, onSettled]);
  if (!shown) return null;
  const size = IMAGE_DISPLAY_SIZES[category];
  const card = previewSize(category, CARD_MAX_WIDTH[category]);
  const headingId = `images-${category}`;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" size="lg" id={headingId}>
        {t(`images.types.${category}`)}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {t('images.typeSize', size)}
        {data ? ` · ${t('images.count', { count: data.total })}` : ''}
      </Text>
      {!data ? (
        <LoadState status={isLoading ? 'loading' : 'error'} onRetry={() => void mutate()} minHeight="6rem" />
      ) : data.items.length === 0 ? (
        <Text color="fg.muted">{t('images.empty')}</Text>
      ) : (
        <>
          <SimpleGrid as="ul" listStyleType="none" gap="4" templateColumns={`repeat(auto-fill, minmax(min(100%, ${card.width}px), 1fr))`}>
            {data.items.map((image) => (
              <Box as="li" key={image.id} borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg.panel" maxW={`${card.width}px`}>
                <Image
                  src={image.url}
                  alt={image.name}
                  width="full"
                  aspectRatio={`${card.width} / ${card.height}`}
                  objectFit="cover"
                  loading="lazy"
                  bg="bg.muted"
                />
                <Stack gap="1" p="2">
                  <Text fontSize="sm" fontWeight="medium" truncate title={image.name}>
                    {image.name}
                  </Text>
                  <Stack direction="row" gap="2" wrap="wrap">
                    <Button asChild size="xs" variant="outline">
                      <RouterLink to={detailsPath(paths.images, image.id)} aria-label={t('images.edit', { name: image.name })}>
                        {t('images.editShort')}
                      </RouterLink>
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={t('images.delete', { name: image.name })}
                      onClick={() => onDelete(image)}
                    >
                      {t('images.deleteShort')}
                    </Button>
                  </Stack>
                </Stack>
              </Box>
            ))}
          </SimpleGrid>
          {error ? <LoadState status="error" onRetry={() => void mutate()} /> : null}
          {data.items.length < data.total && (
            <Button mt="3" size="sm" variant="outline" onClick={() => setPages(pages + 1)}>
              {t('images.showMore')}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
