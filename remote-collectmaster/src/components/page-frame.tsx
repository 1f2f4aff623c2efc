import { Box, Heading, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from './breadcrumbs';

/** A collectmaster page: breadcrumbs, the title (h1), the page's buttons, then its body. */
export function PageFrame({
  title,
  crumbs,
  actions,
  children,
}: {
  title: string;
  crumbs: readonly Crumb[];
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box as="section" p={{ base: '3', md: '6' }} minW="0">
      {crumbs.length > 0 ? <Breadcrumbs crumbs={crumbs} /> : null}
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }} gap="3" mb="4">
        <Heading as="h1" size="2xl" wordBreak="break-word">
          {title}
        </Heading>
        {actions ? (
          <HStack gap="2" flexWrap="wrap">
            {actions}
          </HStack>
        ) : null}
      </Stack>
      {children}
    </Box>
  );
}
