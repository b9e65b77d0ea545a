import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Stack align="flex-start">
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">There is no screen at this address.</Text>
      <Button component={Link} to="/">
        Go to the start page
      </Button>
    </Stack>
  );
}
