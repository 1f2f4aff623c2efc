import { Box, Spinner } from '@chakra-ui/react';
import type { RemoteName } from '@hub/shared/api';
import { WIDGET_MIN_HEIGHT_PX, type HomeWidgetId, type MountProps, type RemoteLifecycles, type RemoteProps } from '@hub/shared/remote';
import { SectionUnavailable } from '@hub/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientEventsRecorder } from './client-events';
import type { RemoteLoader } from './federated-loader';
import { RemoteMisfitError } from './remote-misfit';

/** A mount that never settles (the remote's root failed outside its own boundary) counts as failed. */
const MOUNT_TIMEOUT_MS = 15_000;

// single-spa-react keeps one root per remote name: the lifecycle calls of one remote run in turn,
// so that leaving /advices for /news-items never mounts before the previous unmount is done.
const queues = new Map<string, Promise<unknown>>();
function inTurn<T>(name: string, task: () => Promise<T>): Promise<T> {
  const run = (queues.get(name) ?? Promise.resolve()).catch(() => undefined).then(task);
  queues.set(name, run);
  return run;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export interface RemoteAreaProps {
  name: RemoteName;
  /** What the remote is mounted with; a new object is handed over with `update`. */
  props: RemoteProps;
  loader: RemoteLoader;
  /** A home widget of the remote rather than its pages: a smaller loading and failed state. */
  widget?: HomeWidgetId;
  /** Counts each mount and each failure to load or mount, for the page's release of the remote. */
  events?: ClientEventsRecorder;
}

type Status = 'loading' | 'mounted' | 'failed' | 'updating';

/** A remote's area, and a home widget's smaller cell that fills its grid row. */
const AREA = { minH: '40', h: undefined, py: '16', spinner: 'lg', host: undefined } as const;
const WIDGET = { minH: `${WIDGET_MIN_HEIGHT_PX}px`, h: 'full', py: '8', spinner: 'md', host: { height: '100%' } } as const;

/**
 * Loads a remote when its area is visited, mounts it into its own element, updates it when the
 * props change and unmounts it on leave. A failed load or mount shows "section unavailable" with a
 * Retry that really loads again; the rest of the portal is untouched.
 */
export function RemoteArea({ name, props, loader, widget, events }: RemoteAreaProps) {
  const { t } = useTranslation('common');
  const { t: tShell } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<Status>('loading');
  const size = widget ? WIDGET : AREA;
  const host = useRef<HTMLDivElement>(null);
  const latestProps = useRef(props);
  latestProps.current = props;
  const latestEvents = useRef(events);
  latestEvents.current = events;
  const mounted = useRef<{ lifecycles: RemoteLifecycles; element: HTMLElement; props: RemoteProps } | null>(null);

  useEffect(() => {
    let left = false;
    const element = document.createElement('div');
    element.dataset.remote = name;
    if (widget) {
      element.dataset.widget = widget;
      element.style.height = WIDGET.host.height;
    }
    host.current!.append(element);
    const queue = widget ? `${name}/${widget}` : name;
    setStatus('loading');

    const mountProps = (): MountProps => ({ ...latestProps.current, domElement: element });
    let lifecycles: RemoteLifecycles | null = null;
    let mountedWith: RemoteProps = latestProps.current;
    const mounting = inTurn(queue, async () => {
      lifecycles = await loader(name, { attempt, widget });
      if (left) return false;
      mountedWith = latestProps.current;
      await lifecycles.bootstrap(mountProps());
      await withTimeout(lifecycles.mount(mountProps()), MOUNT_TIMEOUT_MS, `Mounting ${name}`);
      return true;
    });
    mounting.then(
      (done) => {
        if (left || !done || !lifecycles) return;
        mounted.current = { lifecycles, element, props: mountedWith };
        latestEvents.current?.record('mount', name);
        setStatus('mounted');
      },
      (error: unknown) => {
        // A remote that does not fit this shell says which, which build and why in the console; every
        // failure (a manifest or a chunk that did not come, a refused contract, a mount that threw) is
        // counted for the remote's release (POST /api/client-events, by name and place only), since the
        // team that released it is not watching this browser.
        if (error instanceof RemoteMisfitError) console.error(error.message);
        else console.error(`The remote "${name}" could not be loaded or mounted`, error);
        latestEvents.current?.record('load-failure', name, error);
        if (!left) setStatus(error instanceof RemoteMisfitError ? 'updating' : 'failed');
      },
    );

    return () => {
      left = true;
      mounted.current = null;
      // The props this remote was mounted with: by now the latest props may be another remote's.
      const unmountProps: MountProps = { ...mountedWith, domElement: element };
      void inTurn(queue, async () => {
        // Unmount only what did mount; a failed or abandoned attempt leaves nothing to clean.
        if (await mounting.catch(() => false)) await lifecycles!.unmount(unmountProps);
      }).finally(() => element.remove());
    };
  }, [name, widget, attempt, loader]);

  useEffect(() => {
    const current = mounted.current;
    if (status !== 'mounted' || !current?.lifecycles.update || current.props === props) return;
    current.props = props;
    void current.lifecycles.update({ ...props, domElement: current.element });
  }, [props, status]);

  return (
    <Box position="relative" minH={size.minH} h={size.h}>
      {status === 'loading' ? (
        <Box display="flex" justifyContent="center" py={size.py}>
          <Spinner size={size.spinner} color="brand.solid" role="status" aria-busy="true" aria-label={t('loading')} />
        </Box>
      ) : null}
      {status === 'failed' ? <SectionUnavailable onRetry={() => setAttempt((count) => count + 1)} /> : null}
      {status === 'updating' ? (
        <SectionUnavailable
          title={tShell('remoteUpdating.title')}
          body={tShell('remoteUpdating.body')}
          onRetry={() => setAttempt((count) => count + 1)}
        />
      ) : null}
      <div ref={host} hidden={status !== 'mounted'} style={size.host} />
    </Box>
  );
}
