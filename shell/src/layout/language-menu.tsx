import { Button, Menu, Portal } from '@chakra-ui/react';
import { isLanguage, LANGUAGES } from '@hub/shared/i18n';
import { useTranslation } from 'react-i18next';
import { useLanguage, useShell } from '../shell-context';

/** The language switcher (English / Français), in the header. */
export function LanguageMenu() {
  const { t } = useTranslation('shell');
  const { language: store } = useShell();
  const language = useLanguage();
  return (
    <Menu.Root onSelect={({ value }) => isLanguage(value) && store.set(value)}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm">
          {t('language.label')}
          <span aria-hidden="true">· {language.toUpperCase()}</span>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {LANGUAGES.map((option) => (
              <Menu.Item key={option.code} value={option.code} lang={option.i18nLang} fontWeight={option.code === language ? 'bold' : undefined}>
                {option.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
