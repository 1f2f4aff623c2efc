import { Box, Checkbox, Flex, Heading, Input, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type CategoryList, isAdministrator, isApiError, LIMITS, parseId, PUBLICATION } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import {
  DeleteConfirmDialog,
  FormActionBar,
  FormField,
  ImagePicker,
  LazyRichTextEditor,
  LoadState,
  PublishedBand,
  RecipientsSelector,
  SchedulePublication,
  useIsDirty,
  useUnsavedChangesGuard,
  type FormBusyAction,
} from '@hub/shared/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { detailsPath } from '../../paths';
import { useWorkingEntityId } from '../entity-gate';
import { refusalErrors } from '../../lib/field-error';
import { descriptionTooLong, validate, valuesOf, type FieldErrors } from './publishable-form-values';
import type { FormValues, PublishableItem, PublishableKind, PublishableWordKey } from './publishable-api';

/** A console's details page: `/details/{id}` edits that item, `/details` creates one. */
export function PublishableDetailsPage<Item extends PublishableItem, Body extends object>({ kind }: { kind: PublishableKind<Item, Body> }) {
  const { t } = useTranslation(['admin', 'common']);
  const params = useParams();
  const id = parseId(params.id);
  const item = kind.api.useItem(id);
  if (id !== null && (item.isLoading || item.error || !item.data)) {
    // By the brand, never instanceof: the error comes from the shell's API client, another bundle.
    const missing = isApiError(item.error, 404);
    return (
      <Box p={{ base: '3', md: '6' }}>
        <LoadState
          status={item.isLoading || !item.error ? 'loading' : missing ? 'empty' : 'error'}
          emptyText={t('notFound')}
          onRetry={() => void item.mutate()}
          minHeight="20rem"
        />
      </Box>
    );
  }
  return <PublishableForm key={id ?? 'new'} kind={kind} item={item.data ?? null} />;
}

