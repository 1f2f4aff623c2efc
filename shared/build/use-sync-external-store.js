// What `use-sync-external-store/shim` gives its users (react-i18next, SWR), in every build
// (./webpack.cjs, resolve.alias): React's own hook. The shim exists for React before 18, and on
// React 18 and later its code only hands over to this hook; we run React 19.
export { useSyncExternalStore } from 'react';
