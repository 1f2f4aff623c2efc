import { Box, Button, Field, NativeSelect, Progress, Stack, Text } from '@chakra-ui/react';
import { FIELD_LIMITS, type AdminImage, type ImageCategory } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { IMAGE_ACCEPT, IMAGE_CATEGORIES, IMAGE_MAX_BYTES } from '@hub/shared/ui';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createImage } from '../api/images-api';

/**
 * Upload into the library: choose the type, then a file by the button or by dropping it on the
 * zone; a progress bar while the bytes leave; 'Image size should be less than 50 MB !' before
 * sending (and from the server, at the field).
 */
export function ImageUploadZone({ onUploaded }: { onUploaded: (image: AdminImage) => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { adminApi, notify } = useRemoteProps();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [category, setCategory] = useState<ImageCategory>('banner');
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(file: File | undefined) {
    if (!file || progress) return;
    if (file.size >= IMAGE_MAX_BYTES) {
      setError(tc('validation.imageTooLarge'));
      return;
    }
    setError(null);
    setProgress({ name: file.name, fraction: 0 });
    try {
      const image = await createImage(adminApi, { category, name: file.name.slice(0, FIELD_LIMITS.imageName), file }, (fraction) =>
        setProgress({ name: file.name, fraction }),
      );
      notify({ kind: 'success', message: t('images.created') });
      onUploaded(image);
    } catch (caught) {
      const message = (caught as { message?: unknown }).message;
      setError(typeof message === 'string' ? message : null);
      notify({ kind: 'error', message: t('images.createFailed') });
    } finally {
      setProgress(null);
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  }

  return (
    <Box
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={dragging ? 'brand.solid' : 'border'}
      bg={dragging ? 'brand.subtle' : 'bg.subtle'}
      borderRadius="md"
      p={{ base: '3', md: '5' }}
      mb="6"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid="image-drop-zone"
    >
      <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'end' }}>
        <Field.Root maxW={{ md: '16rem' }}>
          <Field.Label>{t('images.uploadCategory')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={category} onChange={(event) => setCategory(event.target.value as ImageCategory)}>
              {IMAGE_CATEGORIES.map((type) => (
                <option key={type} value={type}>
                  {t(`images.types.${type}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button colorPalette="brand" onClick={() => input.current?.click()} loading={progress !== null}>
          {t('images.upload')}
        </Button>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          tabIndex={-1}
          aria-label={t('images.file')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void send(file);
          }}
        />
      </Stack>
      <Text fontSize="sm" color="fg.muted" mt="3">
        {t('images.dropZone')}
      </Text>
      {progress && (
        <Progress.Root value={Math.round(progress.fraction * 100)} mt="3" maxW="md">
          <Progress.Label mb="1">{t('images.uploadingNamed', { name: progress.name })}</Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
          <Progress.ValueText />
        </Progress.Root>
      )}
      {error && (
        <Text role="alert" color="fg.error" mt="3">
          {error}
        </Text>
      )}
    </Box>
  );
}
