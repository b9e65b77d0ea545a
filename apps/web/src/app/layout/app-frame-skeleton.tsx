import { AppShell, Group, Skeleton, Stack, Title } from '@mantine/core';

const NAV_LINES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
const ROWS = ['1', '2', '3', '4', '5', '6'];

/**
 * What shows while the app starts (the session check, the first screen's code): the app's own frame, header
 * and menu, with grey placeholders where the menu and the screen will be, never a blank page (issue 19 §4).
 */
export function AppFrameSkeleton() {
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm' }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Title order={3} component="p">
            Backroom
          </Title>
          <Group wrap="nowrap">
            <Skeleton height={34} width={34} radius="sm" />
            <Skeleton height={34} width={220} radius="sm" />
            <Skeleton height={28} width={28} circle />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label="Main navigation (loading)">
        <Stack gap="sm">
          {NAV_LINES.map((line) => (
            <Skeleton key={line} height={14} width={line === 'a' || line === 'f' ? '40%' : '80%'} />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main aria-busy="true" data-testid="app-frame-skeleton">
        <Stack gap="md">
          <Skeleton height={28} width={260} />
          <Skeleton height={16} width="60%" />
          {ROWS.map((row) => (
            <Skeleton key={row} height={36} />
          ))}
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
