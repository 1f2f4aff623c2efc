import { ChakraProvider } from '@chakra-ui/react';
import { createHubSystem } from '@hub/shared/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MenuButton, type MenuButtonSection } from './menu-button';

const sections: MenuButtonSection[] = [
  { items: [{ value: 'profile', label: 'My profile' }] },
  {
    label: 'Theme',
    items: [
      { value: 'light', label: 'Light', checked: true },
      { value: 'dark', label: 'Dark', checked: false },
    ],
  },
  { items: [{ value: 'sign-out', label: 'Sign out' }] },
];

function renderMenu() {
  const selected: string[] = [];
  render(
    <ChakraProvider value={createHubSystem({ preflight: false })}>
      <MenuButton trigger="Account" sections={sections} onSelect={(value) => selected.push(value)} />
      <button type="button">Elsewhere</button>
    </ChakraProvider>,
  );
  const trigger = screen.getByRole('button', { name: 'Account' });
  return { selected, trigger };
}

describe('MenuButton', () => {
  it('should start closed, its list hidden but controlled by the trigger', () => {
    const { trigger } = renderMenu();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
    const menu = screen.getByRole('menu', { hidden: true });
    expect(trigger).toHaveAttribute('aria-controls', menu.id);
  });

  it('should open on ArrowDown with focus on the first item, then move with the arrows, Home and End', async () => {
    const { trigger } = renderMenu();
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Account' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'My profile' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Light' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My profile' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'My profile' })).toHaveFocus();
    await userEvent.keyboard('d');
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveFocus();
  });

  it('should open on ArrowUp with focus on the last item', async () => {
    const { trigger } = renderMenu();
    trigger.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
  });

  it('should close on Escape and give focus back to the trigger, choosing nothing', async () => {
    const { trigger, selected } = renderMenu();
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'My profile' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
    expect(selected).toEqual([]);
  });

  it('should call back with the item chosen by Enter or Space, close and refocus the trigger', async () => {
    const { trigger, selected } = renderMenu();
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(selected).toEqual(['dark']);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await userEvent.keyboard(' ');
    expect(selected).toEqual(['dark', 'sign-out']);
  });

  it('should call back with a clicked item', async () => {
    const { trigger, selected } = renderMenu();
    await userEvent.click(trigger);
    expect(screen.getByRole('menuitem', { name: 'My profile' })).toHaveFocus();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(selected).toEqual(['sign-out']);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('should mark the current choice of a group', async () => {
    const { trigger } = renderMenu();
    await userEvent.click(trigger);
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(group).toContainElement(screen.getByRole('menuitemradio', { name: 'Light', checked: true }));
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getAllByRole('separator')).toHaveLength(2);
  });

  it('should close on a press outside and on Tab, choosing nothing', async () => {
    const { trigger, selected } = renderMenu();
    await userEvent.click(trigger);
    await userEvent.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(trigger);
    expect(screen.getByRole('menu')).toBeVisible();
    await userEvent.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(selected).toEqual([]);
  });

  it('should close when its trigger is pressed again', async () => {
    const { trigger } = renderMenu();
    await userEvent.click(trigger);
    await userEvent.click(trigger);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
