import { Box, Checkbox, Heading, HStack, Input, Link, NativeSelect, Stack, Stat, Text, Textarea, Button } from '@chakra-ui/react';
import { DataProtectionPanel } from './data-protection-panel';
import { UserLinksFields } from './user-links-fields';
import { type AdminUser, type AdminUserUpdateBody, FIELD_LIMITS, highestRole, parseId, type Role, ROLES } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { FormField, ImagePicker } from '@hub/shared/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailsLoadState } from '../../../components/details-load-state';
import { refusalErrors, statusOf } from '../../../lib/field-error';
import { useConsoleForm, type FormErrors } from '../../../lib/use-console-form';
import { endUserSessions, updateUser, useAllEntities, useUser } from '../api/users-api';
import { paths } from '../../../paths';

const NAME_MAX = FIELD_LIMITS.personName;
const WELCOME_MAX = FIELD_LIMITS.longText;

interface Values {
  first_name: string;
  last_name: string;
  role: Role;
  /** '' for no entity. */
  entity_id: string;
  welcome_message: string;
  contact_enable: boolean;
  /** The consultants' ids, sorted (the comparison with the saved values ignores the order). */
  contacts: number[];
  /** Report server group names, sorted. */
  pbi_groups: string[];
  profile_image_id: number | null;
}

const valuesOf = (user: AdminUser): Values => ({
  first_name: user.first_name,
  last_name: user.last_name,
  role: highestRole(user.rights) ?? 'user',
  entity_id: user.entity ? String(user.entity.id) : '',
  welcome_message: user.welcome_message ?? '',
  contact_enable: user.contact_enable,
  contacts: user.contacts.map((contact) => contact.id).sort((a, b) => a - b),
  pbi_groups: [...user.pbi_groups].sort(),
  profile_image_id: user.profile_image?.id ?? null,
});

const same = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/** Only what changed: the rights are sent only when the role changes. */
function changes(values: Values, saved: Values): AdminUserUpdateBody {
  const next: AdminUserUpdateBody = {};
  if (values.first_name !== saved.first_name) next.first_name = values.first_name.trim();
  if (values.last_name !== saved.last_name) next.last_name = values.last_name.trim();
  if (values.role !== saved.role) next.rights = [values.role];
  if (values.entity_id !== saved.entity_id) next.entity_id = values.entity_id ? Number(values.entity_id) : null;
  if (values.welcome_message !== saved.welcome_message) next.welcome_message = values.welcome_message || null;
  if (values.contact_enable !== saved.contact_enable) next.contact_enable = values.contact_enable;
  if (!same(values.contacts, saved.contacts)) next.contacts = values.contacts;
  if (!same(values.pbi_groups, saved.pbi_groups)) next.pbi_groups = values.pbi_groups;
  if (values.profile_image_id !== saved.profile_image_id) next.profile_image_id = values.profile_image_id;
  return next;
}

/** /admin/users/details/{id} (administrator): a user's names, role, entity, welcome message and contact flag. */
export function UserDetailsPage() {
  const { id: idParam } = useParams();
  const id = parseId(idParam);
  const { data, error, isLoading, mutate } = useUser(id);
  if (!data) {
    return <DetailsLoadState isLoading={isLoading} missing={id === null || statusOf(error) === 404} onRetry={() => void mutate()} />;
  }
  return <UserForm key={data.id} user={data} onSaved={(saved) => void mutate(saved, { revalidate: false })} />;
}

