import { Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { FILE_EXCHANGE_LIMITS } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { LazyDeleteConfirmDialog, useDeleteConfirm } from '@hub/shared/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LazyTextDialog } from '../../../components/lazy-text-dialog';

export interface NamedItemListProps<F extends string, T extends { id: number } & Record<F, string>> {
  items: readonly T[];
  /** The i18n section (`collections.rename`, `folders.deleted`…). */
  kind: 'collections' | 'folders';
  /** The item's one named field, which the name dialog edits. */
  field: F;
  staff: boolean;
  /** Lifted to the page, whose header button opens the dialog with 'new'. */
  editing: T | 'new' | null;
  onEditingChange: (editing: T | 'new' | null) => void;
  href: (item: T) => string;
  details: (item: T) => ReactNode;
  create: (body: Record<F, string>) => Promise<unknown>;
  update: (item: T, body: Record<F, string>) => Promise<unknown>;
  remove: (item: T) => Promise<unknown>;
  /** Revalidates the list after a change. */
  onChanged: () => Promise<unknown>;
}

/** A list of collections or folders, with the staff's rename and delete buttons on each row and their dialogs. */
export function NamedItemList<F extends string, T extends { id: number } & Record<F, string>>({
  items,
  kind,
  field,
  staff,
  editing,
  onEditingChange,
  href,
  details,
  create,
  update,
  remove,
  onChanged,
}: NamedItemListProps<F, T>) {
  const { t } = useTranslation('collectmaster');
  const { notify } = useRemoteProps();
  const remover = useDeleteConfirm(async (item: T) => {
    await remove(item);
    notify({ kind: 'success', message: t(`${kind}.deleted`) });
  }, onChanged);

  async function save(values: Record<string, string>) {
    const body = { [field]: values[field] ?? '' } as Record<F, string>;
    if (editing === 'new') await create(body);
    else if (editing) await update(editing, body);
    notify({ kind: 'success', message: t(editing === 'new' ? `${kind}.created` : `${kind}.updated`) });
    await onChanged();
  }

  return (
    <>
      {items.length > 0 ? (
        <Stack as="ul" aria-label={t(`${kind}.title`)} gap="2" p="0" m="0">
          {items.map((item) => (
            <Box as="li" key={item.id} listStyleType="none" borderWidth="1px" borderRadius="md" bg="bg" p="3">
              <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'start', sm: 'center' }} gap="2">
                <Box minW="0">
                  <Link asChild fontWeight="medium" color="fg" _hover={{ color: 'brand.fg' }} wordBreak="break-word">
                    <RouterLink to={href(item)}>{item[field]}</RouterLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted">
                    {details(item)}
                  </Text>
                </Box>
                {staff ? (
                  <HStack gap="1">
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t(`${kind}.rename`, { name: item[field] })}
                      onClick={() => onEditingChange(item)}
                    >
                      {t('actions.rename')}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={t(`${kind}.delete`, { name: item[field] })}
                      onClick={() => remover.ask(item)}
                    >
                      {t('actions.delete')}
                    </Button>
                  </HStack>
                ) : null}
              </Stack>
            </Box>
          ))}
        </Stack>
      ) : null}
      {editing ? (
        <LazyTextDialog
          title={t(editing === 'new' ? `${kind}.createTitle` : `${kind}.renameTitle`)}
          fields={[
            {
              name: field,
              label: t(`${kind}.field`),
              required: true,
              maxLength: FILE_EXCHANGE_LIMITS.titleMaxLength,
              initial: editing === 'new' ? '' : editing[field],
            },
          ]}
          onSubmit={save}
          onClose={() => onEditingChange(null)}
        />
      ) : null}
      <LazyDeleteConfirmDialog {...remover.dialog}>{t(`${kind}.deleteDetails`)}</LazyDeleteConfirmDialog>
    </>
  );
}
