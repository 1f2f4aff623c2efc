import { Box, Button, type ButtonProps } from '@chakra-ui/react';
import { Fragment, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuButtonItem {
  value: string;
  label: string;
  /** Set for a choice among several (a theme, a language): the item becomes a `menuitemradio`. */
  checked?: boolean;
  lang?: string;
}

export interface MenuButtonSection {
  /** Names the section's `group`; sections are separated by a rule. */
  label?: string;
  items: MenuButtonItem[];
}

interface MenuButtonProps {
  /** The trigger's content; it names the button. */
  trigger: ReactNode;
  triggerProps?: Omit<ButtonProps, 'children' | 'onClick' | 'onKeyDown'>;
  sections: MenuButtonSection[];
  onSelect: (value: string) => void;
  /** The gap between the trigger and the menu, in px (horizontal navigation: 6, docs/product.md §9). */
  offset?: number;
  /** Which edge of the trigger the menu lines up with. */
  align?: 'start' | 'end';
}

type Focus = 'first' | 'last' | null;

function CheckIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}

/**
 * A button that opens a menu, after the WAI-ARIA menu button pattern
 * (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/): plain elements instead of Chakra's Menu,
 * whose state machine weighs more than the rest of the header. The list stays in the document,
 * `hidden` while closed, so that `aria-controls` always points at it.
 */
export function MenuButton({ trigger, triggerProps, sections, onSelect, offset = 4, align = 'end' }: MenuButtonProps) {
  const id = useId();
  const menuId = `${id}menu`;
  const triggerId = `${id}trigger`;
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);

  function show(where: Focus) {
    setOpen(true);
    setFocus(where);
  }

  function hide(refocus: boolean) {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  }

  // Focus moves once the list is shown (it cannot take focus while `hidden`).
  useEffect(() => {
    if (!open || !focus) return;
    const all = items();
    (focus === 'first' ? all[0] : all[all.length - 1])?.focus();
    setFocus(null);
  }, [open, focus]);

  // A press anywhere else closes the menu, leaving focus where the person put it.
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      show('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      show('last');
    }
  }

  function select(value: string) {
    hide(true);
    onSelect(value);
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => all[(to + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index < 0 ? -1 : index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(-1);
        break;
      case 'Escape':
        hide(true);
        break;
      case 'Enter':
      case ' ': {
        const value = all[index]?.dataset.value;
        if (value !== undefined) select(value);
        break;
      }
      case 'Tab':
        // Focus goes on to the next control on its own.
        setOpen(false);
        return;
      default: {
        // Type-ahead: the next item whose label starts with the typed character.
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        const char = event.key.toLocaleLowerCase();
        const ordered = [...all.slice(index + 1), ...all.slice(0, index + 1)];
        ordered.find((item) => item.textContent?.trim().toLocaleLowerCase().startsWith(char))?.focus();
        break;
      }
    }
    event.preventDefault();
  }

  const hasRadio = sections.some((section) => section.items.some((item) => item.checked !== undefined));

  return (
    <Box ref={rootRef} position="relative">
      <Button
        variant="ghost"
        size="sm"
        {...triggerProps}
        ref={triggerRef}
        id={triggerId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? hide(false) : show('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </Button>
      <Box
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={triggerId}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        position="absolute"
        top={`calc(100% + ${offset}px)`}
        insetInlineEnd={align === 'end' ? '0' : undefined}
        insetInlineStart={align === 'start' ? '0' : undefined}
        zIndex="dropdown"
        minW="48"
        maxW="calc(100vw - 1.5rem)"
        p="1"
        bg="bg.panel"
        color="fg"
        borderWidth="1px"
        borderRadius="l2"
        shadow="md"
        textStyle="sm"
      >
        {sections.map((section, sectionIndex) => {
          const labelId = `${id}section${sectionIndex}`;
          const list = section.items.map((item) => (
            <Box
              key={item.value}
              role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={item.checked}
              tabIndex={-1}
              data-value={item.value}
              lang={item.lang}
              onClick={() => select(item.value)}
              onPointerMove={(event) => event.currentTarget.focus()}
              display="flex"
              alignItems="center"
              gap="2"
              px="2"
              py="1.5"
              borderRadius="l1"
              cursor="pointer"
              userSelect="none"
              fontWeight={item.checked ? 'semibold' : undefined}
              outline="none"
              _hover={{ bg: 'bg.muted' }}
              _focus={{ bg: 'bg.muted' }}
            >
              {hasRadio ? (
                <Box as="span" display="inline-flex" w="3.5" flexShrink={0} color="brand.fg">
                  {item.checked ? <CheckIcon /> : null}
                </Box>
              ) : null}
              {item.label}
            </Box>
          ));
          return (
            <Fragment key={section.label ?? sectionIndex}>
              {sectionIndex > 0 ? <Box role="separator" my="1" mx="-1" borderTopWidth="1px" /> : null}
              {section.label ? (
                <Box role="group" aria-labelledby={labelId}>
                  <Box id={labelId} px="2" py="1.5" fontWeight="semibold" color="fg.muted" textStyle="xs">
                    {section.label}
                  </Box>
                  {list}
                </Box>
              ) : (
                list
              )}
            </Fragment>
          );
        })}
      </Box>
    </Box>
  );
}
