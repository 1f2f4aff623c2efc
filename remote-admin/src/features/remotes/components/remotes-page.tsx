import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { LoadState } from '@hub/shared/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies, useRemotes } from '../api/remotes-api';
import { RemoteCard, type RemoteAction } from './remote-card';
import { CandidateDialog, ConfirmRolloutDialog, CreateTokenDialog, RegisterReleaseDialog, RevokeTokenDialog } from './remote-dialogs';

/** The dialog of one action; every change closes it and asks for the remotes again. */
function ActionDialog({
  action,
  companyName,
  onClose,
  onChanged,
}: {
  action: RemoteAction;
  companyName: (id: number) => string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation('admin');
  const done = () => {
    onClose();
    onChanged();
  };
  const { remote } = action;
  const name = t(`remotes.names.${remote.name}`);
  switch (action.kind) {
    case 'start':
    case 'reach':
      return <CandidateDialog remote={remote} mode={action.kind} companyName={companyName} onClose={onClose} onDone={done} />;
    case 'stop':
      return (
        <ConfirmRolloutDialog
          remote={remote}
          title={t('remotes.stopTitle', { name })}
          question={t('remotes.stopQuestion', {
            version: remote.candidate?.version ?? '',
            stable: remote.stable.version,
            name,
          })}
          confirmLabel={t('remotes.actions.stop')}
          body={{ candidate: null }}
          success={t('remotes.stopped', { name })}
          onClose={onClose}
          onDone={done}
        />
      );
    case 'stable':
      return (
        <ConfirmRolloutDialog
          remote={remote}
          title={t('remotes.promoteTitle', { version: action.version, name })}
          question={t(action.version === remote.candidate?.version ? 'remotes.promoteQuestion' : 'remotes.makeStableQuestion', {
            version: action.version,
            name,
          })}
          confirmLabel={t('remotes.actions.promote')}
          body={{ stable: action.version }}
          success={t('remotes.promoted', { version: action.version, name })}
          onClose={onClose}
          onDone={done}
        />
      );
    case 'register':
      return <RegisterReleaseDialog remote={remote} onClose={onClose} onDone={done} />;
    case 'token':
      // The dialog stays open on the new token's secret; the list is asked again behind it.
      return <CreateTokenDialog remote={remote} onClose={onClose} onDone={onChanged} />;
    case 'revoke':
      return <RevokeTokenDialog remote={remote} token={action.token} onClose={onClose} onDone={done} />;
  }
}

/**
 * /admin/remotes (administrators): each remote's stable release and candidate, its releases with
 * the browsers' figures, and its release tokens; start, move, promote and stop a candidate.
 */
export function RemotesPage() {
  const { t } = useTranslation('admin');
  const remotes = useRemotes();
  const companies = useCompanies();
  const [action, setAction] = useState<RemoteAction | null>(null);
  // The button that opened a dialog takes the focus back when it closes (the dialog is unmounted, not hidden).
  const opener = useRef<HTMLElement | null>(null);
  const open = (next: RemoteAction) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAction(next);
  };
  const close = () => {
    setAction(null);
    const target = opener.current;
    requestAnimationFrame(() => {
      if (target?.isConnected) target.focus();
    });
  };
  const names = new Map((companies.data?.items ?? []).map((entity) => [entity.id, entity.name]));
  const companyName = (id: number) => names.get(id) ?? t('remotes.unknownCompany', { id });
  const list = remotes.data?.remotes;
  return (
    <Box as="section" p={{ base: '3', md: '6' }} aria-labelledby="remotes-title">
      <Heading as="h1" size="2xl" mb="2" id="remotes-title">
        {t('remotes.title')}
      </Heading>
      <Text color="fg.muted" mb="5" maxW="3xl">
        {t('remotes.intro')}
      </Text>
      {!list ? (
        <LoadState
          status={remotes.error ? 'error' : 'loading'}
          failedText={t('remotes.loadFailed')}
          onRetry={() => void remotes.mutate()}
          minHeight="20rem"
        />
      ) : list.length === 0 ? (
        <LoadState status="empty" emptyText={t('remotes.empty')} />
      ) : (
        <Stack gap="6">
          {list.map((remote) => (
            <RemoteCard key={remote.name} remote={remote} companyName={companyName} onAction={open} />
          ))}
        </Stack>
      )}
      {action && (
        <ActionDialog
          key={`${action.kind}:${action.remote.name}`}
          action={action}
          companyName={companyName}
          onClose={close}
          onChanged={() => void remotes.mutate()}
        />
      )}
    </Box>
  );
}
