import type { MouseEvent, ReactNode } from 'react';
import { useRemoteProps } from './remote-context';

/**
 * The height a widget's cell keeps, loading or loaded: the shell's placeholder and the widget's card
 * agree on it, so that nothing below moves when a widget arrives (cumulative layout shift).
 */
export const WIDGET_MIN_HEIGHT_PX = 224;

/**
 * A home widget's look, in plain CSS on the design system's variables (the shell's Chakra theme
 * defines them on the page), so that a widget follows the theme, dark mode included, without
 * loading a second copy of the design system on /home.
 */
const CSS = `
.hub-widget{box-sizing:border-box;height:100%;min-height:${WIDGET_MIN_HEIGHT_PX}px;padding:20px;background:var(--chakra-colors-bg-panel,#fff);color:var(--chakra-colors-fg,#1f2733);border:1px solid var(--chakra-colors-border,#dde3ea);border-radius:var(--chakra-radii-lg,8px)}
.hub-widget h2{margin:0 0 12px;font-size:1.125rem;line-height:1.5rem;font-weight:600}
.hub-widget ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:12px}
.hub-widget a{color:var(--chakra-colors-brand-fg,#0a6aa0);font-weight:500;text-decoration:none;border-radius:2px}
.hub-widget a:hover{text-decoration:underline}
.hub-widget a:focus-visible{outline:2px solid var(--chakra-colors-brand-focus-ring,currentColor);outline-offset:2px}
.hub-widget .hub-widget-muted{margin:2px 0 0;color:var(--chakra-colors-fg-muted,#5f6b7a);font-size:.875rem;line-height:1.25rem}
.hub-widget .hub-widget-footer{margin:16px 0 0}
`;

/** A widget's card: its heading, its body, and a link to the full page. */
export function WidgetFrame({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more: { to: string; label: string };
  children: ReactNode;
}) {
  const headingId = `hub-widget-${id}`;
  return (
    <section className="hub-widget" aria-labelledby={headingId}>
      {/* React 19 hoists this into <head> once, whatever the number of widgets. */}
      <style href="hub-widgets" precedence="default">
        {CSS}
      </style>
      <h2 id={headingId}>{title}</h2>
      {children}
      <p className="hub-widget-footer">
        <WidgetLink to={more.to}>{more.label}</WidgetLink>
      </p>
    </section>
  );
}

/** A link inside the portal: a real href (new tab, copy), the shell's navigation on a plain click. */
export function WidgetLink({ to, children }: { to: string; children: ReactNode }) {
  const { navigate } = useRemoteProps();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick}>
      {children}
    </a>
  );
}

/** The body's loading, failed and empty states, announced politely to screen readers. */
export function WidgetStatus({ children }: { children: ReactNode }) {
  return (
    <p className="hub-widget-muted" role="status">
      {children}
    </p>
  );
}
