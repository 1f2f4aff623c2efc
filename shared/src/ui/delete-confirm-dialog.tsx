import { Button, Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DeleteConfirmDialogProps {
  open: boolean;
  /** 'No, cancel', Escape or a click outside. */
  onCancel: () => void;
  /** 'Yes, delete'. */
  onConfirm: () => void;
  /** While the deletion runs: the confirm button shows a spinner. */
  busy?: boolean;
  /** What deleting does, under the question (an image says how many items use it). */
  children?: ReactNode;
}

/** The shared delete confirmation of docs/product.md §2: 'Do you really want to delete this item ?'. */
export function DeleteConfirmDialog({ open, onCancel, onConfirm, busy = false, children }: DeleteConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog.Root open={open} role="alertdialog" onOpenChange={(details) => (details.open ? undefined : onCancel())} placement="center">
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Body pt="6">
            <Dialog.Title fontSize="md" fontWeight="medium">
              {t('deleteDialog.question')}
            </Dialog.Title>
            {children ? <Dialog.Description mt="3">{children}</Dialog.Description> : null}
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onCancel}>
              {t('deleteDialog.cancel')}
            </Button>
            <Button colorPalette="red" loading={busy} onClick={onConfirm}>
              {t('deleteDialog.confirm')}
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
