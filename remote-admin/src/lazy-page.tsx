import { Box } from '@chakra-ui/react';
import { LoadState } from '@hub/shared/ui';
import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A console page loaded with its route (`React.lazy`): a list page downloads its own console only,
 * not the other consoles' code. While the chunk arrives, the loading placeholder of the pages holds
 * the place; a chunk that fails to load reaches the remote's error boundary (retry).
 */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage(props: Props) {
    return (
      <Suspense
        fallback={
          <Box p={{ base: '3', md: '6' }}>
            <LoadState status="loading" minHeight="20rem" />
          </Box>
        }
      >
        <Page {...props} />
      </Suspense>
    );
  };
}
