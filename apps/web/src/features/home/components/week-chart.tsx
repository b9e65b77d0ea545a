import { Paper, Text } from '@mantine/core';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekday = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]!;

/**
 * A count per day as small bars, the number above each, the weekday below: a week read at a glance. The
 * figures are also the chart's accessible name, so a screen reader reads them as a sentence.
 */
export function WeekChart({
  title,
  days,
  counts,
  testId,
}: {
  title: string;
  days: string[];
  counts: number[];
  testId: string;
}) {
  const max = Math.max(1, ...counts);
  const width = 280;
  const height = 120;
  const slot = width / days.length;
  const barHeight = (n: number) => Math.round((n / max) * (height - 40));
  const total = counts.reduce((sum, n) => sum + n, 0);
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed">
        {total} in the last 7 days
      </Text>
      <svg
        role="img"
        aria-label={`${title}: ${days.map((day, i) => `${weekday(day)} ${counts[i]}`).join(', ')}`}
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        style={{ maxWidth: 360, display: 'block', marginTop: 8 }}
      >
        {days.map((day, i) => {
          const n = counts[i] ?? 0;
          const x = i * slot + slot * 0.2;
          const h = barHeight(n);
          return (
            <g key={day} data-testid={`${testId}-${day}`}>
              <rect
                x={x}
                y={height - 20 - h}
                width={slot * 0.6}
                height={h}
                rx={2}
                fill={i === days.length - 1 ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-blue-4)'}
              />
              <text
                x={x + slot * 0.3}
                y={height - 24 - h}
                textAnchor="middle"
                fontSize="11"
                fill="currentColor"
              >
                {n}
              </text>
              <text x={x + slot * 0.3} y={height - 4} textAnchor="middle" fontSize="11" fill="currentColor">
                {weekday(day)}
              </text>
            </g>
          );
        })}
      </svg>
    </Paper>
  );
}
