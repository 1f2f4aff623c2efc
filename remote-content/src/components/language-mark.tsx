import { Badge } from '@chakra-ui/react';
import type { ContentLanguage, TranslationState } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import { useTranslation } from 'react-i18next';

/** What a customer's call says of the language it answered in. */
export interface LanguageFacts {
  language?: ContentLanguage;
  translation_state?: TranslationState;
}

/**
 * Says when an item is not shown in the reader's language: it exists only in its source language,
 * or its translation is being brought up to date after the source changed (the source is shown).
 */
export function LanguageMark({ item }: { item: LanguageFacts }) {
  const { t } = useTranslation('content');
  const { language } = useRemoteProps();
  if (!item.language || item.language === language) return null;
  return (
    <Badge variant="outline" colorPalette="gray" lang={language}>
      {item.translation_state === 'out_of_date' ? t('language.updating') : t(`language.only_${item.language}`)}
    </Badge>
  );
}
