import type { LoginRequest, Me } from '@backroom/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiOne } from '../../lib/api-client';

export const authKeys = {
  me: ['auth', 'me'] as const,
};

const BASE = '/api/v1/backroom/auth';

/**
 * A new session (or account) means every cached answer belongs to someone else: drop them all but `me`,
 * which is replaced in place so the screens watching it re-render at once.
 */
function startSession(client: QueryClient, me: Me | null) {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
  client.setQueryData(authKeys.me, me);
}

/** Who is signed in; `null` when nobody is (a 401 is an answer here, not an error). */
export function useMe() {
  return useQuery({
    queryKey: authKeys.me,
    queryFn: async (): Promise<Me | null> => {
      try {
        return await apiOne<Me>('GET', `${BASE}/me`, { quiet: true });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'unauthorized') return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => apiOne<Me>('POST', `${BASE}/login`, { body, quiet: true }),
    onSuccess: (me) => startSession(client, me),
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiOne<never>('POST', `${BASE}/logout`).catch(() => undefined),
    onSettled: () => startSession(client, null),
  });
}

/** Switching account changes what every screen shows, so every cached query is dropped. */
export function useSwitchAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (accountId: number) => apiOne<Me>('POST', `${BASE}/account`, { body: { accountId } }),
    onSuccess: (me) => startSession(client, me),
  });
}
