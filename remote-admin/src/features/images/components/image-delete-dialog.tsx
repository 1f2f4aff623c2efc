import { Text } from '@chakra-ui/react';
import type { AdminImage } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { LazyDeleteConfirmDialog } from '@hub/shared/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteImage, useImageUsage } from '../api/images-api';

export interface ImageDeleteDialogProps {
  /** The image to delete; null keeps the dialog closed. */
  image: AdminImage | null;
  onClose: () => void;
  onDeleted: (image: AdminImage) => void;
}

/** The shared delete confirmation (fetched when it first opens), saying first how many items show the image and what becomes of them. */
export function ImageDeleteDialog({ image, onClose, onDeleted }: ImageDeleteDialogProps) {
  const { t } = useTranslation('admin');
  const { adminApi, notify } = useRemoteProps();
  const usage = useImageUsage(image?.id ?? null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!image) return;
    setBusy(true);
    try {
      await deleteImage(adminApi, image.id);
      notify({ kind: 'success', message: t('images.deleted') });
      onDeleted(image);
    } catch {
      notify({ kind: 'error', message: t('deleteFailed') });
    } finally {
      setBusy(false);
    }
  }

  const counts = usage.data;
  return (
    <LazyDeleteConfirmDialog open={image !== null} busy={busy} onCancel={onClose} onConfirm={() => void confirm()}>
      <Text as="span" display="block">
        {!counts
          ? t('images.usageLoading')
          : counts.total === 0
            ? t('images.usageNone')
            : t('images.usageSome', { advices: counts.advices, news: counts.news_items, entities: counts.entities, users: counts.users })}
      </Text>
    </LazyDeleteConfirmDialog>
  );
}
