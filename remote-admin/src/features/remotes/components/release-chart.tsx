import { chakra } from '@chakra-ui/react';
import type { ReleaseFigures } from '@hub/shared/api';

const WIDTH = 120;
const HEIGHT = 36;
/** The top band where a minute with errors is marked, above the tallest bar. */
const MARK = 5;

/** The totals of a run of minutes, and the busiest minute's mounts: the chart's text alternative says them. */
export function minuteTotals(minutes: readonly ReleaseFigures[]) {
  let mounts = 0;
  let errors = 0;
  let peak = 0;
  for (const minute of minutes) {
    mounts += minute.mounts;
    errors += minute.errors;
    peak = Math.max(peak, minute.mounts);
  }
  return { mounts, errors, peak };
}

/**
 * A release's last hour, minute by minute (oldest first): mounts as bars, a minute with errors
 * marked above its bar, its height by the share of that minute's errors. An inline SVG drawn with
 * the theme's tokens (dark mode follows), read out by `label` (the totals), never by its shapes.
 */
export function ReleaseChart({ minutes, label }: { minutes: readonly ReleaseFigures[]; label: string }) {
  const step = WIDTH / Math.max(minutes.length, 1);
  const { peak } = minuteTotals(minutes);
  const scale = peak > 0 ? (HEIGHT - MARK - 1) / peak : 0;
  return (
    <chakra.svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      width="100%"
      maxWidth="12rem"
      height="2.5rem"
      display="block"
      borderBottomWidth="1px"
      borderColor="border"
    >
      <chakra.g color="brand.solid">
        {minutes.map((minute, index) =>
          minute.mounts > 0 ? (
            <rect
              key={index}
              x={index * step + step * 0.1}
              width={step * 0.8}
              y={HEIGHT - Math.max(1, minute.mounts * scale)}
              height={Math.max(1, minute.mounts * scale)}
              fill="currentColor"
            />
          ) : null,
        )}
      </chakra.g>
      <chakra.g color="fg.error" data-errors="">
        {minutes.map((minute, index) =>
          minute.errors > 0 ? (
            <rect
              key={index}
              x={index * step}
              width={step}
              y={0}
              height={Math.max(1.5, MARK * Math.min(1, minute.errors / Math.max(minute.mounts, 1)))}
              fill="currentColor"
            />
          ) : null,
        )}
      </chakra.g>
    </chakra.svg>
  );
}
