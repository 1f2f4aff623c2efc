import { Box, Button, chakra, Checkbox, CloseButton, Dialog, Flex, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { isApiError, RELEASE_VERSION_MAX, type RemoteStatus, type RolloutUpdate } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { FormField, RecipientsSelector } from '@hub/shared/ui';
import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalErrors } from '../../../lib/field-error';
import { useConsoleForm, type FormErrors } from '../../../lib/use-console-form';
import { createReleaseToken, loadOtherCompanies, registerRelease, revokeReleaseToken, updateRollout } from '../api/remotes-api';

/** The note and manifest bounds of ReleaseCreateSchema (shared/src/api/remotes.ts). */
const NOTE_MAX = 2000;
const URL_MAX = 2000;
const LABEL_MAX = 100;

/**
 * A refusal's field errors: the fields the server names that the form has (`refusalErrors`),
 * else the server's own words on `field`, so that a refusal naming no field (a 409, a 422 on the
 * manifest) is still read in the form rather than only in a toast.
 */
export function refusalOn<V extends object>(field: keyof V, fallback: string) {
  return (caught: unknown, values: V): FormErrors<V> => {
    const named = refusalErrors(caught, values);
    if (Object.keys(named).length) return named;
    return { [field]: isApiError(caught) && caught.body ? caught.message : fallback } as FormErrors<V>;
  };
}

/** A console dialog holding one form: its title, its body and its buttons; closing it drops what was typed. */
function FormDialog({
  title,
  onClose,
  onSubmit,
  children,
  footer,
  alert = false,
}: {
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
  footer: ReactNode;
  /** A question that changes what people get: announced as an alert dialog. */
  alert?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Dialog.Root
      open
      role={alert ? 'alertdialog' : 'dialog'}
      onOpenChange={(change) => (change.open ? undefined : onClose())}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      placement="center"
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content asChild>
          <form onSubmit={onSubmit} noValidate>
            <Dialog.Header>
              <Dialog.Title wordBreak="break-word">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer flexWrap="wrap">{footer}</Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('close')} />
            </Dialog.CloseTrigger>
          </form>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}

/** A dialog's two buttons: go back or cancel, and submit; while `busy`, the first waits and the second spins. */
function CancelAndSubmit({
  onCancel,
  cancelLabel,
  submitLabel,
  busy = false,
  palette = 'brand',
}: {
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
  busy?: boolean;
  palette?: 'brand' | 'red';
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button type="submit" colorPalette={palette} loading={busy}>
        {submitLabel}
      </Button>
    </>
  );
}

/** The server's refusal of a form without a field of its own (a confirmation), as an alert in the dialog. */
function Refusal({ errors }: { errors: Record<string, string | undefined> }) {
  const messages = Object.values(errors).filter(Boolean);
  if (messages.length === 0) return null;
  return (
    <Box role="alert" mt="3" color="fg.error">
      {messages.map((message) => (
        <Text key={message}>{message}</Text>
      ))}
    </Box>
  );
}

interface CandidateValues {
  candidate: string;
  /** As typed: '' while the field is emptied. */
  share: string;
  entities: number[];
}

/**
 * Starts a candidate (a registered release, a share of people, companies) or moves the running
 * one's reach. The form first asks for a confirmation that says who will get what; a refusal
 * brings the form back with the server's words on its field.
 */
