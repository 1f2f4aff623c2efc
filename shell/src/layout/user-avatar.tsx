import { Box, chakra } from '@chakra-ui/react';
import { initials, type User } from '@hub/shared/api';

/** The profile image, or the initials in a brand-coloured circle: decorative, the name says who it is. */
export function UserAvatar({ user }: { user: User }) {
  return (
    <Box
      as="span"
      aria-hidden="true"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      flexShrink={0}
      boxSize="6"
      borderRadius="full"
      overflow="hidden"
      bg="brand.solid"
      color="brand.contrast"
      fontSize="2xs"
      fontWeight="semibold"
      lineHeight="1"
    >
      {user.profile_image ? <chakra.img src={user.profile_image.url} alt="" boxSize="full" objectFit="cover" /> : initials(user)}
    </Box>
  );
}
