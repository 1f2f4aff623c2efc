import { Box, Button, CloseButton, DataList, Dialog, Heading, Link, List, Text } from '@chakra-ui/react';
import type { ReceivedEmail } from '@hub/shared/api';
import { dateTimeFormat, LinkedText, LoadState } from '@hub/shared/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useReceivedEmail } from '../api/mail-api';

/**
 * One email the embedded SMTP server received, as the server read it: who sent it to whom and
 * when, its plain-text part (shown as text, never as HTML: its addresses become links) and the
 * addresses of its List-Unsubscribe header. `email` is the list's row (null: closed).
 */
export function ReceivedEmailDialog({ email, onClose }: { email: ReceivedEmail | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const details = useReceivedEmail(email?.id ?? null);
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const shown = details.data ?? email;
  const title = shown?.subject || t('mail.details.noSubject');
  const textId = useId();
  const unsubscribeId = useId();
  return (
    <Dialog.Root
      open={email !== null}
      onOpenChange={(change) => (change.open ? undefined : onClose())}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title wordBreak="break-word">{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            {shown && (
              <DataList.Root orientation={{ base: 'vertical', md: 'horizontal' }} gap="2" mb="4">
                {[
                  { label: t('mail.details.from'), value: shown.mail_from },
                  { label: t('mail.recipient'), value: shown.rcpt_to },
                  {
                    label: t('mail.received'),
                    value: <time dateTime={shown.received_at}>{when.format(new Date(shown.received_at))}</time>,
                  },
                  { label: t('mail.details.messageId'), value: shown.message_id },
                ].map((row) => (
                  <DataList.Item key={row.label}>
                    <DataList.ItemLabel minW="8rem">{row.label}</DataList.ItemLabel>
                    <DataList.ItemValue wordBreak="break-all">{row.value}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
            )}
            {details.data ? (
              <>
                <Box as="section" aria-labelledby={textId}>
                  <Heading as="h3" size="sm" mb="2" id={textId}>
                    {t('mail.details.text')}
                  </Heading>
                  {details.data.text === null ? (
                    <Text color="fg.muted">{t('mail.details.noText')}</Text>
                  ) : (
                    <Box
                      as="pre"
                      whiteSpace="pre-wrap"
                      wordBreak="break-word"
                      fontFamily="mono"
                      fontSize="sm"
                      borderWidth="1px"
                      borderRadius="md"
                      p="3"
                      bg="bg.muted"
                    >
                      <LinkedText text={details.data.text} />
                    </Box>
                  )}
                </Box>
                <Box as="section" aria-labelledby={unsubscribeId} mt="4">
                  <Heading as="h3" size="sm" mb="2" id={unsubscribeId}>
                    {t('mail.details.unsubscribe')}
                  </Heading>
                  {details.data.unsubscribe_urls.length === 0 ? (
                    <Text color="fg.muted">{t('mail.details.noUnsubscribe')}</Text>
                  ) : (
                    <List.Root ps="5">
                      {details.data.unsubscribe_urls.map((url) => (
                        <List.Item key={url} wordBreak="break-all">
                          {/^https?:\/\//i.test(url) ? (
                            <Link href={url} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
                              {url}
                            </Link>
                          ) : (
                            url
                          )}
                        </List.Item>
                      ))}
                    </List.Root>
                  )}
                </Box>
              </>
            ) : (
              <LoadState
                status={details.error ? 'error' : 'loading'}
                failedText={t('mail.details.loadFailed')}
                onRetry={() => void details.mutate()}
              />
            )}
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose}>
              {t('common:close')}
            </Button>
          </Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" aria-label={t('common:close')} />
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
