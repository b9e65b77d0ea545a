import {
  AppShell,
  Avatar,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Select,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRef } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useLogout, useMe, useSwitchAccount } from '../../features/auth/api';
import { CameraScanButton } from '../../features/camera/components/camera-scan-button';
import { ScreenHelpProvider } from '../help/screen-help';
import { ShortcutReference } from '../help/shortcut-reference';
import { NAVIGATION, type NavItem, visibleNavigation } from '../navigation';
import {
  HEADER_HEIGHT,
  NARROW_TOAST_GAP,
  NAVBAR_WIDTH,
  TOAST_MARGIN,
  useToastRegionHeight,
} from './toast-region';
import { useRouteFocus } from './use-route-focus';

/** '/warehouse' is active on a warehouse's own page too, but not on the Print Queue that sits below it. */
function isActive(item: NavItem, pathname: string): boolean {
  if (pathname === item.path) return true;
  if (!pathname.startsWith(`${item.path}/`)) return false;
  return (
    !item.exact || !NAVIGATION.some((g) => g.items.some((i) => i !== item && pathname.startsWith(i.path)))
  );
}

export function AppLayout() {
  const [opened, { toggle }] = useDisclosure();
  const me = useMe().data!;
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const switchAccount = useSwitchAccount();
  const groups = visibleNavigation(me.permissionGroups);
  const initials = `${me.user.firstName[0] ?? ''}${me.user.lastName[0] ?? ''}`;
  const mainRef = useRef<HTMLElement>(null);
  useRouteFocus(mainRef);
  const toastHeight = useToastRegionHeight();

  return (
    <ScreenHelpProvider>
      <AppShell
        // Below the sidebar's breakpoint the header holds the toasts shown under its own row (toast-region.ts).
        header={{
          height: {
            base: HEADER_HEIGHT + (toastHeight > 0 ? toastHeight + 2 * NARROW_TOAST_GAP : 0),
            sm: HEADER_HEIGHT,
          },
        }}
        navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        {/* The browser moves focus to <main> (tabIndex -1): the next Tab is the screen's first control. */}
        <a href="#main-content" className="skip-link" data-skip-link>
          Skip to content
        </a>
        <AppShell.Header>
          <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap">
            <Group wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label="Toggle navigation"
              />
              {/* On a phone the name is shortened so the header's controls all fit (the user menu went off the edge). */}
              <Link to="/" aria-label="Backroom" style={{ textDecoration: 'none', color: 'inherit' }}>
                <Title order={3} visibleFrom="xs">
                  Backroom
                </Title>
                <Title order={3} hiddenFrom="xs" aria-hidden="true">
                  BR
                </Title>
              </Link>
            </Group>
            <Group wrap="nowrap" gap="xs">
              <ShortcutReference />
              <CameraScanButton />
              <Select
                aria-label="Account"
                data-testid="account-switcher"
                w={{ base: 120, xs: 220 }}
                allowDeselect={false}
                data={me.accounts.map((a) => ({ value: String(a.id), label: a.name }))}
                value={String(me.currentAccount.id)}
                disabled={me.accounts.length < 2 || switchAccount.isPending}
                onChange={(value) =>
                  value && switchAccount.mutate(Number(value), { onSuccess: () => navigate('/') })
                }
              />
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <UnstyledButton aria-label="User menu">
                    <Group gap="xs" wrap="nowrap">
                      <Avatar radius="xl" size="sm" color="indigo">
                        {initials}
                      </Avatar>
                      <Text size="sm" visibleFrom="md">
                        {me.user.firstName} {me.user.lastName}
                      </Text>
                    </Group>
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{me.user.email}</Menu.Label>
                  <Menu.Item component={Link} to="/admin/accounts-users">
                    My user
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/login') })}
                  >
                    Log out
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="xs" aria-label="Main navigation">
          <AppShell.Section grow component={ScrollArea} mih={0}>
            {groups.map((group) => (
              <div key={group.label}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
                  {group.label}
                </Text>
                {group.items.map((item) => (
                  <NavLink
                    key={item.path}
                    component={Link}
                    to={item.path}
                    label={item.label}
                    active={isActive(item, location.pathname)}
                  />
                ))}
              </div>
            ))}
          </AppShell.Section>
          {/* Kept free for the toasts (toast-region.ts): the links above scroll instead of hiding under them. */}
          <div
            data-testid="toast-reserve"
            style={{ flex: 'none', height: toastHeight > 0 ? toastHeight + 2 * TOAST_MARGIN - 10 : 0 }}
          />
        </AppShell.Navbar>

        <AppShell.Main id="main-content" ref={mainRef} tabIndex={-1} style={{ outline: 'none' }}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </ScreenHelpProvider>
  );
}
