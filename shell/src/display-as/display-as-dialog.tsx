import { Box, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import type { AdminUserList, AdminUserListItem } from '@hub/shared/api';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withCatalogue } from '../language/with-catalogue';
import { roleLabel } from '../profile/role-label';
import { useShell } from '../shell-context';
import { startDisplayAs } from './start-display-as';

/** Users per page of the search (the server pages; docs/product.md §7 GET /api/admin/users/get/displayas/). */
export const DISPLAY_AS_PAGE_SIZE = 8;
const SEARCH_DELAY_MS = 250;

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'done'; list: AdminUserList };

const fullName = (user: Pick<AdminUserListItem, 'first_name' | 'last_name'>) => `${user.first_name} ${user.last_name}`;

/**
 * "Display as" (docs/product.md §1, §4): an administrator searches a user (name or email, paged by the server),
 * chooses the mode and starts. A modal native <dialog>, loaded on demand from the user menu.
 */
function Dialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  // Its title is the band's too.
  const { t: tShell } = useTranslation('shell');
  const services = useShell();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const modeName = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [chosen, setChosen] = useState<AdminUserListItem | null>(null);
  const [unpublished, setUnpublished] = useState(false);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  useEffect(() => {
    let current = true;
    setLoad({ status: 'loading' });
    const timer = setTimeout(() => {
      services.apis.adminApi
        .get<AdminUserList>(
          '/users/get/displayas/',
          { search: search.trim() || undefined, page, page_size: DISPLAY_AS_PAGE_SIZE },
          { silent: true },
        )
        .then(
          (list) => current && setLoad({ status: 'done', list }),
          () => current && setLoad({ status: 'failed' }),
        );
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [services, search, page]);

  async function start() {
    if (!chosen) return;
    setStarting(true);
    const started = await startDisplayAs(services, chosen.id, unpublished);
    setStarting(false);
    // A refused start changes nothing and says nothing (docs/product.md §4); the dialog stays as it was.
    if (started) onClose();
  }

  const pages = load.status === 'done' ? Math.max(1, Math.ceil(load.list.total / DISPLAY_AS_PAGE_SIZE)) : 1;

  return (
    <chakra.dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => event.target === event.currentTarget && onClose()}
      position="fixed"
      inset="0"
      m="auto"
      p="0"
      w="calc(100% - 2rem)"
      maxW="560px"
      maxH="calc(100dvh - 2rem)"
      overflowY="auto"
      border="none"
      borderRadius="lg"
      bg="bg.panel"
      color="fg"
      shadow="lg"
      _backdrop={{ bg: 'blackAlpha.600' }}
    >
      <Stack gap="4" p={{ base: '4', md: '6' }}>
        <Flex align="center" justify="space-between" gap="2">
          <Box as="h2" id={titleId} fontWeight="bold" fontSize="lg">
            {tShell('displayAs.title')}
          </Box>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('displayAs.close')}
          </Button>
        </Flex>

        <Box>
          <chakra.label htmlFor={`${titleId}search`} display="block" fontWeight="medium" mb="1">
            {t('displayAs.search')}
          </chakra.label>
          <chakra.input
            id={`${titleId}search`}
            type="search"
            value={search}
            autoComplete="off"
            // The search is what one comes for: focused when the dialog opens.
            autoFocus
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            w="full"
            px="3"
            py="2"
            borderWidth="1px"
            borderColor="border.emphasized"
            borderRadius="md"
            bg="bg"
            color="fg"
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
          />
        </Box>

        <Box as="fieldset" minH="12">
          <Box as="legend" srOnly>
            {t('displayAs.users')}
          </Box>
          {load.status === 'loading' ? <Text color="fg.muted">{t('displayAs.searching')}</Text> : null}
          {load.status === 'failed' ? <Text color="fg.error">{t('displayAs.loadFailed')}</Text> : null}
          {load.status === 'done' && load.list.items.length === 0 ? <Text color="fg.muted">{t('displayAs.noResult')}</Text> : null}
          {load.status === 'done' ? (
            <Stack gap="1">
              {load.list.items.map((user) => (
                <chakra.label
                  key={user.id}
                  display="flex"
                  alignItems="center"
                  gap="3"
                  px="2"
                  py="1.5"
                  borderRadius="md"
                  cursor="pointer"
                  _hover={{ bg: 'bg.muted' }}
                >
                  <input type="radio" name={`${titleId}user`} checked={chosen?.id === user.id} onChange={() => setChosen(user)} />
                  <Box as="span">
                    <Box as="span" fontWeight="medium" display="block">
                      {fullName(user)}
                    </Box>
                    <Box as="span" color="fg.muted" textStyle="sm">
                      {user.email}
                      {user.entity ? ` · ${user.entity.name}` : ''}
                      {` · ${tShell(`roles.${roleLabel(user)}`)}`}
                    </Box>
                  </Box>
                </chakra.label>
              ))}
            </Stack>
          ) : null}
        </Box>

        {pages > 1 ? (
          <Flex align="center" justify="space-between" gap="2">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('displayAs.previous')}
            </Button>
            <Text textStyle="sm" aria-live="polite">
              {t('displayAs.page', { page, pages })}
            </Text>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {t('displayAs.next')}
            </Button>
          </Flex>
        ) : null}

        <Box as="fieldset">
          <Box as="legend" fontWeight="medium" mb="1">
            {t('displayAs.mode')}
          </Box>
          <Flex gap="4" wrap="wrap">
            <chakra.label display="flex" alignItems="center" gap="2">
              <input type="radio" name={modeName} checked={!unpublished} onChange={() => setUnpublished(false)} />
              {t('displayAs.standard')}
            </chakra.label>
            <chakra.label display="flex" alignItems="center" gap="2">
              <input type="radio" name={modeName} checked={unpublished} onChange={() => setUnpublished(true)} />
              {t('displayAs.unpublished')}
            </chakra.label>
          </Flex>
        </Box>

        <Flex justify="flex-end" gap="2" wrap="wrap">
          <Button variant="outline" onClick={onClose}>
            {t('displayAs.cancel')}
          </Button>
          <Button colorPalette="brand" disabled={!chosen} loading={starting} onClick={() => void start()}>
            {chosen ? t('displayAs.start', { name: fullName(chosen) }) : t('displayAs.choose')}
          </Button>
        </Flex>
      </Stack>
    </chakra.dialog>
  );
}

// Its strings are the 'account' namespace's, fetched with the dialog rather than carried by every page.
export default withCatalogue('account', Dialog);