function PublishableForm<Item extends PublishableItem, Body extends object>({
  kind,
  item,
}: {
  kind: PublishableKind<Item, Body>;
  item: Item | null;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const { adminApi, notify, session } = useRemoteProps();
  const navigate = useNavigate();
  const mutations = kind.api.useMutations();
  const entityId = useWorkingEntityId();
  const [current, setCurrent] = useState<Item | null>(item);
  const [saved, setSaved] = useState<FormValues>(() => valuesOf(kind, item));
  const [values, setValues] = useState<FormValues>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<FormBusyAction>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const published = current?.status === PUBLICATION.published;
  const dirty = useIsDirty(values, saved, published);
  const release = useUnsavedChangesGuard(dirty);
  const has = (field: (typeof kind.fields)[number]) => kind.fields.includes(field);
  const words = (key: PublishableWordKey, options?: Record<string, unknown>) => t(`${kind.words}.${key}`, options);
  const categories = useSWR(has('category') ? ['admin', 'categories', 'all'] : null, () =>
    adminApi.get<CategoryList>('/categories', { page_size: 100 }, { silent: true }),
  );

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((before) => ({ ...before, [field]: value }));
    if (errors[field]) setErrors((before) => ({ ...before, [field]: undefined }));
  };

  const accept = (next: Item) => {
    const nextValues = valuesOf(kind, next);
    setCurrent(next);
    setSaved(nextValues);
    setValues(nextValues);
  };

  const failed = (error: unknown, creating: boolean) => {
    const fallback = creating ? words('createFailed') : words('updateFailed');
    if (isApiError(error, 409)) {
      notify({ kind: 'error', message: t('published409') });
      return;
    }
    const named = refusalErrors(error, values, { body: 'title' });
    if (Object.keys(named).length > 0) setErrors((before) => ({ ...before, ...named }));
    // The description's limit is checked on the server's count too: its own words say by how much.
    if (named.description && isApiError(error)) {
      notify({ kind: 'error', message: error.message });
      return;
    }
    notify({ kind: 'error', message: fallback });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (published || busy) return;
    const found = validate(kind, values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // The first field in error takes the focus once it is marked.
      const form = event.currentTarget as HTMLFormElement;
      setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    if (descriptionTooLong(values)) {
      notify({ kind: 'error', message: t('common:validation.descriptionTooLong', { length: values.description.length }) });
      return;
    }
    const body = kind.body(values);
    setBusy('save');
    try {
      if (current) {
        const leavesUser = has('audience') && saved.audience_type === 'user' && values.audience_type === 'multi_users';
        accept(await mutations.update(current.id, body));
        notify({ kind: 'success', message: words('updated') });
        // Audience `multi_users` is every user of the entity (the server's rule): the named recipients
        // of audience `user` no longer apply, and go (a refusal gets the API client's own toast).
        if (leavesUser) await mutations.clearUsers(current.id).catch(() => undefined);
      } else {
        const entity = kind.entityScoped && isAdministrator(session.user.rights) && entityId !== null ? { entity_id: entityId } : {};
        const created = await mutations.create({ ...body, ...entity });
        accept(created);
        notify({ kind: 'success', message: words('created') });
        release();
        navigate(detailsPath(kind.listPath, created.id), { replace: true });
      }
    } catch (error) {
      failed(error, !current);
    } finally {
      setBusy(null);
    }
  };

  const changeStatus = async (publish: boolean) => {
    if (!current) return;
    setBusy(publish ? 'publish' : 'unpublish');
    try {
      accept(await (publish ? mutations.publish(current.id) : mutations.unpublish(current.id)));
      notify({ kind: 'success', message: t('statusUpdated') });
    } catch {
      notify({ kind: 'error', message: t('statusUpdateFailed') });
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!current) return;
    setBusy('delete');
    try {
      await mutations.remove(current.id);
      notify({ kind: 'success', message: words('deleted') });
      release();
      navigate(kind.listPath);
    } catch {
      notify({ kind: 'error', message: t('deleteFailed') });
      setBusy(null);
      setConfirmDelete(false);
    }
  };

  const length = values.description.length;

  return (
    <Box as="section" p={{ base: '3', md: '6' }} aria-labelledby="details-title" maxW="56rem">
      <Link asChild color="brand.fg" fontSize="sm" mb="2">
        <RouterLink to={kind.listPath}>{`← ${words('title')}`}</RouterLink>
      </Link>
      <Heading as="h1" size="2xl" mb="4" id="details-title" wordBreak="break-word">
        {current ? words('editTitle', { title: current.title }) : words('newTitle')}
      </Heading>
      {published && <PublishedBand />}
      <form onSubmit={(event) => void save(event)} noValidate>
        <Stack gap="5">
          <FormField label={t('fields.title')} error={errors.title} required disabled={published}>
            <Input value={values.title} onChange={(event) => set('title', event.target.value)} />
          </FormField>
          {has('subtitle') && (
            <FormField label={t('fields.subtitle')} error={errors.subtitle} disabled={published}>
              <Input value={values.subtitle} onChange={(event) => set('subtitle', event.target.value)} />
            </FormField>
          )}
          {has('tag') && (
            <FormField label={t('fields.tag')} error={errors.tag} disabled={published}>
              <Input value={values.tag} onChange={(event) => set('tag', event.target.value)} />
            </FormField>
          )}
          {has('url') && (
            <FormField label={t('fields.url')} error={errors.url} required disabled={published}>
              <Input type="url" inputMode="url" value={values.url} onChange={(event) => set('url', event.target.value)} />
            </FormField>
          )}
          <FormField
            label={t('fields.description')}
            error={errors.description}
            disabled={published}
            helperText={
              <Text as="span" color={length > LIMITS.descriptionMax ? { _light: 'red.700', _dark: 'red.300' } : undefined}>
                {t('fields.descriptionCount', { length })}
              </Text>
            }
          >
            <LazyRichTextEditor
              label={t('fields.description')}
              value={values.description}
              onChange={(html) => set('description', html)}
              disabled={published}
              invalid={Boolean(errors.description) || length > LIMITS.descriptionMax}
            />
          </FormField>
          {has('category') && (
            <FormField label={t('fields.category')} error={errors.category_id} disabled={published}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={values.category_id ?? ''}
                  onChange={(event) => set('category_id', event.target.value ? Number(event.target.value) : null)}
                >
                  <option value="">{t('fields.noCategory')}</option>
                  {(categories.data?.items ?? []).map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          )}
          {has('images') && (
            <Flex gap="5" direction={{ base: 'column', md: 'row' }}>
              <Box flex="1">
                <ImagePicker
                  api={adminApi}
                  category="banner"
                  value={values.banner_id}
                  onChange={(image) => set('banner_id', image)}
                  label={t('fields.banner')}
                  disabled={published}
                />
              </Box>
              <Box flex="1">
                <ImagePicker
                  api={adminApi}
                  category="thumbnail"
                  value={values.thumbnail_id}
                  onChange={(image) => set('thumbnail_id', image)}
                  label={t('fields.thumbnail')}
                  disabled={published}
                />
              </Box>
            </Flex>
          )}
          {has('pinned') && (
            <Checkbox.Root
              checked={values.pinned}
              onCheckedChange={(change) => set('pinned', change.checked === true)}
              disabled={published}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('fields.pinned')}</Checkbox.Label>
            </Checkbox.Root>
          )}
          {has('audience') && (
            <FormField label={t('fields.audience')} error={errors.audience_type} disabled={published}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={values.audience_type}
                  onChange={(event) => set('audience_type', event.target.value === 'user' ? 'user' : 'multi_users')}
                >
                  <option value="user">{t('fields.audienceUser')}</option>
                  <option value="multi_users">{t('fields.audienceMulti')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          )}
          {has('audience') && values.audience_type === 'user' && (
            <Box as="fieldset" borderWidth="1px" borderRadius="md" p="3">
              <Text as="legend" fontWeight="medium" px="1">
                {t('fields.recipients')}
              </Text>
              {current ? (
                <RecipientsSelector
                  type={t('selector.type')}
                  disabled={published}
                  single
                  load={async ({ selected, search, page, pageSize }) => {
                    const list = await kind.api.getUsers(adminApi, current.id, {
                      selected,
                      search: search || undefined,
                      page,
                      page_size: pageSize,
                    });
                    return {
                      total: list.total,
                      items: list.items.map((user) => ({ id: user.id, name: `${user.first_name} ${user.last_name} (${user.email})` })),
                    };
                  }}
                  onAdd={(userId) => mutations.setUniqueUser(current.id, userId)}
                  onRemove={(userId) => mutations.removeUser(current.id, userId)}
                />
              ) : (
                <Text color="fg.muted">{t('selector.saveFirst')}</Text>
              )}
            </Box>
          )}
          <FormActionBar
            published={published}
            saved={current !== null}
            busy={busy}
            dirty={dirty}
            onPublish={() => void changeStatus(true)}
            onUnpublish={() => void changeStatus(false)}
            onDelete={() => setConfirmDelete(true)}
          />
        </Stack>
      </form>
      {current && (
        <Box mt="6">
          <SchedulePublication
            api={adminApi}
            kind={kind.api.resource}
            id={current.id}
            published={published}
            dirty={dirty}
            previewHref={kind.previewPath?.(current.id)}
          />
        </Box>
      )}
      <DeleteConfirmDialog
        open={confirmDelete}
        busy={busy === 'delete'}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void remove()}
      />
    </Box>
  );
}
