import { Box, Button, Heading, HStack, Image, Input, Link, NativeSelect, Progress, Stack, Text, Textarea } from '@chakra-ui/react';
import { type AdminImage, FIELD_LIMITS, type ImageCategory, parseId } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import {
  dateTimeFormat,
  FormField,
  IMAGE_ACCEPT,
  IMAGE_CATEGORIES,
  IMAGE_MAX_BYTES,
  previewSize,
  useIsDirty,
  useUnsavedChangesGuard,
} from '@hub/shared/ui';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { DetailsLoadState } from '../../../components/details-load-state';
import { refusalErrors, statusOf } from '../../../lib/field-error';
import { createImage, updateImage, useImage } from '../api/images-api';
import { ImageDeleteDialog } from './image-delete-dialog';
import { detailsPath, paths } from '../../../paths';

const NAME_MAX = FIELD_LIMITS.imageName;
const DESCRIPTION_MAX = FIELD_LIMITS.imageDescription;

interface Values {
  name: string;
  category: ImageCategory;
  description: string;
}
type Errors = Partial<Record<keyof Values | 'file', string>>;

const valuesOf = (image: AdminImage | null): Values => ({
  name: image?.name ?? '',
  category: image?.category ?? 'banner',
  description: image?.description ?? '',
});

/** /admin/images/details/{id?}: an image's name, type, description and file; without an id, a new one. */
export function ImageDetailsPage() {
  const { id: idParam } = useParams();
  const id = parseId(idParam);
  const { data, error, isLoading, mutate } = useImage(id);
  if (id !== null && !data) {
    return <DetailsLoadState isLoading={isLoading} missing={statusOf(error) === 404} onRetry={() => void mutate()} />;
  }
  return <ImageForm key={id ?? 'new'} image={data ?? null} onSaved={(saved) => void mutate(saved, { revalidate: false })} />;
}

function ImageForm({ image, onSaved }: { image: AdminImage | null; onSaved: (image: AdminImage) => void }) {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { adminApi, notify } = useRemoteProps();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<Values>(() => valuesOf(image));
  const [values, setValues] = useState<Values>(saved);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const dirty = useIsDirty({ ...values, file: file?.name ?? null }, { ...saved, file: null });
  const release = useUnsavedChangesGuard(dirty);
  const localPreview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (localPreview ? URL.revokeObjectURL(localPreview) : undefined), [localPreview]);
  const preview = previewSize(values.category, 480);

  function chooseFile(chosen: File | undefined) {
    if (!chosen) return;
    if (chosen.size >= IMAGE_MAX_BYTES) {
      setErrors({ ...errors, file: tc('validation.imageTooLarge') });
      return;
    }
    setErrors({ ...errors, file: undefined });
    setFile(chosen);
    if (!values.name.trim()) setValues({ ...values, name: chosen.name.slice(0, NAME_MAX) });
  }

  function validate(): Errors {
    const found: Errors = {};
    if (!values.name.trim()) found.name = tc('validation.required');
    else if (values.name.length > NAME_MAX) found.name = tc('validation.maxLength', { length: NAME_MAX });
    if (values.description.length > DESCRIPTION_MAX) found.description = tc('validation.maxLength', { length: DESCRIPTION_MAX });
    if (!image && !file) found.file = tc('validation.fileRequired');
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setProgress(0);
    const fields = { name: values.name.trim(), category: values.category, description: values.description, file };
    try {
      const result = image ? await updateImage(adminApi, image.id, fields, setProgress) : await createImage(adminApi, fields, setProgress);
      const next = valuesOf(result);
      setSaved(next);
      setValues(next);
      setFile(null);
      notify({ kind: 'success', message: image ? t('images.updated') : t('images.created') });
      onSaved(result);
      if (!image) {
        release();
        navigate(detailsPath(paths.images, result.id), { replace: true });
      }
    } catch (caught) {
      const named = refusalErrors(caught, values);
      const message = (caught as { message?: unknown }).message;
      if (Object.keys(named).length > 0) {
        setErrors(named);
      } else if (statusOf(caught) === 400 && typeof message === 'string') {
        setErrors({ file: message }); // 'File is Required', 'Image size should be less than 50 MB !', a refused type
      }
      notify({ kind: 'error', message: image ? t('images.updateFailed') : t('images.createFailed') });
    } finally {
      setProgress(null);
    }
  }

  const dateFormat = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const shown = localPreview ?? image?.url ?? null;
  return (
    <Box as="section" p={{ base: '3', md: '6' }} maxW="3xl" aria-labelledby="image-title">
      <Link asChild color="brand.fg" mb="4" display="inline-block">
        <RouterLink to={paths.images}>{t('images.title')}</RouterLink>
      </Link>
      <Heading as="h1" size="2xl" mb="5" id="image-title">
        {image ? t('images.editTitle', { name: image.name }) : t('images.newTitle')}
      </Heading>
      {shown && (
        <Box maxW={`${preview.width}px`} mb="3">
          <Image
            src={shown}
            alt={values.name || image?.name || ''}
            width="full"
            aspectRatio={`${preview.width} / ${preview.height}`}
            objectFit="cover"
            borderRadius="md"
            borderWidth="1px"
          />
        </Box>
      )}
      {image && (
        <Text fontSize="sm" color="fg.muted" mb="5">
          {t('images.details', {
            mime: image.mime,
            size: formatBytes(image.size_bytes, i18n.language),
            date: dateFormat.format(new Date(image.created_at)),
          })}
        </Text>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="5">
          <FormField label={image ? t('images.replaceFile') : t('images.file')} required={!image} error={errors.file}>
            <Input
              type="file"
              accept={IMAGE_ACCEPT}
              p="1"
              onChange={(event) => {
                chooseFile(event.target.files?.[0]);
              }}
            />
          </FormField>
          <FormField label={t('images.name')} required error={errors.name}>
            <Input value={values.name} onChange={(event) => setValues({ ...values, name: event.target.value })} />
          </FormField>
          <FormField label={t('images.category')} error={errors.category}>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={values.category}
                onChange={(event) => setValues({ ...values, category: event.target.value as ImageCategory })}
              >
                {IMAGE_CATEGORIES.map((type) => (
                  <option key={type} value={type}>
                    {t(`images.types.${type}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField
            label={t('images.description')}
            error={errors.description}
            helperText={`${values.description.length}/${DESCRIPTION_MAX}`}
          >
            <Textarea rows={3} value={values.description} onChange={(event) => setValues({ ...values, description: event.target.value })} />
          </FormField>
          {progress !== null && (
            <Progress.Root value={Math.round(progress * 100)} maxW="md">
              <Progress.Label mb="1">{t('images.uploadingNamed', { name: file?.name ?? values.name })}</Progress.Label>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          <HStack gap="3" wrap="wrap">
            <Button type="submit" colorPalette="brand" loading={progress !== null}>
              {tc('save')}
            </Button>
            {image && (
              <Button ms="auto" variant="outline" colorPalette="red" onClick={() => setDeleting(true)} disabled={progress !== null}>
                {t('images.deleteShort')}
              </Button>
            )}
          </HStack>
        </Stack>
      </form>
      <ImageDeleteDialog
        image={deleting ? image : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          release();
          navigate(paths.images, { replace: true });
        }}
      />
    </Box>
  );
}

function formatBytes(bytes: number, language: string): string {
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${format.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${format.format(bytes / 1024)} kB`;
  return `${format.format(bytes / 1024 / 1024)} MB`;
}
