import { Box, Button } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The palette's code (and its catalogue) is fetched on first use: /home's JavaScript stays within its budget.
const SearchPalette = lazy(() => import(/* webpackChunkName: "search-palette" */ './search-palette'));

function SearchIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/**
 * The header's search (docs/product.md §11): a field-like button from 768 px, an icon button on a
 * phone; both, and Ctrl+K / ⌘K anywhere, open the search palette.
 */
export function SearchTrigger() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // Back to the button once the palette has closed.
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      <Button
        ref={buttonRef}
        data-hub-search=""
        variant="outline"
        size="sm"
        px={{ base: '2', md: '3' }}
        color="fg.muted"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpen(true)}
      >
        <SearchIcon />
        {/* Below 768 px only the icon shows; the label stays the button's name (its visible text above). */}
        <Box as="span" srOnly={{ base: true, md: false }}>
          {t('searchTrigger.label')}
        </Box>
        <Box as="kbd" hideBelow="lg" aria-hidden="true" fontSize="xs" fontFamily="inherit" borderWidth="1px" borderRadius="sm" px="1">
          {t('searchTrigger.shortcut')}
        </Box>
      </Button>
      <Suspense fallback={null}>{open ? <SearchPalette onClose={() => setOpen(false)} /> : null}</Suspense>
    </>
  );
}