function UserForm({ user, onSaved }: { user: AdminUser; onSaved: (user: AdminUser) => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { adminApi, notify } = useRemoteProps();
  const entities = useAllEntities();
  const { values, set, errors, busy, submit } = useConsoleForm({
    initial: () => valuesOf(user),
    validate: (values) => {
      const found: FormErrors<Values> = {};
      for (const key of ['first_name', 'last_name'] as const) {
        if (!values[key].trim()) found[key] = tc('validation.required');
        else if (values[key].length > NAME_MAX) found[key] = tc('validation.maxLength', { length: NAME_MAX });
      }
      if (values.welcome_message.length > WELCOME_MAX) found.welcome_message = tc('validation.maxLength', { length: WELCOME_MAX });
      return found;
    },
    save: (values, saved) => updateUser(adminApi, user.id, changes(values, saved)),
    valuesOf,
    messages: { success: t('users.updated'), failure: t('users.updateFailed') },
    onSaved,
    errorsOf: (caught, values) => refusalErrors(caught, values, { rights: 'role' }),
  });

  const [ending, setEnding] = useState(false);
  async function endSessions() {
    setEnding(true);
    try {
      await endUserSessions(adminApi, user.id);
      notify({ kind: 'success', message: t('users.sessionsEnded') });
    } catch {
      notify({ kind: 'error', message: t('users.endSessionsFailed') });
    } finally {
      setEnding(false);
    }
  }

  const counters = [
    { label: t('users.openDiscussions'), value: user.open_discussion_counter },
    { label: t('users.closedDiscussions'), value: user.close_discussion_counter },
    { label: t('users.pendingMessages'), value: user.pending_message_counter },
  ];

  return (
    <Box as="section" p={{ base: '3', md: '6' }} maxW="2xl" aria-labelledby="user-title">
      <Link asChild color="brand.fg" mb="4" display="inline-block">
        <RouterLink to={paths.users}>{t('users.title')}</RouterLink>
      </Link>
      <Heading as="h1" size="2xl" mb="1" id="user-title">
        {t('users.editTitle', { name: `${user.first_name} ${user.last_name}` })}
      </Heading>
      <Text color="fg.muted" mb="5" wordBreak="break-all">
        {user.email}
      </Text>
      <Box as="section" aria-label={t('users.counters')} mb="6">
        <HStack gap={{ base: '4', md: '8' }} wrap="wrap">
          {counters.map((counter) => (
            <Stat.Root key={counter.label} minW="8rem">
              <Stat.Label>{counter.label}</Stat.Label>
              <Stat.ValueText>{counter.value}</Stat.ValueText>
            </Stat.Root>
          ))}
        </HStack>
      </Box>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="5">
          <FormField label={t('users.firstName')} required error={errors.first_name}>
            <Input value={values.first_name} maxLength={NAME_MAX + 1} onChange={(event) => set('first_name', event.target.value)} />
          </FormField>
          <FormField label={t('users.lastName')} required error={errors.last_name}>
            <Input value={values.last_name} maxLength={NAME_MAX + 1} onChange={(event) => set('last_name', event.target.value)} />
          </FormField>
          <FormField label={t('users.email')}>
            <Input value={user.email} readOnly />
          </FormField>
          <FormField label={t('users.role')} error={errors.role} helperText={t(`users.roleHelp.${values.role}`)}>
            <NativeSelect.Root>
              <NativeSelect.Field value={values.role} onChange={(event) => set('role', event.target.value as Role)}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`users.roles.${role}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('users.entity')} error={errors.entity_id}>
            <NativeSelect.Root>
              <NativeSelect.Field value={values.entity_id} onChange={(event) => set('entity_id', event.target.value)}>
                <option value="">{t('users.noEntity')}</option>
                {user.entity && !entities.data?.items.some((entity) => entity.id === user.entity?.id) && (
                  <option value={String(user.entity.id)}>{user.entity.name}</option>
                )}
                {(entities.data?.items ?? []).map((entity) => (
                  <option key={entity.id} value={String(entity.id)}>
                    {entity.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('users.welcomeMessage')} error={errors.welcome_message}>
            <Textarea rows={4} value={values.welcome_message} onChange={(event) => set('welcome_message', event.target.value)} />
          </FormField>
          <Checkbox.Root checked={values.contact_enable} onCheckedChange={(change) => set('contact_enable', change.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('users.contactEnable')}</Checkbox.Label>
          </Checkbox.Root>
          <Box>
            <ImagePicker
              api={adminApi}
              category="profile"
              value={values.profile_image_id}
              onChange={(id) => set('profile_image_id', id)}
              label={t('userLinks.profileImage')}
            />
            {errors.profile_image_id && (
              <Text color="fg.error" fontSize="sm" mt="1">
                {errors.profile_image_id}
              </Text>
            )}
          </Box>
          <UserLinksFields
            user={user}
            contacts={values.contacts}
            onContactsChange={(ids) => set('contacts', ids)}
            pbiGroups={values.pbi_groups}
            onPbiGroupsChange={(names) => set('pbi_groups', names)}
            errors={{ contacts: errors.contacts, pbi_groups: errors.pbi_groups }}
          />
          <HStack>
            <Button type="submit" colorPalette="brand" loading={busy}>
              {tc('save')}
            </Button>
            <Button type="button" variant="outline" loading={ending} onClick={() => void endSessions()}>
              {t('users.endSessions')}
            </Button>
          </HStack>
        </Stack>
      </form>
      <DataProtectionPanel user={user} />
    </Box>
  );
}
