import { Button, HStack, Table, Text } from '@chakra-ui/react';
import { FILE_STATE_CODES, type FileExchangeFile } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useTranslation } from 'react-i18next';
import { FileStateChip } from '../../../components/file-state-chip';

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
}: FileTableProps) {
  const { t } = useTranslation('collectmaster');
  const { language } = useRemoteProps();
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const date = (value: string | null) => (value ? <time dateTime={value}>{dates.format(new Date(value))}</time> : t('files.notUploaded'));
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="bg">
      <Table.Root size="sm" aria-label={t('files.tableLabel', { folder: folderName })}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('files.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('files.type')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('files.uploaded')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('files.updated')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('files.state')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('files.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {files.map((file) => {
            const name = file.name_original || file.name;
            const missing = file.state === FILE_STATE_CODES.missing;
            return (
              <Table.Row key={file.id}>
                <Table.Cell minW="48" maxW="96">
                  <Text fontWeight="medium" wordBreak="break-word">
                    {name}
                  </Text>
                  {file.comment && file.state === FILE_STATE_CODES.problem ? (
                    <Text fontSize="sm" color="red.fg" mt="1">
                      {t('files.problemComment', { comment: file.comment })}
                    </Text>
                  ) : file.comment && missing ? (
                    <Text fontSize="sm" color="fg.muted" mt="1">
                      {t('files.expectedComment', { comment: file.comment })}
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell>{file.extension ? file.extension.toUpperCase() : '—'}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{date(file.upload_at)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{date(file.updated_at)}</Table.Cell>
                <Table.Cell>
                  <FileStateChip state={file.state} />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="1" flexWrap="wrap" minW="40">
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
                    {staff && !missing ? (
                      <>
                        {file.state !== FILE_STATE_CODES.ok ? (
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="green"
                            aria-label={t('files.markOk', { name })}
                            onClick={() => onMarkOk(file)}
                          >
                            {t('actions.ok')}
                          </Button>
                        ) : null}
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="orange"
                          aria-label={t('files.markProblem', { name })}
                          onClick={() => onMarkProblem(file)}
                        >
                          {t('actions.problem')}
                        </Button>
                      </>
                    ) : null}
                    {staff ? (
                      <>
                        <Button size="xs" variant="ghost" aria-label={t('files.rename', { name })} onClick={() => onRename(file)}>
                          {t('actions.rename')}
                        </Button>
                        <Button
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={t('files.delete', { name })}
                          onClick={() => onDelete(file)}
                        >
                          {t('actions.delete')}
                        </Button>
                      </>
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
