import { createContext, useContext } from 'react';
import type { RemoteProps } from './contract';

export const RemotePropsContext = createContext<RemoteProps | null>(null);

/** The props the shell mounted this remote with: session, API clients, notify, language. */
export function useRemoteProps(): RemoteProps {
  const props = useContext(RemotePropsContext);
  if (!props) throw new Error('useRemoteProps must be used inside a mounted remote');
  return props;
}
