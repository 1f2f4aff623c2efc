import { Button } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The button shows once the page has scrolled more than this (docs/product.md §9). */
export const SCROLL_TOP_THRESHOLD_PX = 200;

export const showsScrollToTop = (scrollY: number) => scrollY > SCROLL_TOP_THRESHOLD_PX;

function ArrowUpIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 19V5M5 12l7-7 7 7" />
    </svg>
  );
}

/** Scroll-to-top (docs/product.md §2): appears past 200 px, scrolls smoothly back up; a named, focusable button. */
export function ScrollToTop() {
  const { t } = useTranslation('shell');
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(showsScrollToTop(window.scrollY));
    window.addEventListener('scroll', onScroll, { passive: true });
    // Reading scrollY lays the page out. Read at mount, it made the browser lay out the whole new
    // page inside the script's task, adding to a phone's blocking time
    // (docs/journal/2026-11-28-dates-formatted-once.md);
    // read in the next frame, it is the layout the frame does anyway.
    const frame = requestAnimationFrame(onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  if (!shown) return null;
  return (
    <Button
      position="fixed"
      bottom="6"
      insetInlineEnd="6"
      zIndex="overlay"
      colorPalette="brand"
      borderRadius="full"
      size="md"
      px="0"
      shadow="md"
      aria-label={t('layout.scrollTop')}
      title={t('layout.scrollTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUpIcon />
    </Button>
  );
}
