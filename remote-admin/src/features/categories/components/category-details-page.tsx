import { Box, Button, Heading, HStack, Input, Link, Stack } from '@chakra-ui/react';
import { type Category, COLOR_PATTERN, FIELD_LIMITS, parseId } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { FormField } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailsLoadState } from '../../../components/details-load-state';
import { statusOf } from '../../../lib/field-error';
import { useConsoleForm, type FormErrors } from '../../../lib/use-console-form';
import { createCategory, updateCategory, useCategory } from '../api/categories-api';
import { detailsPath, paths } from '../../../paths';

const DEFAULT_COLOR = '#999999';
const NAME_MAX = FIELD_LIMITS.categoryName;

interface Values {
  name: string;
  color: string;
}

const valuesOf = (category: Category | null): Values => ({ name: category?.name ?? '', color: category?.color ?? DEFAULT_COLOR });

/** /admin/categories/details/{id?}: a category's name and colour (#999999 by default); without an id, a new one. */
export function CategoryDetailsPage() {
  const { id: idParam } = useParams();
  const id = parseId(idParam);
  const { data, error, isLoading, mutate } = useCategory(id);
  if (id !== null && !data) {
    return <DetailsLoadState isLoading={isLoading} missing={statusOf(error) === 404} onRetry={() => void mutate()} />;
  }
  return <CategoryForm key={id ?? 'new'} category={data ?? null} onSaved={(saved) => void mutate(saved, { revalidate: false })} />;
}

function CategoryForm({ category, onSaved }: { category: Category | null; onSaved: (category: Category) => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { adminApi } = useRemoteProps();
  const { values, setValues, errors, busy, submit } = useConsoleForm({
    initial: () => valuesOf(category),
    validate: (values) => {
      const found: FormErrors<Values> = {};
      if (!values.name.trim()) found.name = tc('validation.required');
      else if (values.name.length > NAME_MAX) found.name = tc('validation.maxLength', { length: NAME_MAX });
      if (!new RegExp(COLOR_PATTERN).test(values.color)) found.color = t('categories.invalidColor');
      return found;
    },
    save: (values) => {
      const body = { name: values.name.trim(), color: values.color };
      return category ? updateCategory(adminApi, category.id, body) : createCategory(adminApi, body);
    },
    valuesOf,
    messages: category
      ? { success: t('categories.updated'), failure: t('categories.updateFailed') }
      : { success: t('categories.created'), failure: t('categories.createFailed') },
    onSaved,
    createdPath: category ? undefined : (result) => detailsPath(paths.categories, result.id),
  });

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
