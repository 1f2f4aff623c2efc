import { Box, Button, Heading, HStack, Input, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type EntityDetail, FIELD_LIMITS, parseId } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { FormField, ImagePicker, RecipientsSelector } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailsLoadState } from '../../../components/details-load-state';
import { refusalErrors, statusOf } from '../../../lib/field-error';
import { useConsoleForm, type FormErrors } from '../../../lib/use-console-form';
import { detailsPath, paths } from '../../../paths';
import { addEntityUser, createEntity, loadEntityUsers, removeEntityUser, updateEntity, useEntity, useProviders } from '../api/entities-api';

const NAME_MAX = FIELD_LIMITS.name;

interface Values {
  name: string;
  logo_id: number | null;
  /** '' for none. */
  provider_name: string;
}

const valuesOf = (entity: EntityDetail | null): Values => ({
  name: entity?.name ?? '',
  logo_id: entity?.logo?.id ?? null,
  provider_name: entity?.provider_name ?? '',
});

/** /admin/entities/details/{id?}: a company's name, logo, identity provider and users; without an id, a new one. */
export function EntityDetailsPage() {
  const { id: idParam } = useParams();
  const id = parseId(idParam);
  const { data, error, isLoading, mutate } = useEntity(id);
  if ((id !== null && !data) || (idParam !== undefined && id === null)) {
    return <DetailsLoadState isLoading={isLoading} missing={id === null || statusOf(error) === 404} onRetry={() => void mutate()} />;
  }
  return <EntityForm key={id ?? 'new'} entity={data ?? null} onSaved={(saved) => void mutate(saved, { revalidate: false })} />;
}

function EntityForm({ entity, onSaved }: { entity: EntityDetail | null; onSaved: (entity: EntityDetail) => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { adminApi, notify } = useRemoteProps();
  const providers = useProviders();
  const { values, set, errors, busy, submit } = useConsoleForm({
    initial: () => valuesOf(entity),
    validate: (values) => {
      const found: FormErrors<Values> = {};
      if (!values.name.trim()) found.name = tc('validation.required');
      else if (values.name.length > NAME_MAX) found.name = tc('validation.maxLength', { length: NAME_MAX });
      return found;
    },
    save: (values) => {
      const body = { name: values.name.trim(), logo_id: values.logo_id, provider_name: values.provider_name || null };
      return entity ? updateEntity(adminApi, entity.id, body) : createEntity(adminApi, body);
    },
    valuesOf,
    messages: entity
      ? { success: t('entities.updated'), failure: t('entities.updateFailed') }
      : { success: t('entities.created'), failure: t('entities.createFailed') },
    onSaved,
    createdPath: entity ? undefined : (result) => detailsPath(paths.entities, result.id),
    errorsOf: (caught, values) => {
      const found = refusalErrors(caught, values);
      return Object.keys(found).length || statusOf(caught) !== 409 ? found : { name: (caught as Error).message };
    },
  });

  const providerList = providers.data?.providers ?? [];
  return (
    <Box as="section" p={{ base: '3', md: '6' }} maxW="4xl" aria-labelledby="entity-title">
      <Link asChild color="brand.fg" mb="4" display="inline-block">
        <RouterLink to={paths.entities}>{t('entities.title')}</RouterLink>
      </Link>
      <Heading as="h1" size="2xl" mb="5" id="entity-title">
        {entity ? t('entities.editTitle', { name: entity.name }) : t('entities.newTitle')}
      </Heading>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="5" maxW="2xl">
          <FormField label={t('entities.name')} required error={errors.name}>
            <Input value={values.name} maxLength={NAME_MAX + 1} onChange={(event) => set('name', event.target.value)} />
          </FormField>
          <Box>
            <ImagePicker
              api={adminApi}
              category="logo"
              value={values.logo_id}
              onChange={(id) => set('logo_id', id)}
              label={t('entities.logo')}
            />
            {errors.logo_id && (
              <Text color="fg.error" fontSize="sm" mt="1">
                {errors.logo_id}
              </Text>
            )}
          </Box>
          <FormField label={t('entities.provider')} error={errors.provider_name}>
            <NativeSelect.Root>
              <NativeSelect.Field value={values.provider_name} onChange={(event) => set('provider_name', event.target.value)}>
                <option value="">{t('entities.noProvider')}</option>
                {values.provider_name && !providerList.some((provider) => provider.name === values.provider_name) && (
                  <option value={values.provider_name}>{values.provider_name}</option>
                )}
                {providerList.map((provider) => (
                  <option key={provider.name} value={provider.name}>
                    {provider.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <HStack>
            <Button type="submit" colorPalette="brand" loading={busy}>
              {tc('save')}
            </Button>
          </HStack>
        </Stack>
      </form>
      <Box as="section" mt="8" aria-labelledby="entity-users-title">
        <HStack mb="1" gap="3" align="baseline" wrap="wrap">
          <Heading as="h2" size="lg" id="entity-users-title">
            {t('entities.users')}
          </Heading>
          {entity && <Text color="fg.muted">{t('selector.count', { count: entity.users_count })}</Text>}
        </HStack>
        {entity ? (
          <>
            <Text color="fg.muted" mb="3">
              {t('entities.usersHelp')}
            </Text>
            <RecipientsSelector
              type={t('selector.type')}
              load={(query) => loadEntityUsers(adminApi, entity.id, query)}
              onAdd={async (userId) => {
                onSaved(await addEntityUser(adminApi, entity.id, userId));
                notify({ kind: 'success', message: t('entities.userAdded') });
              }}
              onRemove={async (userId) => {
                onSaved(await removeEntityUser(adminApi, entity.id, userId));
                notify({ kind: 'success', message: t('entities.userRemoved') });
              }}
            />
          </>
        ) : (
          <Text color="fg.muted">{t('entities.saveFirst')}</Text>
        )}
      </Box>
    </Box>
  );
}
