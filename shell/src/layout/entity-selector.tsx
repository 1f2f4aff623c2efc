import { Box, chakra } from '@chakra-ui/react';
import type { EntityList } from '@hub/shared/api';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bothHave } from '../session/effective-rights';
import { useSessionState, useShell } from '../shell-context';

/**
 * The entity a contributor or more works on (docs/product.md §4, §6), for whoever may choose among several (an
 * administrator): kept in local storage by the session, sent as X-Entity-ID, and every mounted
 * remote is handed the new session without a reload.
 */
export function EntitySelector() {
  const { t } = useTranslation('shell');
  const { session, apis } = useShell();
  const { user, displayedUser, selectedEntityId } = useSessionState();
  const id = useId();
  // null while the list loads.
  const [entities, setEntities] = useState<EntityList['items'] | null>(null);
  const allowed = user !== null && displayedUser !== null && bothHave(user.rights, displayedUser.rights, 'contributor');
  // An administrator sees every entity, so the selector will show: its row is drawn, disabled, while
  // the list loads, so that the page does not move down under the reader when it arrives. (Another
  // contributor usually has one entity, and no selector.)
  const expected = allowed && bothHave(user.rights, displayedUser.rights, 'administrator');
  const viewer = allowed ? displayedUser.id : null;

  useEffect(() => {
    if (viewer === null) return undefined;
    let current = true;
    apis.api.get<EntityList>('/entities', { page_size: 100 }, { silent: true }).then(
      (list) => current && setEntities(list.items),
      () => current && setEntities([]),
    );
    return () => {
      current = false;
    };
  }, [apis, viewer]);

  if (!allowed || (entities === null ? !expected : entities.length < 2)) return null;
  const value = entities?.some((entity) => entity.id === selectedEntityId) ? String(selectedEntityId) : '';
  return (
    // Below 1024 px a row of its own under the header's other controls (the whole width, last in
    // order), so that at phone and tablet widths it never lies over the language switch.
    <Box
      display="flex"
      alignItems="center"
      gap="2"
      minW="0"
      order={{ base: 1, lg: 0 }}
      w={{ base: 'full', lg: 'auto' }}
      pb={{ base: '3', lg: '0' }}
    >
      <chakra.label htmlFor={id} textStyle="sm" color="fg.muted" flexShrink={0}>
        {t('entitySelector.label')}
      </chakra.label>
      <chakra.select
        id={id}
        aria-label={t('entitySelector.label')}
        value={value}
        disabled={entities === null}
        aria-busy={entities === null}
        onChange={(event) => session.setSelectedEntity(event.target.value === '' ? null : Number(event.target.value))}
        flex={{ base: '1', lg: 'initial' }}
        minW="0"
        maxW={{ base: 'none', lg: '56' }}
        h="9"
        px="2"
        borderWidth="1px"
        borderColor="border.emphasized"
        borderRadius="md"
        bg="bg"
        color="fg"
        textStyle="sm"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
      >
        <option value="">{t('entitySelector.none')}</option>
        {(entities ?? []).map((entity) => (
          <option key={entity.id} value={entity.id}>
            {entity.name}
          </option>
        ))}
      </chakra.select>
    </Box>
  );
}
