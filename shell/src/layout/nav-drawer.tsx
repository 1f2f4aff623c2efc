import { Box, Button, chakra, Flex } from '@chakra-ui/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface NavDrawerProps {
  open: boolean;
  /** Called when the drawer closes by itself: Escape, the close button, a press on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
}

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
 * The overlay navigation below the `xl` breakpoint: a native `<dialog>` opened with `showModal()`,
 * which brings the focus trap, Escape, the inert page behind and the return of focus without
 * Chakra's Drawer and its state machine.
 */
export function NavDrawer({ open, onClose, title, closeLabel, children }: NavDrawerProps) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
    if (!open) return undefined;
    // A modal dialog makes the page inert but does not stop it scrolling under the backdrop.
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      document.documentElement.style.overflow = overflow;
    };
  }, [open]);

  return (
    <chakra.dialog
      ref={ref}
      aria-labelledby={titleId}
      // Escape and close() both end in 'close'; a press on the backdrop reaches the dialog itself,
      // since its content fills it.
      onClose={onClose}
      onClick={(event) => event.target === event.currentTarget && onClose()}
      position="fixed"
      insetInlineStart="0"
      insetInlineEnd="auto"
      top="0"
      m="0"
      p="0"
      w="full"
      maxW="280px"
      h="100dvh"
      maxH="100dvh"
      border="none"
      bg="bg.panel"
      color="fg"
      shadow="lg"
      _backdrop={{ bg: 'blackAlpha.500' }}
      // Slides in only for those who have not asked for less motion.
      _motionSafe={{
        _open: { animationName: 'slide-from-left-full', animationDuration: 'moderate', animationTimingFunction: 'ease-out' },
        _backdrop: { animationName: 'fade-in', animationDuration: 'moderate' },
      }}
    >
      <Flex direction="column" h="full">
        <Flex align="center" justify="space-between" gap="2" ps="6" pe="3" py="4">
          <Box as="h2" id={titleId} fontWeight="bold" fontSize="lg" color="brand.fg">
            {title}
          </Box>
          <Button variant="ghost" size="sm" px="0" aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </Button>
        </Flex>
        <Box flex="1" overflowY="auto">
          {children}
        </Box>
      </Flex>
    </chakra.dialog>
  );
}
