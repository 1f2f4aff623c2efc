import { Box, Button, Heading, HStack, Input, Link, Stack } from '@chakra-ui/react';
import { COLOR_PATTERN, type Category } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { FormField, LoadState, useIsDirty, useUnsavedChangesGuard } from '@hub/shared/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { fieldError, statusOf } from '../../../lib/field-error';
import { libraryDetailsPath as detailsPath, libraryPaths as paths } from '../../../library-paths';
import { createCategory, updateCategory, useCategory } from '../api/categories-api';

const DEFAULT_COLOR = '#999999';
const NAME_MAX = 100;

interface Values {
  name: string;
  color: string;
}
type Errors = Partial<Record<keyof Values, string>>;

/** /admin/categories/details/{id?}: a category's name and colour (#999999 by default); without an id, a new one. */
export function CategoryDetailsPage() {
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const { data, error, isLoading, mutate } = useCategory(id);
  const { t } = useTranslation('admin');
  if (id !== null && !data) {
    return (
      <Box as="section" p={{ base: '3', md: '6' }}>
        <LoadState
          status={isLoading ? 'loading' : 'error'}
          failedText={statusOf(error) === 404 ? t('notFound') : undefined}
          onRetry={statusOf(error) === 404 ? undefined : () => void mutate()}
        />
      </Box>
    );
  }
  return <CategoryForm key={id ?? 'new'} category={data ?? null} onSaved={(saved) => void mutate(saved, { revalidate: false })} />;
}

function CategoryForm({ category, onSaved }: { category: Category | null; onSaved: (category: Category) => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { adminApi, notify } = useRemoteProps();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<Values>({ name: category?.name ?? '', color: category?.color ?? DEFAULT_COLOR });
  const [values, setValues] = useState<Values>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const dirty = useIsDirty(values, saved);
  const release = useUnsavedChangesGuard(dirty);
  useEffect(() => setErrors({}), [category?.id]);

  function validate(): Errors {
    const found: Errors = {};
    if (!values.name.trim()) found.name = tc('validation.required');
    else if (values.name.length > NAME_MAX) found.name = tc('validation.maxLength', { length: NAME_MAX });
    if (!new RegExp(COLOR_PATTERN).test(values.color)) found.color = t('categories.invalidColor');
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const body = { name: values.name.trim(), color: values.color };
    try {
      const result = category ? await updateCategory(adminApi, category.id, body) : await createCategory(adminApi, body);
      const next = { name: result.name, color: result.color };
      setSaved(next);
      setValues(next);
      notify({ kind: 'success', message: category ? t('categories.updated') : t('categories.created') });
      onSaved(result);
      if (!category) {
        release();
        navigate(detailsPath(paths.categories, result.id), { replace: true });
      }
    } catch (caught) {
      const field = fieldError(caught);
      if (field && (field.field === 'name' || field.field === 'color')) setErrors({ [field.field]: field.message });
      notify({ kind: 'error', message: category ? t('categories.updateFailed') : t('categories.createFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box as="section" p={{ base: '3', md: '6' }} maxW="2xl" aria-labelledby="category-title">
      <Link asChild color="brand.fg" mb="4" display="inline-block">
        <RouterLink to={paths.categories}>{t('categories.title')}</RouterLink>
      </Link>
      <Heading as="h1" size="2xl" mb="5" id="category-title">
        {category ? t('categories.editTitle', { name: category.name }) : t('categories.newTitle')}
      </Heading>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="5">
          <FormField label={t('categories.name')} required error={errors.name}>
            <Input value={values.name} maxLength={NAME_MAX + 1} onChange={(event) => setValues({ ...values, name: event.target.value })} />
          </FormField>
          <FormField label={t('categories.color')} error={errors.color} helperText={t('categories.colorHelp')}>
            <HStack gap="3">
              <input
                type="color"
                aria-label={t('categories.colorPicker')}
                style={{ width: '3rem', height: '2.5rem', padding: 0, border: 'none', background: 'transparent', cursor: 'pointer' }}
                value={new RegExp(COLOR_PATTERN).test(values.color) ? values.color : DEFAULT_COLOR}
                onChange={(event) => setValues({ ...values, color: event.target.value })}
              />
              <Input
                fontFamily="mono"
                maxW="10rem"
                value={values.color}
                onChange={(event) => setValues({ ...values, color: event.target.value })}
              />
            </HStack>
          </FormField>
          <HStack>
            <Button type="submit" colorPalette="brand" loading={busy}>
              {tc('save')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}
