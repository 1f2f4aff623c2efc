import { Box, Button, HStack, Link, Text } from '@chakra-ui/react';
import type { Category } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { LazyDeleteConfirmDialog, ListFrame, useListParams, type ListColumn } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { deleteCategory, useCategories } from '../api/categories-api';
import { detailsPath, paths } from '../../../paths';
import { listFrameState, useConsoleDelete } from '../../../lib/console-list';

/** /admin/categories (administrator): the categories with their colour, searched by name. */
export function CategoriesPage() {
  const { t } = useTranslation('admin');
  const { adminApi } = useRemoteProps();
  const navigate = useNavigate();
  const list = useListParams();
  const source = useCategories(list.params);
  const remover = useConsoleDelete((category: Category) => deleteCategory(adminApi, category.id), t('categories.deleted'), source.mutate);

  const columns: ListColumn<Category>[] = [
    {
      key: 'name',
      header: t('categories.name'),
      render: (category) => (
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={detailsPath(paths.categories, category.id)}>{category.name}</RouterLink>
        </Link>
      ),
    },
    {
      key: 'color',
      header: t('categories.color'),
      render: (category) => (
        <HStack gap="2">
          <Box aria-hidden="true" boxSize="4" borderRadius="sm" borderWidth="1px" style={{ background: category.color }} />
          <Text as="span" fontFamily="mono" fontSize="sm">
            {category.color}
          </Text>
        </HStack>
      ),
    },
  ];

  return (
    <>
      <ListFrame
        title={t('categories.title')}
        list={list}
        {...listFrameState(source)}
        columns={columns}
        rowKey={(category) => category.id}
        rowActions={(category) => (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => remover.ask(category)}>
            {t('list.delete', { title: category.name })}
          </Button>
        )}
        emptyText={t('categories.empty')}
        onCreate={() => navigate(detailsPath(paths.categories))}
        createLabel={t('categories.create')}
      />
      <LazyDeleteConfirmDialog {...remover.dialog} />
    </>
  );
}
