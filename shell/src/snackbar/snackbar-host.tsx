import { LIMITS } from '@hub/shared/api';
import type { NotificationKind } from '@hub/shared/remote';
import { useEffect, useState, type CSSProperties } from 'react';
import type { SnackbarBus, SnackbarMessage } from './snackbar-bus';

const COLOURS: Record<NotificationKind, string> = {
  success: '#1a7a43', // white on it: 5.3:1 (#1f8a4c gave 4.37:1)
  error: '#c62828',
  warning: '#b26a00',
  info: '#0c6aa0',
};

const placement: CSSProperties = {
  position: 'fixed',
  top: 16,
  insetInlineEnd: 16,
  zIndex: 2000,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  maxWidth: 'min(420px, calc(100vw - 32px))',
  pointerEvents: 'none',
};

/**
 * The global snackbar (docs/product.md §2): top-end, flat, coloured by kind, each message closing after
 * 2000 ms. Plain elements rather than Chakra, so that /login can show it without the design system.
 */
export function SnackbarHost({ bus, timeoutMs = LIMITS.snackbarTimeoutMs }: { bus: SnackbarBus; timeoutMs?: number }) {
  const [messages, setMessages] = useState<SnackbarMessage[]>([]);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const unsubscribe = bus.subscribe((message) => {
      setMessages((shown) => [...shown, message]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setMessages((shown) => shown.filter((item) => item.id !== message.id));
      }, timeoutMs);
      timers.add(timer);
    });
    return () => {
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [bus, timeoutMs]);

  return (
    <div data-placement="top-end" style={placement}>
      {messages.map((message) => (
        <div
          key={message.id}
          role="status"
          aria-live={message.kind === 'error' ? 'assertive' : 'polite'}
          data-kind={message.kind}
          style={{
            background: COLOURS[message.kind],
            color: '#fff',
            padding: '12px 16px',
            borderRadius: 6,
            font: '500 14px/1.4 system-ui, sans-serif',
            pointerEvents: 'auto',
          }}
        >
          {message.message}
        </div>
      ))}
    </div>
  );
}
