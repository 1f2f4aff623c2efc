import { Box, Button, chakra, Flex, Stack } from '@chakra-ui/react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { withCatalogue } from '../language/with-catalogue';
import { usePreferences, useShell } from '../shell-context';
import type { InterfacePreferences } from './preferences';

type Choice = 'theme' | 'skin' | 'contentWidth' | 'navLayout' | 'navbarType';
type Toggle = 'navCollapsed' | 'navbarBlur' | 'semiDarkNav';

function CloseIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

/**
 * The interface preferences of docs/product.md §4, each kept in its cookie for 30 days: a drawer on the end side
 * (a native modal <dialog>), loaded when opened from the user menu.
 */
function Drawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  // The themes' names are the header's too.
  const { t: tShell } = useTranslation('shell');
  const { preferences: store } = useShell();
  const preferences = usePreferences();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const choices: { key: Choice; legend: string; options: { value: string; label: string }[] }[] = [
    {
      key: 'theme',
      legend: t('preferences.theme'),
      options: (['light', 'dark', 'system'] as const).map((value) => ({ value, label: tShell(`layout.${value}`) })),
    },
    {
      key: 'skin',
      legend: t('preferences.skin'),
      options: (['default', 'bordered'] as const).map((value) => ({ value, label: t(`preferences.skins.${value}`) })),
    },
    {
      key: 'contentWidth',
      legend: t('preferences.contentWidth'),
      options: (['boxed', 'full'] as const).map((value) => ({ value, label: t(`preferences.widths.${value}`) })),
    },
    {
      key: 'navLayout',
      legend: t('preferences.navLayout'),
      options: (['vertical', 'horizontal'] as const).map((value) => ({ value, label: t(`preferences.layouts.${value}`) })),
    },
    {
      key: 'navbarType',
      legend: t('preferences.navbarType'),
      options: (['sticky', 'hidden'] as const).map((value) => ({ value, label: t(`preferences.navbarTypes.${value}`) })),
    },
  ];
  const toggles: Toggle[] = ['navCollapsed', 'navbarBlur', 'semiDarkNav'];

  return (
    <chakra.dialog
      ref={ref}
      aria-labelledby={`${id}title`}
      onClose={onClose}
      onClick={(event) => event.target === event.currentTarget && onClose()}
      position="fixed"
      insetInlineEnd="0"
      insetInlineStart="auto"
      top="0"
      m="0"
      p="0"
      w="full"
      maxW="340px"
      h="100dvh"
      maxH="100dvh"
      border="none"
      bg="bg.panel"
      color="fg"
      shadow="lg"
      _backdrop={{ bg: 'blackAlpha.500' }}
    >
      <Flex direction="column" h="full">
        <Flex align="center" justify="space-between" gap="2" ps="5" pe="3" py="4" borderBottomWidth="1px">
          <Box as="h2" id={`${id}title`} fontWeight="bold" fontSize="lg">
            {t('preferences.title')}
          </Box>
          <Button variant="ghost" size="sm" px="0" aria-label={t('preferences.close')} onClick={onClose}>
            <CloseIcon />
          </Button>
        </Flex>
        <Stack gap="5" p="5" overflowY="auto" flex="1">
          {choices.map((choice) => (
            <Box as="fieldset" key={choice.key}>
              <Box as="legend" fontWeight="semibold" mb="2">
                {choice.legend}
              </Box>
              <Flex gap="4" wrap="wrap">
                {choice.options.map((option) => (
                  <chakra.label key={option.value} display="flex" alignItems="center" gap="2" cursor="pointer">
                    <input
                      type="radio"
                      name={`${id}${choice.key}`}
                      value={option.value}
                      checked={preferences[choice.key] === option.value}
                      // Hidden header and collapsed navigation are vertical-layout settings.
                      disabled={choice.key === 'navbarType' && preferences.navLayout === 'horizontal'}
                      onChange={() => store.set(choice.key, option.value as InterfacePreferences[Choice])}
                    />
                    {option.label}
                  </chakra.label>
                ))}
              </Flex>
            </Box>
          ))}
          <Stack gap="3">
            {toggles.map((key) => (
              <chakra.label key={key} display="flex" alignItems="center" gap="2" cursor="pointer">
                <input
                  type="checkbox"
                  checked={preferences[key]}
                  disabled={key !== 'navbarBlur' && preferences.navLayout === 'horizontal'}
                  onChange={(event) => store.set(key, event.target.checked)}
                />
                {t(`preferences.${key}`)}
              </chakra.label>
            ))}
          </Stack>
        </Stack>
      </Flex>
    </chakra.dialog>
  );
}

// Its strings are the 'account' namespace's, fetched with the drawer rather than carried by every page.
export default withCatalogue('account', Drawer);
