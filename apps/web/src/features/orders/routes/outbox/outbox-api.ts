import type { OutboxMessage, OutboxRow } from '@backroom/shared';
import { useQuery } from '@tanstack/react-query';
import { api, apiOne } from '../../../../lib/api-client';

// The Outbox (GET /api/backroom/mail/outbox?limit&offset and …/outbox/:id): the e-mail the product sent,
// kept whether or not SMTP delivered it.

const V0 = '/api/backroom';

export const outboxKeys = {
  page: (page: number, size: number) => ['orders', 'outbox', page, size] as const,
  message: (id: number) => ['orders', 'outbox', 'message', id] as const,
};

export type { OutboxMessage, OutboxRow } from '@backroom/shared';

export const useOutbox = (page: number, size: number) =>
  useQuery({
    queryKey: outboxKeys.page(page, size),
    queryFn: () => api<OutboxRow>('GET', `${V0}/mail/outbox?limit=${size}&offset=${page * size}`),
    placeholderData: (previous) => previous,
  });

export const useOutboxMessage = (id: number | null) =>
  useQuery({
    queryKey: outboxKeys.message(id ?? 0),
    queryFn: () => apiOne<OutboxMessage>('GET', `${V0}/mail/outbox/${id}`),
    enabled: Boolean(id),
    staleTime: Infinity,
  });
