import { Button, Field, Stack, Textarea } from '@chakra-ui/react';
import { MESSAGE_MAX_LENGTH } from '@hub/shared/api';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface ComposerProps {
  /** Resolves when sent (the text is then cleared); rejects to keep the text. */
  onSend: (text: string, close: boolean) => Promise<void>;
  /** Offer 'Send & Close'. */
  canClose?: boolean;
  /** A draft to start from (a question about a dashboard). */
  initialText?: string;
}

/** The message box: Enter sends, Shift+Enter adds a line; Send, and Send & Close. */
export function Composer({ onSend, canClose = true, initialText = '' }: ComposerProps) {
  const { t } = useTranslation(['contact', 'common']);
  const [text, setText] = useState(initialText);
  const [busy, setBusy] = useState(false);
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const blank = text.trim() === '';

  async function send(close: boolean) {
    if (blank || tooLong || busy) return;
    setBusy(true);
    try {
      await onSend(text, close);
      setText('');
    } catch {
      // the API client has shown the error toast; the text stays for another try
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(false);
    }
  }

  return (
    <Stack gap="2">
      <Field.Root invalid={tooLong}>
        <Field.Label srOnly>{t('composer.label')}</Field.Label>
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('composer.placeholder')}
          autoresize
          minH="16"
          maxH="48"
          bg="bg"
        />
        {tooLong ? <Field.ErrorText>{t('common:validation.maxLength', { length: MESSAGE_MAX_LENGTH })}</Field.ErrorText> : null}
      </Field.Root>
      <Stack direction="row" justify="flex-end" gap="2" wrap="wrap">
        {canClose ? (
          <Button variant="outline" onClick={() => void send(true)} disabled={blank || tooLong} loading={busy}>
            {t('composer.sendClose')}
          </Button>
        ) : null}
        <Button colorPalette="brand" onClick={() => void send(false)} disabled={blank || tooLong} loading={busy}>
          {t('composer.send')}
        </Button>
      </Stack>
    </Stack>
  );
}
