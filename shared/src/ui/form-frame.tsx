import { Alert, Button, Field, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsoleKit } from './use-console-kit';

export interface FormFieldProps {
  label: string;
  /** The message shown under the field (docs/product.md §5 words); the field is marked invalid while set. */
  error?: string | null;
  required?: boolean;
  /** A hint under the field (a character counter, say). */
  helperText?: ReactNode;
  disabled?: boolean;
  /** The control: a Chakra Input, Textarea or NativeSelect picks up the label and error by itself. */
  children: ReactNode;
}

/** A labelled form field with its error message (`aria-invalid`, `aria-describedby` come from Chakra's Field). */
export function FormField({ label, error, required = false, helperText, disabled = false, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export type FormBusyAction = 'save' | 'publish' | 'unpublish' | 'delete' | null;

export interface FormActionBarProps {
  /** The item's publication: a published item offers 'Change to Draft' and no Save. */
  published: boolean;
  /** False for a new item: only Save (a draft is created first). */
  saved: boolean;
  /** The action under way: its button spins, the others wait. */
  busy?: FormBusyAction;
  /** Save is a submit button of the surrounding `<form>`. */
  saveLabel?: string;
  onPublish?: () => void;
  onUnpublish?: () => void;
  /** Opens the delete confirmation (`DeleteConfirmDialog`). */
  onDelete?: () => void;
  /** Unsaved changes: Publish waits for them to be saved. */
  dirty?: boolean;
}

/** The action bar of a console form: busy Save, Publish or 'Change to Draft', Delete. */
export function FormActionBar({
  published,
  saved,
  busy = null,
  saveLabel,
  onPublish,
  onUnpublish,
  onDelete,
  dirty = false,
}: FormActionBarProps) {
  const { t } = useTranslation('common');
  const { t: tKit } = useConsoleKit();
  const waiting = busy !== null;
  return (
    <Flex gap="3" wrap="wrap" align="center" pt="4">
      {!published && (
        <Button type="submit" colorPalette="brand" loading={busy === 'save'} disabled={waiting && busy !== 'save'}>
          {saveLabel ?? t('save')}
        </Button>
      )}
      {saved && !published && onPublish && (
        <Button variant="outline" onClick={onPublish} loading={busy === 'publish'} disabled={dirty || (waiting && busy !== 'publish')}>
          {tKit('form.publish')}
        </Button>
      )}
      {saved && published && onUnpublish && (
        <Button variant="outline" onClick={onUnpublish} loading={busy === 'unpublish'} disabled={waiting && busy !== 'unpublish'}>
          {tKit('form.unpublish')}
        </Button>
      )}
      {saved && onDelete && (
        <Button ms="auto" variant="outline" colorPalette="red" onClick={onDelete} disabled={waiting}>
          {tKit('form.delete')}
        </Button>
      )}
    </Flex>
  );
}

/** The band over a published item's form: it is read-only, change it to draft to edit it (docs/product.md §4). */
export function PublishedBand() {
  const { t: tKit } = useConsoleKit();
  return (
    <Alert.Root status="info" mb="4">
      <Alert.Indicator />
      <Alert.Title>{tKit('form.publishedBand')}</Alert.Title>
    </Alert.Root>
  );
}
