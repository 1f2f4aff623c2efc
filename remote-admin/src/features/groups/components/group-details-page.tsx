import { Box, Button, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { FIELD_LIMITS, type GroupDetail, parseId } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { FormField, RecipientsSelector } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailsLoadState } from '../../../components/details-load-state';
import { statusOf } from '../../../lib/field-error';
import { useConsoleForm, type FormErrors } from '../../../lib/use-console-form';
import { detailsPath, paths } from '../../../paths';
import { addGroupUser, createGroup, loadGroupUsers, removeGroupUser, updateGroup, useGroup } from '../api/groups-api';

/** The bounds of GroupBodySchema (shared/src/api/groups.ts). */
const NAME_MAX = FIELD_LIMITS.name;
const PBI_NAME_MAX = FIELD_LIMITS.pbiGroupName;

interface Values {
  name: string;
  /** '' for none. */
  pbi_group_name: string;
}
type Errors = FormErrors<Values>;

const valuesOf = (group: GroupDetail | null): Values => ({ name: group?.name ?? '', pbi_group_name: group?.pbi_group_name ?? '' });

/** /admin/groups/details/{id?}: a group's name, its name on the Power BI report server and its members; without an id, a new one. */
export function GroupDetailsPage() {
  const { id: idParam } = useParams();
  const id = parseId(idParam);
  const { data, error, isLoading, mutate } = useGroup(id);
  if ((id !== null && !data) || (idParam !== undefined && id === null)) {
    return <DetailsLoadState isLoading={isLoading} missing={id === null || statusOf(error) === 404} onRetry={() => void mutate()} />;
  }
  return <GroupForm key={id ?? 'new'} group={data ?? null} onSaved={(saved) => void mutate(saved, { revalidate: false })} />;
}

function GroupForm({ group, onSaved }: { group: GroupDetail | null; onSaved: (group: GroupDetail) => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { adminApi, notify } = useRemoteProps();
  const { values, set, errors, busy, submit } = useConsoleForm({
    initial: () => valuesOf(group),
    validate: (values) => {
      const found: Errors = {};
      if (!values.name.trim()) found.name = tc('validation.required');
      else if (values.name.length > NAME_MAX) found.name = tc('validation.maxLength', { length: NAME_MAX });
      if (values.pbi_group_name.trim().length > PBI_NAME_MAX) found.pbi_group_name = tc('validation.maxLength', { length: PBI_NAME_MAX });
      return found;
    },
    save: (values) => {
      const body = { name: values.name.trim(), pbi_group_name: values.pbi_group_name.trim() || null };
      return group ? updateGroup(adminApi, group.id, body) : createGroup(adminApi, body);
    },
    valuesOf,
    messages: group
      ? { success: t('groups.updated'), failure: t('groups.updateFailed') }
      : { success: t('groups.created'), failure: t('groups.createFailed') },
    onSaved,
    createdPath: group ? undefined : (result) => detailsPath(paths.groups, result.id),
  });

  /** One member in or out (the server's answer counts the members); a refusal puts the entry back (RecipientsSelector). */
  async function changeMember(groupId: number, userId: number, add: boolean) {
    try {
      const result = add ? await addGroupUser(adminApi, groupId, userId) : await removeGroupUser(adminApi, groupId, userId);
      notify({ kind: 'success', message: t('groups.updated') });
      onSaved(result);
    } catch (caught) {
      notify({ kind: 'error', message: t('groups.updateFailed') });
      throw caught;
    }
  }

  return (
    <Box as="section" p={{ base: '3', md: '6' }} maxW="4xl" aria-labelledby="group-title">
      <Link asChild color="brand.fg" mb="4" display="inline-block">
        <RouterLink to={paths.groups}>{t('groups.title')}</RouterLink>
      </Link>
      <Heading as="h1" size="2xl" mb="5" id="group-title" wordBreak="break-word">
        {group ? t('groups.editTitle', { name: group.name }) : t('groups.newTitle')}
      </Heading>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="5" maxW="2xl">
          <FormField label={t('groups.name')} required error={errors.name}>
            <Input value={values.name} maxLength={NAME_MAX + 1} onChange={(event) => set('name', event.target.value)} />
          </FormField>
          <FormField label={t('groups.pbiName')} error={errors.pbi_group_name} helperText={t('groups.pbiNameHelp')}>
            <Input
              value={values.pbi_group_name}
              maxLength={PBI_NAME_MAX + 1}
              onChange={(event) => set('pbi_group_name', event.target.value)}
            />
          </FormField>
          <HStack>
            <Button type="submit" colorPalette="brand" loading={busy}>
              {tc('save')}
            </Button>
          </HStack>
        </Stack>
      </form>
      <Box as="section" mt="8" aria-labelledby="group-members-title">
        <HStack mb="1" gap="3" align="baseline" wrap="wrap">
          <Heading as="h2" size="lg" id="group-members-title">
            {t('groups.members')}
          </Heading>
          {group && <Text color="fg.muted">{t('selector.count', { count: group.users_count })}</Text>}
        </HStack>
        {group ? (
          <>
            <Text color="fg.muted" mb="3">
              {t('groups.membersHelp')}
            </Text>
            <RecipientsSelector
              type={t('selector.type')}
              load={(query) => loadGroupUsers(adminApi, group.id, query)}
              onAdd={(userId) => changeMember(group.id, userId, true)}
              onRemove={(userId) => changeMember(group.id, userId, false)}
            />
          </>
        ) : (
          <Text color="fg.muted">{t('groups.saveFirst')}</Text>
        )}
      </Box>
    </Box>
  );
}
