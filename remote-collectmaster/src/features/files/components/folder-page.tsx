import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { FILE_EXCHANGE_LIMITS, fileExchangePaths, FILE_STATE_CODES, type FileExchangeFile } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { LazyDeleteConfirmDialog, useDeleteConfirm } from '@hub/shared/ui';
import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  createMissingFile,
  deleteFile,
  renameFile,
  setFileDue,
  setFileState,
  setFolderDue,
  startDownload,
  useFiles,
  useFolder,
} from '../../../api/file-exchange';
import { DueBadge, useDueDate } from '../../../components/due-badge';
import { PageFrame } from '../../../components/page-frame';
import { LazyTextDialog } from '../../../components/lazy-text-dialog';
import { useUploadQueue, useUploads } from '../../../lib/uploads/uploads-context';
import { useIsStaff } from '../../../lib/use-staff';
import { paths } from '../../../paths';
import { FileTable } from './file-table';
import { ListStates } from './list-states';
import { UploadList } from './upload-list';

type Editing =
  | { kind: 'missing' }
  | { kind: 'rename'; file: FileExchangeFile }
  | { kind: 'problem'; file: FileExchangeFile }
  | { kind: 'due-folder' }
  | { kind: 'due-file'; file: FileExchangeFile };

/** Whether a drag carries files (not a text selection or a link). */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * /collectmaster/{slug}/{collectionId}/{folderId}: a folder's files, its uploads, and for the staff
 * the writes. Files are uploaded with the button or by dropping them anywhere on the page.
 */
