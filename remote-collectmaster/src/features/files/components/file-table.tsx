import { Box, Button, HStack, Menu, Portal, Table, Text } from '@chakra-ui/react';
import { FILE_STATE_CODES, type FileExchangeFile } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useTranslation } from 'react-i18next';
import { DueBadge } from '../../../components/due-badge';
import { FileStateChip } from '../../../components/file-state-chip';
import { dateTimeFormat } from '@hub/shared/ui';

export interface FileTableProps {
  folderName: string;
  files: readonly FileExchangeFile[];
  staff: boolean;
  onDownload: (file: FileExchangeFile) => void;
  onUploadInto: (file: FileExchangeFile) => void;
  onMarkOk: (file: FileExchangeFile) => void;
  onMarkProblem: (file: FileExchangeFile) => void;
  onRename: (file: FileExchangeFile) => void;
  onDelete: (file: FileExchangeFile) => void;
  /** The staff set or withdraw a missing file's due date. */
  onSetDue?: (file: FileExchangeFile) => void;
}

/**
 * A folder's files: name, type, uploaded, updated, state (a chip with its text) and what can be done
 * with each. A problem shows the staff's comment; a missing file offers to upload it.
 */
export function FileTable({
  folderName,
  files,
  staff,
  onDownload,
  onUploadInto,
  onMarkOk,
  onMarkProblem,
  onRename,
  onDelete,
  onSetDue,
}: FileTableProps) {
  const { t } = useTranslation('collectmaster');
  const { language } = useRemoteProps();
  const dates = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const date = (value: string | null) => (value ? <time dateTime={value}>{dates.format(new Date(value))}</time> : t('files.notUploaded'));
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="bg">
      <Table.Root size="sm" aria-label={t('files.tableLabel', { folder: folderName })}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('files.name')}</Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="md">{t('files.type')}</Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="lg">{t('files.uploaded')}</Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="md">{t('files.updated')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('files.state')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('files.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {files.map((file) => {
            const name = file.name_original || file.name;
            const missing = file.state === FILE_STATE_CODES.missing;
            return (
              <Table.Row key={file.id}>
                <Table.Cell minW={{ base: '32', md: '48' }} whiteSpace="normal">
                  <Text fontWeight="medium" wordBreak="break-word">
                    {name}
                  </Text>
                  <Text hideFrom="md" fontSize="xs" color="fg.muted">
                    {file.extension ? `${file.extension.toUpperCase()} · ` : ''}
                    {date(file.updated_at)}
                  </Text>
                  {file.comment && file.state === FILE_STATE_CODES.problem ? (
                    <Text fontSize="sm" color="red.fg" mt="1" wordBreak="break-word">
                      {t('files.problemComment', { comment: file.comment })}
                    </Text>
                  ) : file.comment && missing ? (
                    <Text fontSize="sm" color="fg.muted" mt="1" wordBreak="break-word">
                      {t('files.expectedComment', { comment: file.comment })}
                    </Text>
                  ) : null}
                  {missing && file.due_on ? (
                    <Box mt="1">
                      <DueBadge dueOn={file.due_on} />
                    </Box>
                  ) : null}
                </Table.Cell>
                <Table.Cell hideBelow="md">{file.extension ? file.extension.toUpperCase() : '—'}</Table.Cell>
                <Table.Cell hideBelow="lg" whiteSpace="nowrap">
                  {date(file.upload_at)}
                </Table.Cell>
                <Table.Cell hideBelow="md" whiteSpace="nowrap">
                  {date(file.updated_at)}
                </Table.Cell>
                <Table.Cell>
                  <FileStateChip state={file.state} />
                </Table.Cell>
                <Table.Cell>
                  <HStack
                    gap="1"
                    justify="flex-end"
                    flexDirection={{ base: 'column', sm: 'row' }}
                    alignItems={{ base: 'stretch', sm: 'center' }}
                  >
                    {missing ? (
                      <Button
                        size="xs"
                        colorPalette="brand"
                        aria-label={t('files.uploadThisNamed', { name })}
                        onClick={() => onUploadInto(file)}
                      >
                        {t('files.uploadThis')}
                      </Button>
                    ) : (
                      <Button size="xs" variant="outline" aria-label={t('files.download', { name })} onClick={() => onDownload(file)}>
                        {t('actions.download')}
                      </Button>
                    )}
                    {staff ? (
                      <Menu.Root
                        positioning={{ placement: 'bottom-end' }}
                        onSelect={({ value }) => {
                          if (value === 'ok') onMarkOk(file);
                          else if (value === 'problem') onMarkProblem(file);
                          else if (value === 'rename') onRename(file);
                          else if (value === 'due') onSetDue?.(file);
                          else if (value === 'delete') onDelete(file);
                        }}
                      >
                        <Menu.Trigger asChild>
                          <Button size="xs" variant="ghost" aria-label={t('files.more', { name })}>
                            {t('actions.more')}
                          </Button>
                        </Menu.Trigger>
                        <Portal>
                          <Menu.Positioner>
                            <Menu.Content>
                              {!missing && file.state !== FILE_STATE_CODES.ok ? (
                                <Menu.Item value="ok">{t('actions.markOk')}</Menu.Item>
                              ) : null}
                              {!missing ? <Menu.Item value="problem">{t('actions.markProblem')}</Menu.Item> : null}
                              {missing && onSetDue ? <Menu.Item value="due">{t('due.set')}</Menu.Item> : null}
                              <Menu.Item value="rename">{t('actions.rename')}</Menu.Item>
                              <Menu.Item value="delete" color="red.fg">
                                {t('actions.delete')}
                              </Menu.Item>
                            </Menu.Content>
                          </Menu.Positioner>
                        </Portal>
                      </Menu.Root>
                    ) : null}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
