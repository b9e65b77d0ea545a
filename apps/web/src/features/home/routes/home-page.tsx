import { HOME_CARDS } from '@backroom/shared';
import {
  Alert,
  Card,
  Group,
  Kbd,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { SCAN_KINDS } from '../../../app/help/scan-formats';
import type { ScreenHelp } from '../../../app/help/screen-help';
import { type NavGroup, visibleNavigation } from '../../../app/navigation';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../auth/api';
import { ORDERS_HELP } from '../../orders/components/order-scan-help';
import { POS_HELP } from '../../orders/routes/pos/help';
import { RETURN_HELP } from '../../returns/routes/manage-inbound-return/help';
import { RETURNS_SEARCH_HELP } from '../../returns/routes/returns-search/help';
import { PRODUCT_SEARCH_HELP } from '../../search/components/product-search-help';
import { PACKING_HELP } from '../../shipping/routes/packing-station/help';
import { WAREHOUSE_HELP } from '../../warehouse/components/division-scan-help';
import { RECONDITION_HELP } from '../../warehouse/routes/recondition/help';
import { useHomeSummary } from '../api';
import { WeekChart } from '../components/week-chart';

/** One line per area, for someone on their first day. */
const AREA_HELP: Record<NavGroup['label'], string> = {
  Returns: 'Find a return, receive its items by scanning, grade them and put them in a bin.',
  Orders: 'Look up and change orders from every channel, ring up sales at the counter, see the e-mails sent.',
  Warehouse: 'Warehouses down to the bin, the label printers and their queue, packing and shipping.',
  Catalogue: 'Edit products in bulk, their attributes and the pricing events running on the channels.',
  Tools: 'Find any product by SKU, UPC, name or MPN, and scan with a camera where there is no scanner.',
  Admin: 'Accounts, users and their roles, and the shipping settings.',
};

/**
 * The screens that take scans, as each declares it beside its scan handler (the same lists the ? reference
 * shows), so the home page cannot promise a scan a screen does not take.
 */
const SCANNING_SCREENS: readonly ScreenHelp[] = [
  RETURNS_SEARCH_HELP,
  RETURN_HELP,
  ORDERS_HELP,
  POS_HELP,
  PACKING_HELP,
  WAREHOUSE_HELP,
  RECONDITION_HELP,
  PRODUCT_SEARCH_HELP,
];

/**
 * The home page (issue 19 §3): the day's work for the signed-in user's roles, each count a link to the list
 * it counts; the week's returns received and orders shipped; what each area is for and what a scan does.
 */
export function HomePage() {
  usePageTitle('Home');
  const me = useMe().data!;
  const summary = useHomeSummary();
  const groups = visibleNavigation(me.permissionGroups);
  const data = summary.data;
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Welcome, {me.user.firstName}</Title>
        <Text c="dimmed">Signed in to {me.currentAccount.name}.</Text>
      </div>

      <section aria-labelledby="home-work">
        <Title order={3} id="home-work" mb="sm">
          Today’s work
        </Title>
        {summary.isError ? (
          <Alert color="red" title="The day’s figures did not load">
            Reload the page to try again.
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {data
              ? data.cards.map((card) => (
                  <Card
                    key={card.key}
                    component={Link}
                    to={card.href}
                    withBorder
                    padding="lg"
                    data-testid={`home-card-${card.key}`}
                  >
                    <Group justify="space-between" align="baseline" wrap="nowrap">
                      <Text fw={600}>{HOME_CARDS[card.key].label}</Text>
                      <Text
                        fz={28}
                        fw={700}
                        data-testid="home-card-count"
                        c={card.count > 0 ? undefined : 'dimmed'}
                      >
                        {card.count.toLocaleString('en-US')}
                      </Text>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {HOME_CARDS[card.key].explanation}
                    </Text>
                  </Card>
                ))
              : ['first', 'second', 'third'].map((slot) => <Skeleton key={slot} height={96} radius="md" />)}
          </SimpleGrid>
        )}
      </section>

      {data && (data.week.returnsReceived || data.week.ordersShipped) && (
        <section aria-labelledby="home-week">
          <Title order={3} id="home-week" mb="sm">
            This week
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {data.week.returnsReceived && (
              <WeekChart
                title="Returned units received"
                days={data.week.days}
                counts={data.week.returnsReceived}
                testId="week-returns-received"
              />
            )}
            {data.week.ordersShipped && (
              <WeekChart
                title="Orders shipped"
                days={data.week.days}
                counts={data.week.ordersShipped}
                testId="week-orders-shipped"
              />
            )}
          </SimpleGrid>
        </section>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" component="section" aria-labelledby="home-areas">
          <Title order={3} id="home-areas" mb="xs">
            Where things are
          </Title>
          <Stack gap="xs">
            {groups.map((group) => (
              <div key={group.label}>
                <Text fw={600}>{group.items.map((item) => item.label).join(' · ')}</Text>
                <Text size="sm" c="dimmed">
                  {AREA_HELP[group.label]}
                </Text>
              </div>
            ))}
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="home-scanner">
          <Title order={3} id="home-scanner" mb="xs">
            The scanner
          </Title>
          <Text size="sm" mb="xs">
            Scan a barcode at any time: the screen you are on decides what it does. No need to click a field
            first.
          </Text>
          <List size="sm" spacing={4}>
            {SCANNING_SCREENS.map((help) => (
              <List.Item key={help.screen}>
                <Text span fw={600} size="sm">
                  {help.screen}:
                </Text>{' '}
                {[...new Set(help.scans.map((scan) => SCAN_KINDS[scan.kind].label.toLowerCase()))].join(', ')}
                .
              </List.Item>
            ))}
          </List>
          <Text size="sm" mt="xs">
            Press <Kbd>?</Kbd> on any screen for its keys and what each scan does there.
          </Text>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
