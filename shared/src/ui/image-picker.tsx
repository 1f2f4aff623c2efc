import { Box, Button, CloseButton, Dialog, Field, HStack, Image, Progress, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsoleKit } from './use-console-kit';
import useSWR from 'swr';
import type { ImageCategory } from '../api/common';
import { isApiError } from '../api/errors';
import type { ApiClient } from '../api/http-client';
import type { AdminImage, AdminImageList } from '../api/images';
import { IMAGE_FILE_FIELD } from '../api/field-rules';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, previewSize } from './image-sizes';

export interface ImagePickerProps {
  /** The admin API client (`/api/admin`). */
  api: ApiClient;
  category: ImageCategory;
  value: number | null;
  onChange: (id: number | null) => void;
  label: string;
  disabled?: boolean;
}

/** How many pictures of a type the picker offers at once (the API's largest page). */
const LIBRARY_PAGE_SIZE = 100;

/**
 * Picks a picture of one type from the image library, or uploads a new one into it: the chosen
 * picture at its type's aspect ratio, 'Choose from the library' (a dialog with a grid of that type),
 * 'Upload a new image' (with its progress, refused before sending at 50 MB) and 'Remove'.
 */
export function ImagePicker({ api, category, value, onChange, label, disabled = false }: ImagePickerProps) {
  const { t } = useTranslation('common');
  const { t: tKit } = useConsoleKit();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const chosen = useSWR(value === null ? null : [api.baseUrl, 'images', value], () =>
    api.get<AdminImage>(`/images/${value}`, undefined, { silent: true }),
  );
  const library = useSWR(open ? [api.baseUrl, 'images/category', category] : null, () =>
    api.get<AdminImageList>(`/images/category/${category}`, { page_size: LIBRARY_PAGE_SIZE }),
  );

  const preview = previewSize(category, 320);
  const thumb = previewSize(category, 180);

  function pick(image: AdminImage) {
    setError(null);
    onChange(image.id);
    setOpen(false);
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be picked again after an error
    if (!file) return;
    if (file.size >= IMAGE_MAX_BYTES) {
      setError(t('validation.imageTooLarge'));
      return;
    }
    setError(null);
    setProgress(0);
    const form = new FormData();
    form.append('category', category);
    form.append('name', file.name);
    form.append(IMAGE_FILE_FIELD, file);
    try {
      const image = await api.upload<AdminImage>('/images', form, { onProgress: setProgress, silent: true });
      onChange(image.id);
      setOpen(false);
      void library.mutate();
    } catch (caught) {
      // The server's words for a refused file (not an image, too large); ours when it could not be reached.
      setError(isApiError(caught) && caught.status !== 0 ? caught.message : tKit('imagePicker.uploadFailed'));
    } finally {
      setProgress(null);
    }
  }

  const image = value === null ? null : chosen.data;
  return (
    <>
      <Field.Root invalid={error !== null} disabled={disabled}>
        <Field.Label id={`${id}-label`} as="span">
          {label}
        </Field.Label>
        <Stack gap="2" width="full" role="group" aria-labelledby={`${id}-label`}>
          <Box
            width="full"
            maxW={`${preview.width}px`}
            aspectRatio={`${preview.width} / ${preview.height}`}
            borderWidth="1px"
            borderRadius="md"
            overflow="hidden"
            bg="bg.muted"
            display="flex"
            alignItems="center"
            justifyContent="center"
          >
            {value === null ? (
              <Text fontSize="sm" color="fg.muted" px="2" textAlign="center">
                {tKit('imagePicker.none')}
              </Text>
            ) : image ? (
              <Image src={image.url} alt={image.name} width="full" height="full" objectFit="cover" />
            ) : chosen.error ? (
              <Text fontSize="sm" color="fg.muted" px="2" textAlign="center">
                {tKit('imagePicker.missing', { id: value })}
              </Text>
            ) : (
              <Spinner size="sm" aria-label={t('loading')} />
            )}
          </Box>
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" disabled={disabled} onClick={() => setOpen(true)}>
              {tKit('imagePicker.choose')}
            </Button>
            <Button size="sm" variant="outline" disabled={disabled || progress !== null} onClick={() => fileInput.current?.click()}>
              {tKit('imagePicker.upload')}
            </Button>
            {value !== null && (
              <Button size="sm" variant="ghost" disabled={disabled} onClick={() => onChange(null)}>
                {tKit('imagePicker.remove')}
              </Button>
            )}
          </HStack>
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_ACCEPT}
            hidden
            tabIndex={-1}
            aria-label={tKit('imagePicker.uploadFor', { label })}
            disabled={disabled}
            onChange={(event) => void upload(event)}
          />
          {progress !== null && (
            <Progress.Root value={Math.round(progress * 100)} size="sm" maxW="320px" aria-label={tKit('imagePicker.uploading')}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
        </Stack>
        {error !== null && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} size="lg" scrollBehavior="inside" placement="center">
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{tKit('imagePicker.libraryTitle', { label })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {library.error ? (
                <Stack align="start">
                  <Text>{tKit('imagePicker.libraryFailed')}</Text>
                  <Button size="sm" onClick={() => void library.mutate()}>
                    {t('retry')}
                  </Button>
                </Stack>
              ) : !library.data ? (
                <Spinner aria-label={t('loading')} />
              ) : library.data.items.length === 0 ? (
                <Text>{tKit('imagePicker.emptyLibrary')}</Text>
              ) : (
                <SimpleGrid minChildWidth={`${Math.min(thumb.width, 140)}px`} gap="3" role="list" aria-label={label}>
                  {library.data.items.map((item) => (
                    <Box role="listitem" key={item.id}>
                      <Button
                        variant="outline"
                        height="auto"
                        width="full"
                        p="1"
                        flexDirection="column"
                        alignItems="stretch"
                        aria-pressed={item.id === value}
                        borderColor={item.id === value ? 'brand.solid' : undefined}
                        borderWidth={item.id === value ? '3px' : '1px'}
                        onClick={() => pick(item)}
                      >
                        <Image
                          src={item.url}
                          alt=""
                          width="full"
                          aspectRatio={`${thumb.width} / ${thumb.height}`}
                          objectFit="cover"
                          borderRadius="sm"
                          loading="lazy"
                        />
                        <Text fontSize="xs" truncate title={item.name}>
                          {item.name}
                        </Text>
                      </Button>
                    </Box>
                  ))}
                </SimpleGrid>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => setOpen(false)}>
                {t('cancel')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>
    </>
  );
}
