import { Badge, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { NavItem } from './nav-items';

/**
 * What a navigation link says, in the bar and in the menu alike: its label, the pending messages
 * on "contact", and an item's count (the link's name says the count in words).
 */
export function NavItemLabel({ item, pending }: { item: NavItem; pending: number }) {
  const { t } = useTranslation('shell');
  return (
    <>
      {item.count ? <span aria-hidden="true">{t(`nav.${item.label}`)}</span> : t(`nav.${item.label}`)}
      {item.label === 'contact' && pending > 0 ? (
        <Badge ms="2" colorPalette="orange" variant="solid" aria-label={t('nav.pendingMessages', { count: pending })}>
          {pending}
        </Badge>
      ) : null}
      {item.count ? (
        <>
          <Badge ms="2" colorPalette="orange" variant="solid" aria-hidden="true">
            {item.count}
          </Badge>
          {/* The visible label and number are the short form of the link's name. */}
          <VisuallyHidden>{t('nav.collectmasterToReview', { count: item.count })}</VisuallyHidden>
        </>
      ) : null}
    </>
  );
}