export function FolderPage() {
  const { t } = useTranslation('collectmaster');
  const { filesApi, notify } = useRemoteProps();
  const params = useParams();
  const slug = params.slug ?? '';
  const collectionId = Number(params.collectionId);
  const folderId = Number(params.folderId);
  const staff = useIsStaff();
  const folder = useFolder(folderId);
  const files = useFiles(folderId);
  const queue = useUploadQueue();
  const uploads = useUploads().filter((entry) => entry.folderId === folderId);
  const picker = useRef<HTMLInputElement>(null);
  const slotPicker = useRef<HTMLInputElement>(null);
  const slot = useRef<FileExchangeFile | null>(null);
  const [dragging, setDragging] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const remover = useDeleteConfirm(
    async (file: FileExchangeFile) => {
      await deleteFile(filesApi, file.id);
      notify({ kind: 'success', message: t('files.deleted') });
    },
    () => files.mutate(),
  );
  const items = files.data?.items ?? [];
  const found = !files.error && !folder.error;
  const title = folder.data?.name ?? '…';
  const collection = folder.data?.collection;
  const dueDate = useDueDate();
  const folderDue = folder.data?.due_open && folder.data.due_on ? folder.data.due_on : null;

  function upload(chosen: File[]) {
    if (chosen.length === 0 || !found) return;
    queue.add(chosen, {
      folderId,
      existingNames: items.filter((file) => file.state !== FILE_STATE_CODES.missing).map((file) => file.name_original || file.name),
    });
  }
  function onPicked(event: ChangeEvent<HTMLInputElement>) {
    upload(Array.from(event.target.files ?? []));
    event.target.value = '';
  }
  function onSlotPicked(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (chosen && slot.current) queue.add([chosen], { folderId, slotId: slot.current.id });
    slot.current = null;
  }
  function onDrop(event: DragEvent) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    upload(Array.from(event.dataTransfer.files));
  }

  async function download(file: FileExchangeFile) {
    try {
      await startDownload(filesApi, fileExchangePaths.downloadTicket(file.id));
    } catch {
      // the API client has shown the error toast
    }
  }
  async function markOk(file: FileExchangeFile) {
    try {
      await setFileState(filesApi, file.id, { state: FILE_STATE_CODES.ok, comment: null });
      notify({ kind: 'success', message: t('files.stateUpdated') });
      await files.mutate();
    } catch {
      // the API client has shown the error toast
    }
  }
  async function save(values: Record<string, string>) {
    if (!editing) return;
    if (editing.kind === 'missing') {
      await createMissingFile(filesApi, folderId, { name: values.name ?? '', comment: values.comment || null, due_on: values.due || null });
      notify({ kind: 'success', message: t('files.created') });
    } else if (editing.kind === 'due-folder') {
      await setFolderDue(filesApi, folderId, { due_on: values.due || null });
      notify({ kind: 'success', message: t('due.saved') });
      await folder.mutate();
    } else if (editing.kind === 'due-file') {
      await setFileDue(filesApi, editing.file.id, { due_on: values.due || null });
      notify({ kind: 'success', message: t('due.saved') });
    } else if (editing.kind === 'rename') {
      await renameFile(filesApi, editing.file.id, { name: values.name ?? '' });
      notify({ kind: 'success', message: t('files.renamed') });
    } else {
      await setFileState(filesApi, editing.file.id, { state: FILE_STATE_CODES.problem, comment: values.comment ?? '' });
      notify({ kind: 'success', message: t('files.stateUpdated') });
    }
    await files.mutate();
  }

  return (
    <Box
      position="relative"
      onDragOver={(event) => {
        if (!carriesFiles(event) || !found) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target || !event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <PageFrame
        title={title}
        crumbs={[
          { label: t('title'), to: paths.collectmaster },
          { label: collection?.entity ?? slug, to: paths.entity(slug) },
          { label: collection?.project ?? '…', to: paths.collection(slug, collectionId) },
          { label: title },
        ]}
        actions={
          found && folder.data ? (
            <>
              <Button colorPalette="brand" size="sm" onClick={() => picker.current?.click()}>
                {t('files.upload')}
              </Button>
              {items.some((file) => file.state !== FILE_STATE_CODES.missing) ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void startDownload(filesApi, fileExchangePaths.zipTicket(folderId)).catch(() => undefined)}
                >
                  {t('files.zip')}
                </Button>
              ) : null}
              {staff ? (
                <Button variant="outline" size="sm" onClick={() => setEditing({ kind: 'missing' })}>
                  {t('files.createMissing')}
                </Button>
              ) : null}
              {staff ? (
                <Button variant="outline" size="sm" onClick={() => setEditing({ kind: 'due-folder' })}>
                  {t('due.set')}
                </Button>
              ) : null}
            </>
          ) : null
        }
      >
        <input ref={picker} type="file" multiple hidden onChange={onPicked} data-testid="upload-input" />
        <input ref={slotPicker} type="file" hidden onChange={onSlotPicked} data-testid="slot-input" />
        {folderDue ? (
          <HStack gap="2" mb="3" flexWrap="wrap" data-testid="folder-due">
            <Text fontWeight="medium">{t('due.folderRequest', { date: dueDate(folderDue) })}</Text>
            <DueBadge dueOn={folderDue} />
          </HStack>
        ) : null}
        <UploadList entries={uploads} />
        <ListStates
          isLoading={files.isLoading}
          error={files.error ?? folder.error}
          empty={items.length === 0}
          text={{ loading: t('files.loading'), failed: t('files.failed'), notFound: t('files.notFound'), empty: t('files.empty') }}
          onRetry={() => void files.mutate()}
        />
        {items.length > 0 ? (
          <>
            <FileTable
              folderName={title}
              files={items}
              staff={staff}
              onDownload={(file) => void download(file)}
              onUploadInto={(file) => {
                slot.current = file;
                slotPicker.current?.click();
              }}
              onMarkOk={(file) => void markOk(file)}
              onMarkProblem={(file) => setEditing({ kind: 'problem', file })}
              onRename={(file) => setEditing({ kind: 'rename', file })}
              onSetDue={(file) => setEditing({ kind: 'due-file', file })}
              onDelete={remover.ask}
            />
            <Text fontSize="sm" color="fg.muted" mt="3">
              {t('files.dropZone')}
            </Text>
          </>
        ) : null}
      </PageFrame>
      {dragging ? (
        <Box
          position="absolute"
          inset="0"
          borderWidth="3px"
          borderStyle="dashed"
          borderColor="brand.solid"
          borderRadius="lg"
          bg="bg/80"
          display="flex"
          alignItems="center"
          justifyContent="center"
          pointerEvents="none"
          p="6"
        >
          <Text fontSize="lg" fontWeight="semibold" textAlign="center">
            {t('files.dropHere', { folder: title })}
          </Text>
        </Box>
      ) : null}
      {editing ? (
        <LazyTextDialog
          title={
            editing.kind === 'due-folder'
              ? t('due.folderTitle')
              : editing.kind === 'due-file'
                ? t('due.fileTitle', { name: editing.file.name_original || editing.file.name })
                : t(
                    editing.kind === 'missing'
                      ? 'files.createMissingTitle'
                      : editing.kind === 'rename'
                        ? 'files.renameTitle'
                        : 'files.problemTitle',
                  )
          }
          fields={
            editing.kind === 'missing'
              ? [
                  { name: 'name', label: t('files.missingName'), required: true, maxLength: FILE_EXCHANGE_LIMITS.nameMaxLength },
                  { name: 'comment', label: t('files.missingComment'), multiline: true, maxLength: FILE_EXCHANGE_LIMITS.commentMaxLength },
                  { name: 'due', label: t('due.fileField'), date: true, maxLength: 10 },
                ]
              : editing.kind === 'due-folder' || editing.kind === 'due-file'
                ? [
                    {
                      name: 'due',
                      label: t('due.field'),
                      date: true,
                      maxLength: 10,
                      help: t('due.help'),
                      initial: (editing.kind === 'due-folder' ? folder.data?.due_on : editing.file.due_on) ?? '',
                    },
                  ]
                : editing.kind === 'rename'
                  ? [
                      {
                        name: 'name',
                        label: t('files.missingName'),
                        required: true,
                        maxLength: FILE_EXCHANGE_LIMITS.nameMaxLength,
                        initial: editing.file.name_original,
                      },
                    ]
                  : [
                      {
                        name: 'comment',
                        label: t('files.problemField'),
                        required: true,
                        multiline: true,
                        maxLength: FILE_EXCHANGE_LIMITS.commentMaxLength,
                        initial: editing.file.comment ?? '',
                      },
                    ]
          }
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <LazyDeleteConfirmDialog {...remover.dialog} />
    </Box>
  );
}
