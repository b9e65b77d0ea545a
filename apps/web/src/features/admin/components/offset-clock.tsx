import { formatInOffset, utcOffsetLabel } from '@backroom/shared';
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** "The account form shows the current time in the chosen UTC offset." */
export function OffsetClock({ offset }: { offset: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text size="sm" c="dimmed" data-testid="account-current-time">
      Current time ({utcOffsetLabel(offset)}): {formatInOffset(now, offset)}
    </Text>
  );
}
