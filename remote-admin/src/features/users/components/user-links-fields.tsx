import { Box, Fieldset, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { AdminUser } from '@hub/shared/api';
import { LoadState } from '@hub/shared/ui';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { detailsPath, paths } from '../../../paths';
import { useConsultants, usePbiGroups } from '../api/users-api';

export interface UserLinksFieldsProps {
  user: AdminUser;
  /** The chosen consultants' ids, sorted. */
  contacts: number[];
  onContactsChange: (ids: number[]) => void;
  /** The chosen groups' report server names, sorted. */
  pbiGroups: string[];
  onPbiGroupsChange: (names: string[]) => void;
  errors: { contacts?: string; pbi_groups?: string };
}

const toggle = <T,>(list: T[], item: T, checked: boolean, order: (a: T, b: T) => number) =>
  (checked ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item)).sort(order);

/**
 * The user's ties on the details page: their consultants (chosen among `/users/get/contacts/`), a
 * consultant's clients (read-only, each linked), and their Power BI groups (chosen among the groups).
 */
export function UserLinksFields({ user, contacts, onContactsChange, pbiGroups, onPbiGroupsChange, errors }: UserLinksFieldsProps) {
  const { t } = useTranslation('admin');
  const consultants = useConsultants();
  const groups = usePbiGroups();
  const offered = (consultants.data?.items ?? []).filter((consultant) => consultant.id !== user.id);
  // A consultant already chosen but beyond the first page of the list stays visible, so it can be unticked.
  const missing = user.contacts.filter((contact) => !offered.some((consultant) => consultant.id === contact.id));
  const knownNames = new Set((groups.data?.items ?? []).map((group) => group.pbi_group_name?.toLowerCase()));
  const unknownGroups = pbiGroups.filter((name) => !knownNames.has(name.toLowerCase()));

  return (
    <Stack gap="5">
      <Fieldset.Root invalid={Boolean(errors.contacts)}>
        <Fieldset.Legend>{t('userLinks.contacts')}</Fieldset.Legend>
        <Fieldset.HelperText>{t('userLinks.contactsHelp')}</Fieldset.HelperText>
        <Fieldset.Content>
          {consultants.isLoading || consultants.error ? (
            <LoadState
              status={consultants.isLoading ? 'loading' : 'error'}
              failedText={t('userLinks.loadFailed')}
              onRetry={() => void consultants.mutate()}
            />
          ) : offered.length + missing.length === 0 ? (
            <Text color="fg.muted">{t('userLinks.noContacts')}</Text>
          ) : (
            [...offered, ...missing].map((consultant) => (
              <Check
                key={consultant.id}
                checked={contacts.includes(consultant.id)}
                onChange={(checked) => onContactsChange(toggle(contacts, consultant.id, checked, (a, b) => a - b))}
              >
                {`${consultant.first_name} ${consultant.last_name}`}
              </Check>
            ))
          )}
        </Fieldset.Content>
        {errors.contacts && <Fieldset.ErrorText>{errors.contacts}</Fieldset.ErrorText>}
      </Fieldset.Root>

      {(user.contact_enable || user.clients.length > 0) && (
        <Box as="section" aria-labelledby="user-clients">
          <Text fontWeight="medium" id="user-clients" mb="1">
            {t('userLinks.clients')}
          </Text>
          {user.clients.length === 0 ? (
            <Text color="fg.muted">{t('userLinks.noClients')}</Text>
          ) : (
            <Stack as="ul" gap="1" ps="0" listStyleType="none">
              {user.clients.map((client) => (
                <li key={client.id}>
                  <Link asChild color="brand.fg">
                    <RouterLink to={detailsPath(paths.users, client.id)}>{`${client.first_name} ${client.last_name}`}</RouterLink>
                  </Link>
                </li>
              ))}
            </Stack>
          )}
        </Box>
      )}

      <Fieldset.Root invalid={Boolean(errors.pbi_groups)}>
        <Fieldset.Legend>{t('userLinks.pbiGroups')}</Fieldset.Legend>
        <Fieldset.HelperText>{t('userLinks.pbiGroupsHelp')}</Fieldset.HelperText>
        <Fieldset.Content>
          {groups.isLoading || groups.error ? (
            <LoadState
              status={groups.isLoading ? 'loading' : 'error'}
              failedText={t('userLinks.loadFailed')}
              onRetry={() => void groups.mutate()}
            />
          ) : (groups.data?.items.length ?? 0) + unknownGroups.length === 0 ? (
            <Text color="fg.muted">{t('userLinks.noGroups')}</Text>
          ) : (
            <>
              {groups.data?.items.map((group) => {
                const pbi = group.pbi_group_name;
                const chosen = pbi !== null && pbiGroups.some((name) => name.toLowerCase() === pbi.toLowerCase());
                return (
                  <Check
                    key={group.id}
                    checked={chosen}
                    disabled={pbi === null}
                    onChange={(checked) =>
                      pbi !== null &&
                      onPbiGroupsChange(
                        toggle(
                          pbiGroups.filter((name) => name.toLowerCase() !== pbi.toLowerCase()),
                          pbi,
                          checked,
                          (a, b) => a.localeCompare(b),
                        ),
                      )
                    }
                  >
                    {pbi === null ? t('userLinks.noPbiName', { name: group.name }) : t('userLinks.groupOption', { name: group.name, pbi })}
                  </Check>
                );
              })}
              {unknownGroups.map((name) => (
                <Check key={name} checked onChange={() => onPbiGroupsChange(pbiGroups.filter((chosen) => chosen !== name))}>
                  {name}
                </Check>
              ))}
            </>
          )}
        </Fieldset.Content>
        {errors.pbi_groups && <Fieldset.ErrorText>{errors.pbi_groups}</Fieldset.ErrorText>}
      </Fieldset.Root>
    </Stack>
  );
}

/** A native checkbox with its label (keyboard and screen readers for free, as the list's row selection). */
function Check({
  checked,
  disabled = false,
  onChange,
  children,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <HStack as="label" gap="2" align="center" cursor={disabled ? 'not-allowed' : 'pointer'} color={disabled ? 'fg.muted' : undefined}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        style={{ width: '1rem', height: '1rem', flexShrink: 0, accentColor: 'var(--chakra-colors-brand-solid, currentColor)' }}
      />
      <Text as="span">{children}</Text>
    </HStack>
  );
}
