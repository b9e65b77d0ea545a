import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { visibleNavigation } from '../../../app/navigation';
import { useMe } from '../../auth/api';

export function HomePage() {
  const me = useMe().data!;
  const groups = visibleNavigation(me.permissionGroups);
  return (
    <Stack>
      <Title order={2}>Welcome, {me.user.firstName}</Title>
      <Text c="dimmed">
        Signed in to {me.currentAccount.name}. Scan a barcode at any time: the screen you are on decides what
        it does.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {groups.flatMap((group) =>
          group.items.map((item) => (
            <Card key={item.path} component={Link} to={item.path} withBorder padding="lg">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {group.label}
              </Text>
              <Text fw={600}>{item.label}</Text>
            </Card>
          )),
        )}
      </SimpleGrid>
    </Stack>
  );
}
