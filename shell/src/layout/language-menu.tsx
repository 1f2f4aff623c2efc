import { Box } from '@chakra-ui/react';
import { isLanguage, LANGUAGES } from '@hub/shared/i18n';
import { useTranslation } from 'react-i18next';
import { useLanguage, useShell } from '../shell-context';
import { MenuButton } from './menu-button';

/** The language switcher (English / Français), in the header. */
export function LanguageMenu() {
  const { t } = useTranslation('shell');
  const { language: store } = useShell();
  const language = useLanguage();
  return (
    <MenuButton
      trigger={
        <>
          {/* Below 768 px only the code shows; the label stays the button's name. */}
          <Box as="span" srOnly={{ base: true, md: false }}>
            {t('language.label')}
          </Box>
          <span aria-hidden="true">
            <Box as="span" hideBelow="md">
              ·{' '}
            </Box>
            {language.toUpperCase()}
          </span>
        </>
      }
      sections={[
        {
          items: LANGUAGES.map((option) => ({
            value: option.code,
            label: option.label,
            lang: option.i18nLang,
            checked: option.code === language,
          })),
        },
      ]}
      onSelect={(value) => isLanguage(value) && store.set(value)}
    />
  );
}
