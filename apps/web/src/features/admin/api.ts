import type {
  Account,
  AccountCreate,
  LoginEvent,
  Role,
  UserCreate,
  UserSummary,
  UserUpdate,
} from '@backroom/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiOne } from '../../lib/api-client';
import { authKeys } from '../auth/api';

/** catalogue-admin.md §7 "Accounts and users". */
const BASE = '/api/backroom';

export const adminKeys = {
  users: ['admin', 'users'] as const,
  accounts: ['admin', 'accounts'] as const,
  roles: ['admin', 'roles'] as const,
};

export const useUsers = () =>
  useQuery({ queryKey: adminKeys.users, queryFn: () => api<UserSummary>('GET', `${BASE}/users`) });
export const useAccounts = (enabled = true) =>
  useQuery({ queryKey: adminKeys.accounts, queryFn: () => api<Account>('GET', `${BASE}/accounts`), enabled });
export const useRoles = () =>
  useQuery({ queryKey: adminKeys.roles, queryFn: () => api<Role>('GET', `${BASE}/roles`) });

/** An id above 0 updates, otherwise creates (catalogue-admin.md §4.8). */
export function useSaveAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...fields }: AccountCreate & { id: number }) =>
      id > 0
        ? apiOne<Account>('PATCH', `${BASE}/account/${id}`, { body: fields })
        : apiOne<Account>('PUT', `${BASE}/account`, { body: fields }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.accounts }),
        client.invalidateQueries({ queryKey: authKeys.me }),
      ]);
    },
  });
}

export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...fields }: (UserCreate | UserUpdate) & { id: number }) =>
      id > 0
        ? apiOne<UserSummary>('PATCH', `${BASE}/user/admin/${id}`, { body: fields })
        : apiOne<UserSummary>('PUT', `${BASE}/user/admin`, { body: fields }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.users }),
        client.invalidateQueries({ queryKey: authKeys.me }),
      ]);
    },
  });
}

export function fetchBadge(userId: number) {
  return apiOne<{ userId: number; badge: string }>('GET', `/api/v1/backroom/user/${userId}/badge`);
}

/** Voids the user's printed badges and answers the new one. */
export function regenerateBadge(userId: number) {
  return apiOne<{ userId: number; badge: string }>(
    'POST',
    `/api/v1/backroom/user/${userId}/badge/regenerate`,
  );
}

export const useLoginEvents = (userId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'users', userId, 'logins'],
    queryFn: () => api<LoginEvent>('GET', `/api/v1/backroom/user/${userId}/logins`),
    enabled,
  });