export function CandidateDialog({
  remote,
  mode,
  companyName,
  onClose,
  onDone,
}: {
  remote: RemoteStatus;
  mode: 'start' | 'reach';
  companyName: (id: number) => string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { adminApi } = useRemoteProps();
  const [confirming, setConfirming] = useState(false);
  const names = useRef(new Map<number, string>());
  const remoteName = t(`remotes.names.${remote.name}`);
  const choices = remote.releases.filter((release) => release.version !== remote.stable.version);
  const validate = (values: CandidateValues) => {
    const found: FormErrors<CandidateValues> = {};
    if (!values.candidate) found.candidate = tc('validation.required');
    const share = Number(values.share);
    if (values.share.trim() === '' || !Number.isInteger(share) || share < 0 || share > 100) found.share = t('remotes.shareInvalid');
    else if (share === 0 && values.entities.length === 0) found.share = t('remotes.reachNobody');
    return found;
  };
  const { values, set, errors, busy, submit } = useConsoleForm<CandidateValues, CandidateValues>({
    initial: () => ({
      candidate: mode === 'reach' ? (remote.candidate?.version ?? '') : (choices[0]?.version ?? ''),
      share: String(remote.candidate?.share ?? (mode === 'start' ? 10 : 0)),
      entities: mode === 'reach' ? [...(remote.candidate?.entities ?? [])] : [],
    }),
    validate,
    save: async (values) => {
      const reach = { share: Number(values.share), entities: values.entities };
      const body: RolloutUpdate = mode === 'start' ? { candidate: values.candidate, ...reach } : reach;
      await updateRollout(adminApi, remote.name, body);
      return values;
    },
    valuesOf: (saved) => saved,
    messages: {
      success: mode === 'start' ? t('remotes.started', { name: remoteName }) : t('remotes.reachChanged', { name: remoteName }),
      failure: t('remotes.refused'),
    },
    onSaved: onDone,
    errorsOf: refusalOn<CandidateValues>(mode === 'start' ? 'candidate' : 'share', t('remotes.refused')),
  });
  const nameOf = (id: number) => names.current.get(id) ?? companyName(id);

  function onSubmit(event: FormEvent) {
    if (!confirming && Object.keys(validate(values)).length === 0) {
      event.preventDefault();
      setConfirming(true);
      return;
    }
    void submit(event).finally(() => setConfirming(false));
  }

  const title = mode === 'start' ? t('remotes.startTitle', { name: remoteName }) : t('remotes.reachTitle', { name: remoteName });
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={onSubmit}
      alert={confirming}
      footer={
        confirming ? (
          <CancelAndSubmit
            onCancel={() => setConfirming(false)}
            cancelLabel={t('remotes.back')}
            submitLabel={mode === 'start' ? t('remotes.confirmStart') : t('remotes.confirmReach')}
            busy={busy}
          />
        ) : (
          <CancelAndSubmit onCancel={onClose} cancelLabel={tc('cancel')} submitLabel={t('remotes.continue')} />
        )
      }
    >
      {confirming ? (
        <Text>
          {t('remotes.reachQuestion', {
            version: values.candidate,
            name: remoteName,
            share: Number(values.share),
            companies: values.entities.length ? values.entities.map(nameOf).join(', ') : t('remotes.noCompanies'),
          })}
        </Text>
      ) : (
        <Stack gap="4">
          {mode === 'start' ? (
            <FormField label={t('remotes.release')} error={errors.candidate} required>
              <NativeSelect.Root>
                <NativeSelect.Field value={values.candidate} onChange={(event) => set('candidate', event.target.value)}>
                  {choices.length === 0 && <option value="">{t('remotes.noOtherRelease')}</option>}
                  {choices.map((release) => (
                    <option key={release.version} value={release.version}>
                      {release.note ? `${release.version} · ${release.note}` : release.version}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          ) : (
            <Text>{t('remotes.candidateOf', { version: values.candidate })}</Text>
          )}
          <FormField label={t('remotes.share')} error={errors.share} helperText={t('remotes.shareHelp')} required>
            <Flex gap="3" align="center" width="100%">
              <chakra.input
                type="range"
                min={0}
                max={100}
                step={1}
                flex="1"
                minW="0"
                accentColor="brand.solid"
                value={Number(values.share) || 0}
                aria-label={t('remotes.shareSlider')}
                onChange={(event: ChangeEvent<HTMLInputElement>) => set('share', event.target.value)}
              />
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step={1}
                width="6rem"
                value={values.share}
                onChange={(event) => set('share', event.target.value)}
              />
              <Text aria-hidden>%</Text>
            </Flex>
          </FormField>
          <Box as="fieldset" borderWidth="1px" borderRadius="md" p="3">
            <Text as="legend" fontWeight="medium" px="1">
              {t('remotes.companies')}
            </Text>
            <Text color="fg.muted" mb="2" fontSize="sm">
              {t('remotes.companiesHelp')}
            </Text>
            {errors.entities && (
              <Text role="alert" color="fg.error" mb="2">
                {errors.entities}
              </Text>
            )}
            <RecipientsSelector
              type={t('remotes.companiesType')}
              words={{
                search: t('remotes.companiesSearch'),
                count: (count) => t('remotes.companiesCount', { count }),
                loadFailed: t('remotes.companiesFailed'),
              }}
              load={async (query) => {
                if (query.selected) {
                  const search = query.search.toLowerCase();
                  const chosen = values.entities
                    .map((id) => ({ id, name: nameOf(id) }))
                    .filter((entity) => entity.name.toLowerCase().includes(search));
                  const start = (query.page - 1) * query.pageSize;
                  return { items: chosen.slice(start, start + query.pageSize), total: chosen.length };
                }
                const page = await loadOtherCompanies(adminApi, query, new Set(values.entities));
                for (const entity of page.items) names.current.set(entity.id, entity.name);
                return page;
              }}
              onAdd={(id) => set('entities', [...values.entities.filter((other) => other !== id), id])}
              onRemove={(id) =>
                set(
                  'entities',
                  values.entities.filter((other) => other !== id),
                )
              }
            />
          </Box>
        </Stack>
      )}
    </FormDialog>
  );
}

/**
 * A change of release confirmed in one step: promote a release to stable (`{ stable }`) or stop the
 * candidate (`{ candidate: null }`). The question says what people will get; a refusal stays in
 * the dialog in the server's words.
 */
export function ConfirmRolloutDialog({
  remote,
  title,
  question,
  confirmLabel,
  body,
  success,
  onClose,
  onDone,
}: {
  remote: RemoteStatus;
  title: string;
  question: string;
  confirmLabel: string;
  body: RolloutUpdate;
  success: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { adminApi } = useRemoteProps();
  const { errors, busy, submit } = useConsoleForm<RolloutUpdate, RolloutUpdate>({
    initial: () => body,
    validate: () => ({}),
    save: async (values) => {
      await updateRollout(adminApi, remote.name, values);
      return values;
    },
    valuesOf: (saved) => saved,
    messages: { success, failure: t('remotes.refused') },
    onSaved: onDone,
    errorsOf: refusalOn<RolloutUpdate>('stable' in body ? 'stable' : 'candidate', t('remotes.refused')),
  });
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      alert
      footer={<CancelAndSubmit onCancel={onClose} cancelLabel={tc('cancel')} submitLabel={confirmLabel} busy={busy} />}
    >
      <Text>{question}</Text>
      <Refusal errors={errors} />
    </FormDialog>
  );
}

interface ReleaseValues {
  version: string;
  manifest_url: string;
  note: string;
}

/** Registers a release of a remote by its manifest's URL (the server reads the manifest first). */
export function RegisterReleaseDialog({ remote, onClose, onDone }: { remote: RemoteStatus; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { adminApi } = useRemoteProps();
  const remoteName = t(`remotes.names.${remote.name}`);
  const { values, set, errors, busy, submit } = useConsoleForm<ReleaseValues, ReleaseValues>({
    initial: () => ({ version: '', manifest_url: '', note: '' }),
    validate: (values) => {
      const found: FormErrors<ReleaseValues> = {};
      const version = values.version.trim();
      if (!version) found.version = tc('validation.required');
      else if (version.length > RELEASE_VERSION_MAX) found.version = tc('validation.maxLength', { length: RELEASE_VERSION_MAX });
      else if (!/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/.test(version)) found.version = t('remotes.versionInvalid');
      if (!values.manifest_url.trim()) found.manifest_url = tc('validation.required');
      else if (values.manifest_url.length > URL_MAX) found.manifest_url = tc('validation.maxLength', { length: URL_MAX });
      if (values.note.length > NOTE_MAX) found.note = tc('validation.maxLength', { length: NOTE_MAX });
      return found;
    },
    save: async (values) => {
      await registerRelease(adminApi, remote.name, {
        version: values.version.trim(),
        manifest_url: values.manifest_url.trim(),
        note: values.note.trim(),
      });
      return values;
    },
    valuesOf: (saved) => saved,
    messages: { success: t('remotes.registered', { name: remoteName }), failure: t('remotes.refused') },
    onSaved: onDone,
    errorsOf: refusalOn<ReleaseValues>('manifest_url', t('remotes.refused')),
  });
  return (
    <FormDialog
      title={t('remotes.registerTitle', { name: remoteName })}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      footer={<CancelAndSubmit onCancel={onClose} cancelLabel={tc('cancel')} submitLabel={t('remotes.actions.register')} busy={busy} />}
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t('remotes.registerHelp')}
        </Text>
        <FormField label={t('remotes.version')} error={errors.version} required>
          <Input value={values.version} onChange={(event) => set('version', event.target.value)} autoComplete="off" />
        </FormField>
        <FormField label={t('remotes.manifestUrl')} error={errors.manifest_url} required>
          <Input
            type="url"
            value={values.manifest_url}
            onChange={(event) => set('manifest_url', event.target.value)}
            placeholder="https://…/mf-manifest.json"
          />
        </FormField>
        <FormField label={t('remotes.note')} error={errors.note}>
          <Textarea value={values.note} onChange={(event) => set('note', event.target.value)} rows={2} />
        </FormField>
      </Stack>
    </FormDialog>
  );
}

interface TokenValues {
  label: string;
  may_promote: boolean;
}

/**
 * Creates a release token of one remote, then shows its secret this once, with a copy button:
 * closing the dialog forgets it (the server keeps only its hash).
 */
export function CreateTokenDialog({ remote, onClose, onDone }: { remote: RemoteStatus; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { adminApi, notify } = useRemoteProps();
  const [secret, setSecret] = useState<string | null>(null);
  const remoteName = t(`remotes.names.${remote.name}`);
  const { values, set, errors, busy, submit } = useConsoleForm<TokenValues, { values: TokenValues; token: string }>({
    initial: () => ({ label: '', may_promote: false }),
    validate: (values) => {
      const found: FormErrors<TokenValues> = {};
      if (!values.label.trim()) found.label = tc('validation.required');
      else if (values.label.trim().length > LABEL_MAX) found.label = tc('validation.maxLength', { length: LABEL_MAX });
      return found;
    },
    save: async (values) => {
      const created = await createReleaseToken(adminApi, remote.name, { label: values.label.trim(), may_promote: values.may_promote });
      return { values, token: created.token };
    },
    valuesOf: (result) => result.values,
    messages: { success: t('remotes.tokens.created'), failure: t('remotes.refused') },
    onSaved: (result) => {
      setSecret(result.token);
      onDone();
    },
    errorsOf: refusalOn<TokenValues>('label', t('remotes.refused')),
  });

  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      notify({ kind: 'success', message: t('remotes.tokens.copied') });
    } catch {
      notify({ kind: 'error', message: t('remotes.tokens.copyFailed') });
    }
  }

  if (secret !== null) {
    return (
      <FormDialog
        title={t('remotes.tokens.shownTitle', { label: values.label.trim() })}
        onClose={onClose}
        onSubmit={(event) => {
          event.preventDefault();
          onClose();
        }}
        footer={
          <Button type="submit" colorPalette="brand">
            {t('remotes.tokens.done')}
          </Button>
        }
      >
        <Stack gap="3">
          <Text fontWeight="medium" role="status">
            {t('remotes.tokens.onlyOnce')}
          </Text>
          <FormField label={t('remotes.tokens.secret')}>
            <Flex gap="2" width="100%" direction={{ base: 'column', sm: 'row' }}>
              <Input readOnly value={secret} fontFamily="mono" onFocus={(event) => event.target.select()} />
              <Button variant="outline" onClick={() => void copy()}>
                {t('remotes.tokens.copy')}
              </Button>
            </Flex>
          </FormField>
          <Text color="fg.muted" fontSize="sm">
            {t('remotes.tokens.usage', { name: remote.name })}
          </Text>
        </Stack>
      </FormDialog>
    );
  }
  return (
    <FormDialog
      title={t('remotes.tokens.createTitle', { name: remoteName })}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      footer={<CancelAndSubmit onCancel={onClose} cancelLabel={tc('cancel')} submitLabel={t('remotes.tokens.create')} busy={busy} />}
    >
      <Stack gap="4">
        <FormField label={t('remotes.tokens.label')} error={errors.label} helperText={t('remotes.tokens.labelHelp')} required>
          <Input value={values.label} onChange={(event) => set('label', event.target.value)} autoComplete="off" />
        </FormField>
        <Checkbox.Root checked={values.may_promote} onCheckedChange={(change) => set('may_promote', change.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('remotes.tokens.mayPromoteField')}</Checkbox.Label>
        </Checkbox.Root>
        {errors.may_promote && (
          <Text role="alert" color="fg.error">
            {errors.may_promote}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}

/** Revokes a release token after a confirmation; a refusal stays in the dialog. */
export function RevokeTokenDialog({
  remote,
  token,
  onClose,
  onDone,
}: {
  remote: RemoteStatus;
  token: { id: number; label: string };
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { adminApi } = useRemoteProps();
  const { errors, busy, submit } = useConsoleForm<{ id: number }, { id: number }>({
    initial: () => ({ id: token.id }),
    validate: () => ({}),
    save: async (values) => {
      await revokeReleaseToken(adminApi, remote.name, values.id);
      return values;
    },
    valuesOf: (saved) => saved,
    messages: { success: t('remotes.tokens.revoked', { label: token.label }), failure: t('remotes.refused') },
    onSaved: onDone,
    errorsOf: refusalOn<{ id: number }>('id', t('remotes.refused')),
  });
  return (
    <FormDialog
      title={t('remotes.tokens.revokeTitle', { label: token.label })}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      alert
      footer={
        <CancelAndSubmit onCancel={onClose} cancelLabel={tc('cancel')} submitLabel={t('remotes.tokens.revoke')} busy={busy} palette="red" />
      }
    >
      <Text>{t('remotes.tokens.revokeQuestion', { label: token.label, name: t(`remotes.names.${remote.name}`) })}</Text>
      <Refusal errors={errors} />
    </FormDialog>
  );
}
