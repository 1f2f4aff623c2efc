import { Button, Dialog, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface TextField {
  name: string;
  label: string;
  required?: boolean;
  multiline?: boolean;
  /** A calendar date (YYYY-MM-DD) instead of text. */
  date?: boolean;
  maxLength: number;
  initial?: string;
  /** Said under the field. */
  help?: string;
}

export interface TextDialogProps {
  title: string;
  fields: readonly TextField[];
  /** Resolves when saved (the dialog closes); rejects to stay open (the API client showed the error). */
  onSubmit: (values: Record<string, string>) => Promise<void>;
  onClose: () => void;
}

/** A small form in a dialog (create, rename, report a problem): required fields said before sending. */
export function TextDialog({ title, fields, onSubmit, onClose }: TextDialogProps) {
  const { t } = useTranslation(['collectmaster', 'common']);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.name, field.initial ?? ''])),
  );
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const missing = fields.filter((field) => field.required && !values[field.name]?.trim()).map((field) => field.name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (missing.length > 0) return;
    setBusy(true);
    try {
      await onSubmit(Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()])));
      onClose();
    } catch {
      // the API client has shown the error toast; the dialog stays open with what was typed
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(details) => (details.open ? undefined : onClose())} placement="center">
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {fields.map((field, index) => (
                  <Field.Root key={field.name} required={field.required} invalid={touched && missing.includes(field.name)}>
                    <Field.Label>
                      {field.label}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    {field.multiline ? (
                      <Textarea
                        value={values[field.name]}
                        maxLength={field.maxLength}
                        autoFocus={index === 0}
                        onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
                      />
                    ) : (
                      <Input
                        type={field.date ? 'date' : 'text'}
                        value={values[field.name]}
                        maxLength={field.maxLength}
                        autoFocus={index === 0}
                        onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
                      />
                    )}
                    {field.help ? <Field.HelperText>{field.help}</Field.HelperText> : null}
                    <Field.ErrorText>{t('common:validation.required')}</Field.ErrorText>
                  </Field.Root>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('dialog.cancel')}
              </Button>
              <Button type="submit" colorPalette="brand" loading={busy}>
                {t('dialog.save')}
              </Button>
            </Dialog.Footer>
          </form>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
